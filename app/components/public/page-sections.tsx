import type { ReactNode } from "react";
import type { ImageComponent } from "#app/site/index.server";
import { cn } from "#app/utils/cn";
import { SiteImage } from "./site-image";

/** The banner at the top of an inner page, holding its one h1. */
export function PageHero({
  eyebrow,
  title,
  intro,
  image,
  children,
}: {
  eyebrow?: string;
  title: string;
  intro?: string;
  image?: { component: ImageComponent; src: string; alt: string };
  children?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 md:grid-cols-2 md:py-20">
        <div>
          {eyebrow && (
            <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">{eyebrow}</p>
          )}
          <h1 className="mt-2 text-3xl font-bold leading-tight sm:text-4xl lg:text-5xl">{title}</h1>
          {intro && <p className="mt-5 max-w-2xl text-lg text-brand-100">{intro}</p>}
          {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
        </div>
        {image && (
          <SiteImage
            component={image.component}
            fallbackSrc={image.src}
            alt={image.alt}
            width={640}
            height={420}
            priority
            sizes="(min-width: 768px) 50vw, 100vw"
            className="hidden h-auto w-full rounded-2xl shadow-2xl md:block"
          />
        )}
      </div>
    </section>
  );
}

export function Section({
  id,
  title,
  intro,
  children,
  tone = "white",
  className,
}: {
  id?: string;
  title: string;
  intro?: string;
  children: ReactNode;
  tone?: "white" | "muted" | "cream";
  className?: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={id ? `${id}-heading` : undefined}
      className={cn(
        "scroll-mt-28 py-10 sm:py-16",
        tone === "muted" && "bg-slate-50",
        tone === "cream" && "bg-cream",
        className,
      )}
    >
      <div className="mx-auto max-w-7xl px-4">
        <h2 id={id ? `${id}-heading` : undefined} className="text-2xl font-bold text-brand-900 sm:text-3xl">
          {title}
        </h2>
        {intro && <p className="mt-3 max-w-3xl text-slate-600">{intro}</p>}
        <div className="mt-6 sm:mt-8">{children}</div>
      </div>
    </section>
  );
}

export const buttonStyles = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-md bg-accent-500 px-5 py-2.5 font-semibold text-brand-900 hover:bg-accent-400",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-md border border-white/70 px-5 py-2.5 font-semibold text-white hover:bg-white/10",
  outline:
    "inline-flex items-center justify-center gap-2 rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50",
  solid:
    "inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800",
};

/**
 * On a phone, cards side by side in a row that scrolls sideways inside itself, so a section of cards takes one
 * card's height rather than a screen per card (issue 38: a home page that ends); a grid from sm up.
 */
// relative: the cards' screen-reader-only text is positioned, and must scroll with the row, not widen the page
export const SIDEWAYS_ON_PHONE =
  "max-sm:relative max-sm:-mx-4 max-sm:flex max-sm:snap-x max-sm:gap-4 max-sm:overflow-x-auto max-sm:px-4 max-sm:pb-3 max-sm:[&>*]:w-72 max-sm:[&>*]:shrink-0 max-sm:[&>*]:snap-start";

export function CardGrid({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("grid gap-6 sm:grid-cols-2 lg:grid-cols-3", className)}>{children}</div>;
}
