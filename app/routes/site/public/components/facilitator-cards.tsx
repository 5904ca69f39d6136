import { Link } from "react-router";
import { ResponsiveImage } from "#app/components/public/site-image";
import type { CourseFacilitatorView, FacilitatorView } from "#app/site/index.server";

type Facilitator = CourseFacilitatorView & { courses?: FacilitatorView["courses"] };

/** Facilitators with their photo, title and short bio; on the About page, the courses each teaches. */
export function FacilitatorCards({ facilitators }: { facilitators: Facilitator[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {facilitators.map((f) => (
        <li key={f.id} data-testid="facilitator">
          <article className="flex h-full gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            {/* the box keeps the photo round: a <picture> in a flex row would otherwise be squeezed */}
            <div className="size-24 shrink-0">
              <ResponsiveImage
                src={f.imageUrl}
                variants={f.imageVariants}
                alt={`Photo of ${f.name}`}
                width={96}
                height={96}
                sizes="96px"
                className="size-24 rounded-full bg-slate-100 object-cover"
              />
            </div>
            <div className="min-w-0">
              <h3 className="font-bold text-brand-900">{f.name}</h3>
              <p className="text-sm font-semibold text-brand-600">{f.title}</p>
              <p className="mt-2 text-sm text-slate-600">{f.bio}</p>
              {f.courses?.length ? (
                <div className="mt-3 text-sm">
                  <h4 className="font-semibold text-slate-800">Teaches</h4>
                  <ul className="mt-1 space-y-1">
                    {f.courses.map((course) => (
                      <li key={course.slug}>
                        <Link
                          to={`/courses/${course.slug}`}
                          className="inline-block py-1 text-brand-700 underline"
                        >
                          {course.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
