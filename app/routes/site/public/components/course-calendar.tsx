import { Link } from "react-router";
import { Icon } from "#app/components/icons/icon";
import type { CalendarRun } from "#app/site/index.server";
import { CATEGORY_LABELS, type CourseCategory } from "#app/utils/course-categories";
import { formatLongDate } from "#app/utils/dates";
import { formatKsh } from "#app/utils/money";
import { isFullyBooked, runCalendarPath } from "#app/utils/runs";
import { CategoryFilters } from "./course-filters";
import { RegisterButton } from "./register-button";

export function CalendarFilters({
  category,
  venue,
  venues,
}: {
  category?: CourseCategory;
  venue?: string;
  venues: string[];
}) {
  const options = venues.map((v) => ({ value: v, label: v }));
  return (
    <CategoryFilters
      action="/courses/calendar"
      category={category}
      other={{ name: "venue", label: "Venue", value: venue, options, className: "min-w-48" }}
    />
  );
}

const monthName = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

type Run = CalendarRun & { seatsLeft: number | null };

/** A calendar row says how many seats are free whenever the run has a limit, so a buyer can plan a group. */
function SeatsLeft({ run }: { run: Run }) {
  const full = isFullyBooked(run);
  if (!full && run.seatsLeft === null) return null;
  return (
    <span
      className={
        full
          ? "rounded-full bg-cream px-2 py-0.5 text-xs font-semibold text-clay-600 ring-1 ring-clay-600/20"
          : "font-semibold text-green-800"
      }
      data-testid="calendar-seats"
    >
      {full ? "Fully booked" : `${run.seatsLeft} ${run.seatsLeft === 1 ? "seat" : "seats"} left`}
    </span>
  );
}

/** Runs (already in date order) grouped under "March 2027" headings. */
function byMonth(runs: Run[]) {
  const months = new Map<string, Run[]>();
  for (const run of runs) {
    const key = run.startDate.slice(0, 7);
    months.set(key, [...(months.get(key) ?? []), run]);
  }
  return [...months].map(([key, monthRuns]) => ({
    key,
    title: monthName.format(new Date(`${key}-01T00:00:00Z`)),
    runs: monthRuns,
  }));
}

/**
 * Each month is a native disclosure, so the page stays short on a phone and folds without JavaScript; the first
 * month is open, the others show their name and number of runs.
 */
export function CalendarMonths({ runs }: { runs: Run[] }) {
  return (
    <div className="mt-6 space-y-4">
      {byMonth(runs).map((month, index) => (
        <details
          key={month.key}
          open={index === 0}
          className="group rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
          data-testid="calendar-month"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 p-4 [&::-webkit-details-marker]:hidden">
            <h2 className="text-xl font-bold text-brand-900">{month.title}</h2>
            <span className="inline-flex items-center gap-2 text-sm font-semibold text-slate-600">
              {month.runs.length} {month.runs.length === 1 ? "run" : "runs"}
              <Icon name="chevron-down" className="size-5 transition-transform group-open:rotate-180" />
            </span>
          </summary>
          <ul className="divide-y divide-slate-100 border-t border-slate-100">
            {month.runs.map((run) => (
              <li
                key={run.id}
                className="flex flex-wrap items-start gap-x-6 gap-y-2 p-4"
                data-testid="calendar-run"
              >
                <p className="w-full shrink-0 text-sm font-semibold text-brand-800 sm:w-40">
                  {run.label ?? formatLongDate(run.startDate)}
                </p>
                <div className="min-w-0 flex-1">
                  <Link to={`/courses/${run.slug}`} className="font-semibold text-brand-900 hover:underline">
                    {run.title}
                  </Link>
                  <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-slate-600">
                    <span>{CATEGORY_LABELS[run.category]}</span>
                    {run.venue && (
                      <span className="inline-flex items-center gap-1">
                        <Icon name="map-pin" className="size-4" />
                        {run.venue}
                      </span>
                    )}
                  </p>
                  <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm">
                    <span className="font-semibold text-brand-800" data-testid="calendar-price">
                      {formatKsh(run.cost)}
                    </span>
                    <SeatsLeft run={run} />
                  </p>
                </div>
                <div className="flex w-full flex-wrap items-center gap-3 sm:w-auto sm:flex-col sm:items-end">
                  <RegisterButton course={run} run={run} label="Register" />
                  <a
                    href={runCalendarPath(run.slug, run.id)}
                    download
                    className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                  >
                    <Icon name="calendar-plus" className="size-4" />
                    Add to calendar<span className="sr-only">: {run.title}</span>
                  </a>
                </div>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </div>
  );
}
