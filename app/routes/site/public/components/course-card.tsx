import { Link } from "react-router";
import { Icon } from "#app/components/icons/icon";
import { CardGrid } from "#app/components/public/page-sections";
import type { CourseRunView, CourseView } from "#app/site/index.server";
import { CATEGORY_LABELS, FAITH_GROUP_LABELS } from "#app/utils/course-categories";
import { formatDuration } from "#app/utils/dates";
import { formatKsh } from "#app/utils/money";
import { isFullyBooked, isOfferedRun, nextRun } from "#app/utils/runs";
import { RegisterButton, runLabel, SeatsNote } from "./register-button";

export type CourseCardCourse = Pick<
  CourseView,
  "slug" | "title" | "description" | "category" | "faithGroup" | "durationDays" | "cost" | "type" | "runs"
> &
  Partial<Pick<CourseView, "highlights" | "targetAudience">>;

/** The fields a card shows: loaders send no more than this to the browser. Cards never show past runs. */
export function toCourseCard(course: CourseView): CourseCardCourse {
  const { slug, title, description, category, faithGroup, durationDays, cost, type } = course;
  const runs = course.runs.filter(isOfferedRun);
  return { slug, title, description, category, faithGroup, durationDays, cost, type, runs };
}

/** A card that also lists highlights and the target audience (category pages). */
export function toDetailedCourseCard(course: CourseView): CourseCardCourse {
  return { ...toCourseCard(course), highlights: course.highlights, targetAudience: course.targetAudience };
}

export function CourseFacts({ course, run }: { course: CourseCardCourse; run: CourseRunView | null }) {
  const duration = formatDuration(course.durationDays);
  const date = run ? runLabel(run) : null;
  const otherDates = course.runs.filter((other) => other !== run && isOfferedRun(other)).length;
  // the card offers the next date with seats (`nextRun`); the earlier dates that are full are said, not hidden
  const skipped =
    run && !isFullyBooked(run)
      ? course.runs.slice(0, course.runs.indexOf(run)).filter((o) => isOfferedRun(o) && isFullyBooked(o))
      : [];
  return (
    <dl className="grid gap-2 text-sm text-slate-700">
      {skipped.length > 0 && (
        <div className="flex items-center gap-2" data-testid="earlier-full">
          <Icon name="calendar-days" className="size-4 shrink-0 text-slate-400" />
          <dt className="sr-only">Earlier dates</dt>
          <dd className="text-slate-600">
            {skipped.map((other) => runLabel(other)).join(", ")}: fully booked. Next date with seats:
          </dd>
        </div>
      )}
      {duration && (
        <div className="flex items-center gap-2">
          <Icon name="clock" className="size-4 shrink-0 text-brand-600" />
          <dt className="sr-only">Duration</dt>
          <dd>{duration}</dd>
        </div>
      )}
      {date && (
        <div className="flex items-center gap-2">
          <Icon name="calendar-days" className="size-4 shrink-0 text-brand-600" />
          <dt className="sr-only">Date</dt>
          <dd>
            {date}
            {otherDates > 0 && (
              <span className="text-slate-500">
                {" "}
                (+{otherDates} more {otherDates === 1 ? "date" : "dates"})
              </span>
            )}
            {run && <SeatsNote run={run} />}
          </dd>
        </div>
      )}
      {!run && (
        <div className="flex items-center gap-2">
          <Icon name="calendar-days" className="size-4 shrink-0 text-brand-600" />
          <dt className="sr-only">Date</dt>
          <dd data-testid="no-upcoming">No upcoming dates scheduled</dd>
        </div>
      )}
      {run?.venue && (
        <div className="flex items-center gap-2">
          <Icon name="map-pin" className="size-4 shrink-0 text-brand-600" />
          <dt className="sr-only">Venue</dt>
          <dd>{run.venue}</dd>
        </div>
      )}
      <div className="flex items-center gap-2">
        <Icon name="wallet" className="size-4 shrink-0 text-brand-600" />
        <dt className="sr-only">Cost</dt>
        <dd className="font-semibold text-brand-800">{formatKsh(run?.cost ?? course.cost)}</dd>
      </div>
    </dl>
  );
}

/** A catalogue course as a card: facts of its next run, details link and Register button. */
export function CourseCard({
  course,
  headingLevel = 3,
  registerLabel = "Register Now",
  showHighlights = false,
  year,
}: {
  course: CourseCardCourse;
  headingLevel?: 2 | 3;
  registerLabel?: string;
  showHighlights?: boolean;
  /** on a catalogue filtered by year, the card offers that year's next run */
  year?: number;
}) {
  const run = nextRun(course.runs, year);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
      data-testid="course-card"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
        <span className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-700">
          {CATEGORY_LABELS[course.category]}
        </span>
        {course.faithGroup && (
          <span className="rounded-full bg-cream px-2.5 py-1 text-clay-600">
            Category {course.faithGroup}: {FAITH_GROUP_LABELS[course.faithGroup]}
          </span>
        )}
        {course.type && (
          <span className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">{course.type}</span>
        )}
      </div>
      <Heading className="mt-3 text-lg font-bold leading-snug text-brand-900">
        <Link to={`/courses/${course.slug}`} className="hover:text-brand-600 hover:underline">
          {course.title}
        </Link>
      </Heading>
      {course.description && <p className="mt-2 line-clamp-3 text-sm text-slate-600">{course.description}</p>}
      {showHighlights && course.highlights && course.highlights.length > 0 && (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {course.highlights.slice(0, 3).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {showHighlights && course.targetAudience && (
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-semibold">Target audience:</span> {course.targetAudience}
        </p>
      )}
      <div className="mt-4 flex-1">
        <CourseFacts course={course} run={run} />
      </div>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <RegisterButton course={course} run={run} label={registerLabel} />
        <Link to={`/courses/${course.slug}`} className="text-sm font-semibold text-brand-700 hover:underline">
          View details<span className="sr-only">: {course.title}</span>
        </Link>
      </div>
    </article>
  );
}

/** A grid of cards (the home page's featured courses). */
export function CourseCards({ courses, className }: { courses: CourseCardCourse[]; className?: string }) {
  return (
    <CardGrid className={className}>
      {courses.map((course) => (
        <CourseCard key={course.slug} course={course} />
      ))}
    </CardGrid>
  );
}
