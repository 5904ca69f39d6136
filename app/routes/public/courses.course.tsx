import { CheckCircle2 } from "lucide-react";
import { data, Link } from "react-router";
import { displayRun } from "#app/components/public/course-card";
import { CatalogueDownloads } from "#app/components/public/download-buttons";
import { JsonLd } from "#app/components/public/json-ld";
import { PageHero, Section } from "#app/components/public/page-sections";
import { RegisterButton, runLabel } from "#app/components/public/register-button";
import { getActiveCourseBySlug } from "#app/models/course.server";
import {
  CATEGORY_LABELS,
  CATEGORY_PAGES,
  categoryPageOf,
  FAITH_GROUP_LABELS,
} from "#app/utils/course-categories";
import { formatDuration } from "#app/utils/dates";
import { formatKsh } from "#app/utils/money";
import { pageMeta, publicUrlFrom } from "#app/utils/seo";
import { courseJsonLd } from "#app/utils/structured-data";
import type { Route } from "./+types/courses.course";

export async function loader({ params }: Route.LoaderArgs) {
  const course = await getActiveCourseBySlug(params.slug);
  if (!course) throw data(null, { status: 404 });
  return { course };
}

export const meta: Route.MetaFunction = (args) => {
  const course = args.loaderData?.course;
  if (!course) return [];
  const description = (course.description ?? course.title).slice(0, 155);
  return pageMeta(args, {
    title: `${course.title} | ${CATEGORY_LABELS[course.category]} Course`,
    description,
  });
};

const DELIVERY_LABELS: Record<string, string> = {
  physical: "In person",
  virtual: "Virtual",
  hybrid: "Hybrid",
  "self-paced": "Self-paced",
};

function ListBlock({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h2 className="text-xl font-bold text-brand-900">{title}</h2>
      <ul className="mt-3 space-y-2 text-slate-700">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-500" />
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function CoursePage({ loaderData, matches }: Route.ComponentProps) {
  const { course } = loaderData;
  const categoryPage = categoryPageOf(course.category);
  const duration = formatDuration(course.durationDays);
  return (
    <>
      <JsonLd data={courseJsonLd(publicUrlFrom(matches), course)} />
      <PageHero
        eyebrow={
          course.faithGroup
            ? `Category ${course.faithGroup}: ${FAITH_GROUP_LABELS[course.faithGroup]}`
            : CATEGORY_LABELS[course.category]
        }
        title={course.title}
        intro={course.description ?? undefined}
      >
        <RegisterButton course={course} run={displayRun(course)} />
      </PageHero>
      <nav aria-label="Breadcrumb" className="mx-auto max-w-7xl px-4 pt-6 text-sm text-slate-600">
        <Link to="/courses" className="hover:underline">
          Training Courses
        </Link>{" "}
        /{" "}
        <Link to={`/courses/${categoryPage}`} className="hover:underline">
          {CATEGORY_PAGES[categoryPage].title}
        </Link>{" "}
        / <span aria-current="page">{course.title}</span>
      </nav>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 lg:grid-cols-[1fr_320px]">
        <div className="space-y-10">
          <ListBlock title="Highlights" items={course.highlights} />
          <ListBlock title="Objectives" items={course.objectives} />
          <ListBlock title="Modules" items={course.modules} />
          {course.targetAudience && (
            <div>
              <h2 className="text-xl font-bold text-brand-900">Who Should Attend</h2>
              <p className="mt-3 text-slate-700">{course.targetAudience}</p>
            </div>
          )}
        </div>
        <aside className="h-fit rounded-xl bg-brand-50 p-6" aria-label="Course facts">
          <dl className="space-y-3 text-sm">
            {duration && (
              <div>
                <dt className="font-semibold text-brand-900">Duration</dt>
                <dd>{duration}</dd>
              </div>
            )}
            <div>
              <dt className="font-semibold text-brand-900">Fee per participant</dt>
              <dd data-testid="course-cost">{formatKsh(course.cost)}</dd>
            </div>
            {course.type && (
              <div>
                <dt className="font-semibold text-brand-900">Type</dt>
                <dd>{course.type}</dd>
              </div>
            )}
            <div>
              <dt className="font-semibold text-brand-900">Category</dt>
              <dd>{CATEGORY_LABELS[course.category]}</dd>
            </div>
          </dl>
        </aside>
      </div>
      <Section id="dates" title="Dates and Venues" tone="muted">
        {course.runs.length === 0 ? (
          <p className="text-slate-700">
            New dates are being scheduled. Contact us to arrange this course in-house.
          </p>
        ) : (
          <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Scheduled runs of {course.title}</caption>
              <thead className="bg-brand-800 text-white">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Dates
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Venue
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Delivery
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Fee
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Register</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {course.runs.map((run) => (
                  <tr key={run.id} className="border-t border-slate-100" data-testid="course-run">
                    <td className="px-4 py-3 font-medium">{runLabel(run) ?? "To be announced"}</td>
                    <td className="px-4 py-3">{run.venue ?? "To be announced"}</td>
                    <td className="px-4 py-3">{DELIVERY_LABELS[run.deliveryMode] ?? run.deliveryMode}</td>
                    <td className="px-4 py-3">{formatKsh(run.cost)}</td>
                    <td className="px-4 py-3 text-right">
                      {run.status === "open" ? (
                        <RegisterButton course={course} run={run} label="Register" />
                      ) : (
                        <span className="text-slate-600">
                          {run.status === "full" ? "Fully booked" : "Cancelled"}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="mt-10">
          <CatalogueDownloads />
        </div>
      </Section>
    </>
  );
}
