import { ArrowRight, CalendarClock } from "lucide-react";
import { Link } from "react-router";
import { useStaff } from "#app/components/admin/use-staff";
import type { TodayItem } from "#app/platform/today/contributor";
import { privateRunLabel } from "#app/site/index";
import { canScheduleRuns } from "#app/staff/index";
import { cn } from "#app/utils/cn";
import { formatLongDate } from "#app/utils/dates";

type Run = {
  id: string;
  courseId: string;
  courseTitle: string;
  startDate: string | null;
  label: string | null;
  venue: string | null;
  capacity: number | null;
  minParticipants: number | null;
  taken: number;
  private: boolean;
  organisationName: string | null;
};

/** Seats taken against the minimum group: below it the run is not yet viable and says how many are missing. */
function MinimumNote({ run }: { run: Run }) {
  if (run.minParticipants === null) return null;
  const short = run.minParticipants - run.taken;
  return (
    <span className={cn("font-medium", short > 0 ? "text-orange-800" : "text-green-800")}>
      {short > 0
        ? `${short} short of the minimum of ${run.minParticipants}`
        : `minimum of ${run.minParticipants} reached`}
    </span>
  );
}

function SeatBar({ run }: { run: Run }) {
  if (!run.capacity) return null;
  const share = Math.min(100, Math.round((run.taken / run.capacity) * 100));
  const minimumAt = run.minParticipants ? Math.min(100, (run.minParticipants / run.capacity) * 100) : null;
  return (
    <div aria-hidden className="relative mt-2 h-2 rounded-full bg-slate-200">
      <div className="h-2 rounded-full bg-brand-600" style={{ width: `${share}%` }} />
      {minimumAt !== null ? (
        <div className="absolute -top-1 h-4 w-0.5 bg-orange-600" style={{ left: `${minimumAt}%` }} />
      ) : null}
    </div>
  );
}

/** "What needs doing today": the counts that ask for action, then the runs starting soon and their seats. */
export function TodayPanel({ items, runs, days }: { items: TodayItem[]; runs: Run[]; days: number }) {
  const maySchedule = canScheduleRuns(useStaff());
  return (
    <section
      aria-labelledby="today"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="today" className="text-lg font-semibold text-slate-900">
        What needs doing today
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={item.to}
              data-testid={`today-${item.id}`}
              className={cn(
                "flex min-h-11 items-center justify-between gap-3 rounded-lg border p-3 hover:border-brand-500",
                item.count > 0 ? "border-orange-200 bg-orange-50" : "border-slate-200 bg-slate-50",
              )}
            >
              <span>
                <span className="text-2xl font-bold text-slate-900">{item.count}</span>{" "}
                <span className="text-slate-700">{item.title}</span>
              </span>
              <ArrowRight aria-hidden className="size-4 shrink-0 text-slate-500" />
            </Link>
          </li>
        ))}
      </ul>
      <h3 className="mt-5 flex items-center gap-2 font-semibold text-slate-900">
        <CalendarClock aria-hidden className="size-4" />
        Starting in the next {days} days
      </h3>
      {runs.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No course dates in the next {days} days.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" aria-label={`Course dates in the next ${days} days`}>
          {runs.map((run) => (
            <li key={run.id} className="py-3" data-testid="upcoming-run">
              <Link
                to={`/admin/registrations?run=${run.id}`}
                className="inline-flex items-center font-medium text-brand-800 hover:underline"
              >
                {run.courseTitle}
              </Link>
              <p className="text-sm text-slate-600">
                {run.label ?? (run.startDate ? formatLongDate(run.startDate) : "Date to be confirmed")}
                {run.venue ? ` · ${run.venue}` : ""}
                {run.private ? ` · ${privateRunLabel(run)}` : ""}
              </p>
              <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
                <span className="text-slate-800">
                  {run.capacity
                    ? `${run.taken} of ${run.capacity} seats taken`
                    : `${run.taken} ${run.taken === 1 ? "seat" : "seats"} taken`}
                </span>
                <MinimumNote run={run} />
              </p>
              <SeatBar run={run} />
              {maySchedule ? (
                <Link
                  to={`/admin/courses/${run.courseId}#course-date-${run.id}`}
                  className="mt-1 inline-flex items-center text-sm text-brand-700 underline"
                >
                  Edit dates and minimum group <span className="sr-only">of {run.courseTitle}</span>
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
