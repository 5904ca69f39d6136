import { Link } from "react-router";
import { usePublicLayoutData } from "#app/components/public/use-public-layout";
import type { CourseRunView } from "#app/site/index.server";
import { cn } from "#app/utils/cn";
import { formatDuration, formatLongDate } from "#app/utils/dates";
import { formatKsh } from "#app/utils/money";
import { isFullyBooked, type RunState, seatsNote } from "#app/utils/runs";

export type RegisterCourse = {
  slug: string;
  title: string;
  durationDays: number | null;
  cost: number | null;
};

/** What /register reads from navigation state to show the course summary. */
export type CourseData = {
  slug: string;
  title: string;
  runId: string | null;
  date: string | null;
  venue: string | null;
  cost: string;
  duration: string | null;
};

export function runLabel(run: Pick<CourseRunView, "label" | "startDate">): string | null {
  return run.label ?? (run.startDate ? formatLongDate(run.startDate) : null);
}

/** What a Register button needs of the run it offers (a course page's run, a calendar row). */
export type RegisterRun = Pick<
  CourseRunView,
  "id" | "label" | "startDate" | "venue" | "cost" | "status" | "seatsLeft"
>;

export function registerLink(course: RegisterCourse, run: RegisterRun | null) {
  const params = new URLSearchParams({ course: course.slug });
  if (run) params.set("run", run.id);
  const courseData: CourseData = {
    slug: course.slug,
    title: course.title,
    runId: run?.id ?? null,
    date: run ? runLabel(run) : null,
    venue: run?.venue ?? null,
    cost: formatKsh(run?.cost ?? course.cost),
    duration: formatDuration(course.durationDays),
  };
  return { to: `/register?${params}`, state: { courseData } };
}

const buttonClass =
  "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors";

/** "3 seats left" / "Fully booked" beside a run, by the `seats_left_threshold` setting. */
export function SeatsNote({ run }: { run: Pick<RunState, "status" | "seatsLeft"> }) {
  const threshold = usePublicLayoutData()?.settings.seats_left_threshold ?? 5;
  const note = seatsNote(run, threshold);
  if (!note) return null;
  return (
    <span
      className="ml-2 inline-block rounded-full bg-cream px-2 py-0.5 text-xs font-semibold text-clay-600 ring-1 ring-clay-600/20"
      data-testid="seats-note"
    >
      {note}
    </span>
  );
}

/**
 * Every Register / Register Now button: it carries the course and the run it offers (the next upcoming
 * one, chosen by the caller) to /register both in the URL, so reloads and shared links keep it, and as
 * navigation state. A fully booked run's button joins its waiting list; a course with no run on offer
 * gets "Notify me of new dates" instead. While registration is switched off it is an inert label.
 */
export function RegisterButton({
  course,
  run,
  label = "Register Now",
  className,
}: {
  course: RegisterCourse;
  run: RegisterRun | null;
  label?: string;
  className?: string;
}) {
  const open = usePublicLayoutData()?.settings.registration_enabled ?? true;
  if (!run) {
    return (
      <Link
        to={`/courses/${course.slug}#notify`}
        className={cn(
          buttonClass,
          "bg-brand-50 text-brand-800 ring-1 ring-brand-100 hover:bg-brand-100",
          className,
        )}
        aria-label={`Notify me of new dates: ${course.title}`}
      >
        Notify me of new dates
      </Link>
    );
  }
  if (!open) {
    return (
      <span className={cn(buttonClass, "cursor-not-allowed bg-slate-200 text-slate-600", className)}>
        Registration closed
      </span>
    );
  }
  const { to, state } = registerLink(course, run);
  const text = isFullyBooked(run) ? "Join waiting list" : label;
  return (
    <Link
      to={to}
      state={state}
      className={cn(buttonClass, "bg-accent-500 text-brand-900 hover:bg-accent-400", className)}
      aria-label={`${text}: ${course.title}`}
    >
      {text}
    </Link>
  );
}
