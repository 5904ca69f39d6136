import { data, Link } from "react-router";
import { publicCourse } from "#app/booking/index.server";
import { InterestSchema } from "#app/bookings/index";
import { submitInterestForm } from "#app/bookings/index.server";
import { Icon } from "#app/components/icons/icon";
import { hydrateOnView } from "#app/components/public/hydrate-on-view";
import { Section } from "#app/components/public/page-sections";
import { listOfferedDiscounts } from "#app/money/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { CourseKeyFacts } from "#app/routes/site/public/components/course-key-facts";
import { CourseRuns } from "#app/routes/site/public/components/course-runs";
import { CatalogueDownloads } from "#app/routes/site/public/components/download-buttons";
import { FacilitatorCards } from "#app/routes/site/public/components/facilitator-cards";
import { InterestForm } from "#app/routes/site/public/components/interest-form";
import { JsonLd } from "#app/routes/site/public/components/json-ld";
import {
  CONFIRM_FIELD,
  courseJsonLd,
  HONEYPOT_FIELD,
  newFormKey,
  outlineDays,
  publicCourseFacilitators,
  publicOrigin,
  publicVatNote,
} from "#app/site/index.server";
import {
  CATEGORY_LABELS,
  CATEGORY_PAGES,
  categoryPageOf,
  FAITH_GROUP_LABELS,
} from "#app/utils/course-categories";
import { earlyBirdSentence, groupRuleSentence, offeredFor } from "#app/utils/discounts";
import { nextRun } from "#app/utils/runs";
import { pageMeta } from "#app/utils/seo";
import type { Route } from "./+types/courses.course";

// the "Notify me of new dates" form sits below the dates: its code comes when it comes into view
const CourseInterestForm = hydrateOnView(
  () => import("#app/routes/site/public/components/interest-form").then((module) => module.InterestForm),
  import.meta.env.SSR ? InterestForm : null,
);

// the facilitators follow the course's terms, below the fold: their code comes when they come into view (the
// course page is at its script budget)
const CourseFacilitators = hydrateOnView(
  () =>
    import("#app/routes/site/public/components/facilitator-cards").then((module) => module.FacilitatorCards),
  import.meta.env.SSR ? FacilitatorCards : null,
);

export async function loader({ params }: Route.LoaderArgs) {
  const [course, vatNote, rules] = await Promise.all([
    publicCourse(params.slug),
    publicVatNote(),
    listOfferedDiscounts(),
  ]);
  if (!course) throw data(null, { status: 404 });
  // the discounts of the next date, stated as the booking form and the invoice apply them (decision 0750)
  const offered = offeredFor(rules, course.slug, nextRun(course.runs)?.id ?? null);
  return {
    // CPD points, where a professional body awards them, follow the certificate they come with
    course: {
      ...course,
      certificate:
        [course.certificate, course.cpdPoints && `CPD: ${course.cpdPoints}`].filter(Boolean).join(". ") ||
        null,
    },
    // the days worded here, so the page's script carries no outline code
    outline: course.outline.map((entry) => ({
      heading: `${outlineDays(entry)}: ${entry.title}`,
      topics: entry.topics,
    })),
    facilitators: await publicCourseFacilitators(course.id),
    vatNote,
    formKey: newFormKey(),
    jsonLd: courseJsonLd(publicOrigin(), course),
    // the phone's action bar books only a course with a date on offer
    bookable: nextRun(course.runs) !== null,
    offers: [
      offered.earlyBird ? earlyBirdSentence(offered.earlyBird) : null,
      offered.group ? groupRuleSentence(offered.group) : null,
    ].filter((offer): offer is string => offer !== null),
  };
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

function CheckList({ items, className }: { items: string[]; className: string }) {
  return (
    <ul className={`${className} text-slate-700`}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Icon name="circle-check" className="mt-0.5 size-5 shrink-0 text-brand-500" />
          {item}
        </li>
      ))}
    </ul>
  );
}

function FeeTerms({
  course,
  vatNote,
}: {
  course: {
    feeIncludes: string[];
    feeExcludes: string[];
    certificate: string | null;
    type: string | null;
  };
  vatNote: string;
}) {
  return (
    <div data-testid="fee-terms">
      <h2 className="text-xl font-bold text-brand-900">What the Fee Covers</h2>
      <p className="mt-3 text-slate-700">{[course.type, `${vatNote}.`].filter(Boolean).join(". ")}</p>
      {course.feeIncludes.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold text-brand-900">Included</h3>
          <CheckList items={course.feeIncludes} className="mt-2 space-y-1" />
        </>
      )}
      {course.feeExcludes.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold text-brand-900">Not included</h3>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
            {course.feeExcludes.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      )}
      {course.certificate && (
        <>
          <h3 className="mt-4 font-semibold text-brand-900">Certificate</h3>
          <p className="mt-2 text-slate-700" data-testid="course-certificate">
            {course.certificate}
          </p>
        </>
      )}
    </div>
  );
}

/** A part of the page in a sentence or two; the page prints no heading for an empty one. */
function TextBlock({ title, text }: { title: string; text: string | null }) {
  if (!text) return null;
  return (
    <div>
      <h2 className="text-xl font-bold text-brand-900">{title}</h2>
      <p className="mt-3 text-slate-700">{text}</p>
    </div>
  );
}

/** The course day by day: each day's heading ("Day 1: …", "Days 6–7: …", worded by the loader), its topics beneath. */
function OutlineDays({ outline }: { outline: { heading: string; topics: string[] }[] }) {
  return (
    <div className="lg:col-span-2">
      <h2 className="text-xl font-bold text-brand-900">Course Outline</h2>
      <div className="grid gap-x-6 md:grid-cols-2">
        {outline.map((day) => (
          <div key={day.heading}>
            <h3 className="mt-4 font-semibold text-brand-900">{day.heading}</h3>
            <CheckList items={day.topics} className="mt-3 space-y-2" />
          </div>
        ))}
      </div>
    </div>
  );
}

function ListBlock({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h2 className="text-xl font-bold text-brand-900">{title}</h2>
      <CheckList items={items} className="mt-3 space-y-2" />
    </div>
  );
}

export default function CoursePage({ loaderData, actionData }: Route.ComponentProps) {
  const { course, formKey, vatNote, facilitators } = loaderData;
  const upcoming = nextRun(course.runs);
  const categoryPage = categoryPageOf(course.category);
  return (
    <>
      <JsonLd data={loaderData.jsonLd} />
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        {/* on a phone the key facts follow the title, before the description, so the fee shows above the fold */}
        <div className="mx-auto grid max-w-7xl gap-x-10 gap-y-6 px-4 py-8 md:grid-cols-[1fr_360px] md:grid-rows-[auto_1fr] md:py-14">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">
              {course.faithGroup
                ? `Category ${course.faithGroup}: ${FAITH_GROUP_LABELS[course.faithGroup]}`
                : CATEGORY_LABELS[course.category]}
            </p>
            <h1 className="mt-2 text-2xl font-bold leading-tight sm:text-4xl lg:text-5xl">{course.title}</h1>
          </div>
          <div className="md:col-start-2 md:row-span-2 md:row-start-1">
            <CourseKeyFacts course={course} run={upcoming} vatNote={vatNote} offers={loaderData.offers} />
          </div>
          {course.description && <p className="max-w-2xl text-lg text-brand-100">{course.description}</p>}
        </div>
      </section>
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
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 lg:grid-cols-2">
        <ListBlock title="Objectives" items={course.objectives} />
        <TextBlock title="Who Should Attend" text={course.targetAudience} />
        {/* a course without an outline by day shows its list of modules, if it has any */}
        {loaderData.outline.length > 0 ? (
          <OutlineDays outline={loaderData.outline} />
        ) : (
          <ListBlock title="Course Outline" items={course.modules} />
        )}
        <TextBlock title="How the Course Is Taught" text={course.method} />
        <ListBlock title="Highlights" items={course.highlights} />
        <FeeTerms course={course} vatNote={vatNote} />
      </div>
      {/* issue 38's order: the facilitators follow the certificate, before the dates */}
      {facilitators.length > 0 && (
        <Section id="facilitators" title="Facilitators" className="pt-0 sm:pt-0">
          <CourseFacilitators facilitators={facilitators} />
        </Section>
      )}
      <Section id="dates" title="Dates and Venues" tone="muted">
        {upcoming ? null : (
          <div
            id="notify"
            className="mb-8 scroll-mt-28 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <h3 className="text-lg font-bold text-brand-900">No upcoming dates</h3>
            <p className="mt-2 text-slate-700">
              New dates are being scheduled. Leave your name and e-mail and we will tell you as soon as they
              are published, or{" "}
              <Link to={`/in-house-training?course=${course.slug}`} className="font-semibold underline">
                request this course in-house
              </Link>
              .
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
