import { Icon } from "#app/components/icons/icon";
import type { TestimonialView } from "#app/site/index.server";

export function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Icon
          name="star"
          // biome-ignore lint/suspicious/noArrayIndexKey: the five stars have no identity
          key={i}
          className={i < rating ? "size-4 fill-accent-500 text-accent-500" : "size-4 text-slate-300"}
        />
      ))}
    </p>
  );
}

export function TestimonialCard({ testimonial }: { testimonial: TestimonialView }) {
  return (
    <figure
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="testimonial"
    >
      <div className="flex items-center justify-between">
        <Stars rating={testimonial.rating} />
        <Icon name="quote" className="size-7 text-brand-100" />
      </div>
      <blockquote className="mt-4 flex-1 text-slate-700">
        <p>&ldquo;{testimonial.content}&rdquo;</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-4">
        <img
          src={testimonial.imageUrl ?? "/artwork/leader.svg"}
          alt={`Portrait of ${testimonial.name}`}
          width={56}
          height={56}
          loading="lazy"
          decoding="async"
          className="size-14 rounded-full bg-brand-50 object-cover"
        />
        <div className="text-sm">
          <p className="font-semibold text-brand-900">{testimonial.name}</p>
          <p className="text-slate-600">{testimonial.position}</p>
          <p className="mt-1 text-xs text-brand-700">Course: {testimonial.course}</p>
        </div>
      </figcaption>
    </figure>
  );
}
