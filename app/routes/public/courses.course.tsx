import { data, Link } from "react-router";
import { InterestSchema } from "#app/bookings/index";
import { submitInterestForm } from "#app/bookings/index.server";
import { Icon } from "#app/components/icons/icon";
import { CourseRuns } from "#app/components/public/course-runs";
import { CatalogueDownloads } from "#app/components/public/download-buttons";
import { hydrateOnView } from "#app/components/public/hydrate-on-view";
import { InterestForm } from "#app/components/public/interest-form";
import { JsonLd } from "#app/components/public/json-ld";
import { PageHero, Section } from "#app/components/public/page-sections";
import { RegisterButton } from "#app/components/public/register-button";
import { readForm } from "#app/platform/forms/form-input.server";
import {
  CONFIRM_FIELD,
  courseJsonLd,
  HONEYPOT_FIELD,
  newFormKey,
  publicCourse,
  publicOrigin,
} from "#app/site/index.server";
import {
  CATEGORY_LABELS,
  CATEGORY_PAGES,
  categoryPageOf,
  FAITH_GROUP_LABELS,
} from "#app/utils/course-categories";
import { formatDuration } from "#app/utils/dates";
import { formatKsh } from "#app/utils/money";
import { nextRun } from "#app/utils/runs";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/courses.course";

// the "Notify me of new dates" form sits below the dates: its code comes when it comes into view
const CourseInterestForm = hydrateOnView(
  () => import("#app/components/public/interest-form").then((module) => module.InterestForm),
  import.meta.env.SSR ? InterestForm : null,
);

export async function loader({ params }: Route.LoaderArgs) {
  const course = await publicCourse(params.slug);
  if (!course) throw data(null, { status: 404 });
  return { course, formKey: newFormKey(), jsonLd: courseJsonLd(publicOrigin(), course) };
}

/** The "Notify me of new dates" form posts here. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readForm(request, InterestSchema, { extra: ["formKey", HONEYPOT_FIELD, CONFIRM_FIELD] });
  const fields = Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]));
  return submitInterestForm(fields, context, params.slug);
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

function ListBlock({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h2 className="text-xl font-bold text-brand-900">{title}</h2>
      <ul className="mt-3 space-y-2 text-slate-700">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <Icon name="circle-check" className="mt-0.5 size-5 shrink-0 text-brand-500" />
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function CoursePage({ loaderData, actionData }: Route.ComponentProps) {
  const { course, formKey } = loaderData;
  const upcoming = nextRun(course.runs);
  const categoryPage = categoryPageOf(course.category);
  const duration = formatDuration(course.durationDays);
  return (
    <>
      <JsonLd data={loaderData.jsonLd} />
      <PageHero
        eyebrow={
          course.faithGroup
            ? `Category ${course.faithGroup}: ${FAITH_GROUP_LABELS[course.faithGroup]}`
            : CATEGORY_LABELS[course.category]
        }
        title={course.title}
        intro={course.description ?? undefined}
      >
        <RegisterButton course={course} run={upcoming} />
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
        {upcoming ? null : (
          <div
            id="notify"
            className="mb-8 scroll-mt-28 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <h3 className="text-lg font-bold text-brand-900">No upcoming dates</h3>
            <p className="mt-2 text-slate-700">
              New dates are being scheduled. Leave your name and e-mail and we will tell you as soon as they
              are published, or contact us to arrange this course in-house.
            </p>
            <div className="mt-4">
              <CourseInterestForm slug={course.slug} formKey={formKey} serverResult={actionData} />
            </div>
          </div>
        )}
        <CourseRuns course={course} runs={course.runs} />
        <div className="mt-10">
          <CatalogueDownloads />
        </div>
      </Section>
    </>
  );
}
