import type { RegistrationRun } from "#app/booking/index.server";
import { cn } from "#app/utils/cn";

/** "Fully booked", "3 seats left", or nothing while plenty are free. */
export function seatsText(seatsLeft: number | null, threshold: number) {
  if (seatsLeft === null) return null;
  if (seatsLeft === 0) return "Fully booked: join the waiting list";
  return seatsLeft <= threshold ? `${seatsLeft} ${seatsLeft === 1 ? "seat" : "seats"} left` : null;
}

/**
 * The course's upcoming dates as radio cards: choosing the date is part of registering. Each card says
 * when, where, how, for how much, and how many seats are left.
 */
export function RunChooser({
  id,
  runs,
  selected,
  onSelect,
  error,
  seatsLeftThreshold,
}: {
  id: string;
  runs: RegistrationRun[];
  selected: string | null;
  onSelect: (runId: string) => void;
  error?: string;
  seatsLeftThreshold: number;
}) {
  if (runs.length === 0) {
    return (
      <p className="rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-700 sm:col-span-2">
        No upcoming dates are scheduled for this course yet. Register your interest and we will contact you
        when dates are set.
      </p>
    );
  }
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? `${id}-run-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">Course Date</legend>
      <div className="mt-2 grid gap-2">
        {runs.map((run) => {
          const seats = seatsText(run.seatsLeft, seatsLeftThreshold);
          return (
            <label
              key={run.id}
              className={cn(
                "flex min-h-11 cursor-pointer gap-3 rounded-md border bg-white p-3 text-sm shadow-sm has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-500/30",
                error ? "border-clay-600" : "border-slate-300",
              )}
            >
              <input
                type="radio"
                name="run"
                value={run.id}
                checked={selected === run.id}
                onChange={() => onSelect(run.id)}
                className="mt-1 size-4 shrink-0 accent-brand-700"
              />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900">
                  {run.date ?? "Date to be confirmed"}
                </span>
                <span className="block text-slate-700">
                  {[run.venue, run.mode, run.cost].filter(Boolean).join(" · ")}
                </span>
                {seats ? (
                  <span
                    className={cn(
                      "mt-1 inline-block text-xs font-semibold",
                      run.seatsLeft === 0 ? "text-clay-700" : "text-brand-700",
                    )}
                  >
                    {seats}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={`${id}-run-error`} className="mt-1 text-sm text-clay-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
