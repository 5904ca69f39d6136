import { Link } from "react-router";
import type { CourseRunView } from "#app/models/course.server";
import { cn } from "#app/utils/cn";
import { formatDuration, formatLongDate } from "#app/utils/dates";
import { formatKsh } from "#app/utils/money";
import { usePublicLayoutData } from "./use-public-layout";

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

export function registerLink(course: RegisterCourse, run?: CourseRunView | null) {
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

/**
 * Every Register / Register Now button: it carries the course (and the run shown) to /register both
 * in the URL, so reloads and shared links keep it, and as navigation state. While registration is
 * switched off it is an inert label instead.
 */
export function RegisterButton({
  course,
  run,
  label = "Register Now",
  className,
}: {
  course: RegisterCourse;
  run?: CourseRunView | null;
  label?: string;
  className?: string;
}) {
  const open = usePublicLayoutData()?.settings.registration_enabled ?? true;
  if (!open) {
    return (
      <span className={cn(buttonClass, "cursor-not-allowed bg-slate-200 text-slate-600", className)}>
        Registration closed
      </span>
    );
  }
  const { to, state } = registerLink(course, run);
  return (
    <Link
      to={to}
      state={state}
      className={cn(buttonClass, "bg-accent-500 text-brand-900 hover:bg-accent-400", className)}
      aria-label={`${label}: ${course.title}`}
    >
      {label}
    </Link>
  );
}
