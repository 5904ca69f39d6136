import { Icon } from "#app/components/icons/icon";
import type { CourseRunView } from "#app/site/index.server";
import { formatKsh } from "#app/utils/money";
import { isOfferedRun, runCalendarPath } from "#app/utils/runs";
import { RegisterButton, type RegisterCourse, runLabel, SeatsNote } from "./register-button";

export const DELIVERY_LABELS: Record<string, string> = {
  physical: "In person",
  virtual: "Virtual",
  hybrid: "Hybrid",
  "self-paced": "Self-paced",
};

// one column template for the header and every row: a table on wide screens, stacked cards on a phone
// (each row is its own grid, so every column has a fixed share; the actions column fits Register + Add to calendar)
const ROW_GRID =
  "md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,1.5fr)_minmax(0,1fr)_minmax(0,1fr)_17rem] md:gap-4";

function Cell({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-2 md:block">
      <span className="w-20 shrink-0 font-semibold text-slate-600 md:sr-only">{label}</span>
      <span className="min-w-0">{children}</span>
    </div>
  );
}

function RunRow({ course, run }: { course: RegisterCourse; run: CourseRunView }) {
  const offered = isOfferedRun(run);
  return (
    <li
      className={`space-y-2 border-t border-slate-100 px-4 py-4 text-sm first:border-t-0 md:items-center md:space-y-0 md:py-3 ${ROW_GRID}`}
      data-testid={run.past ? "past-run" : "course-run"}
    >
      <div className="font-medium text-brand-900">
        {runLabel(run) ?? "To be announced"}
        {run.past && (
          <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
            Past
          </span>
        )}
        {offered && <SeatsNote run={run} />}
      </div>
      <Cell label="Venue">{run.venue ?? "To be announced"}</Cell>
      <Cell label="Delivery">{DELIVERY_LABELS[run.deliveryMode] ?? run.deliveryMode}</Cell>
      <Cell label="Fee">{formatKsh(run.cost)}</Cell>
      <div className="flex flex-wrap items-center gap-3 pt-1 md:justify-end md:pt-0">
        {offered ? (
          <>
            <RegisterButton course={course} run={run} label="Register" />
            {run.startDate && (
              <a
                href={runCalendarPath(course.slug, run.id)}
                download
                className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
              >
                <Icon name="calendar-plus" className="size-4" />
                Add to calendar<span className="sr-only">: {runLabel(run)}</span>
              </a>
            )}
          </>
        ) : (
          <span className="text-slate-600">{run.past ? "Held" : "Cancelled"}</span>
        )}
      </div>
    </li>
  );
}

function RunList({
  course,
  runs,
  caption,
}: {
  course: RegisterCourse;
  runs: CourseRunView[];
  caption: string;
}) {
  return (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div
        aria-hidden
        className={`hidden rounded-t-xl bg-brand-800 px-4 py-3 text-sm font-semibold text-white ${ROW_GRID}`}
      >
        <span>Dates</span>
        <span>Venue</span>
        <span>Delivery</span>
        <span>Fee</span>
        <span />
      </div>
      <ul aria-label={caption}>
        {runs.map((run) => (
          <RunRow key={run.id} course={course} run={run} />
        ))}
      </ul>
    </div>
  );
}

/** A course page's runs: upcoming ones first, then past ones as history (marked, never bookable). */
export function CourseRuns({ course, runs }: { course: RegisterCourse; runs: CourseRunView[] }) {
  const upcoming = runs.filter((run) => !run.past);
  const past = runs.filter((run) => run.past).reverse();
  return (
    <div className="space-y-8">
      {upcoming.length > 0 && (
        <RunList course={course} runs={upcoming} caption={`Upcoming dates of ${course.title}`} />
      )}
      {past.length > 0 && (
        <div>
          <h3 className="mb-3 text-lg font-bold text-brand-900">Past dates</h3>
          <RunList course={course} runs={past} caption={`Past dates of ${course.title}`} />
        </div>
      )}
    </div>
  );
}
