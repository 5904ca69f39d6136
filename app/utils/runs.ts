import { yearOf } from "./dates";

/** What the run rules need to know about a run; `past` is decided on the server against `today()`. */
export type RunState = {
  startDate: string | null;
  label: string | null;
  status: string;
  past: boolean;
  /** seats still free; null when the run has no capacity limit */
  seatsLeft: number | null;
};

/**
 * A run is past once its start date is before the firm's today (Africa/Nairobi): a run that starts
 * today is still offered that whole day. An undated run (self-paced, to be announced) is never past.
 */
export function isPastRun(run: { startDate: string | null }, today: string) {
  return run.startDate !== null && run.startDate < today;
}

/** A run a visitor can still book or queue for: not past and not cancelled. */
export function isOfferedRun(run: Pick<RunState, "past" | "status">) {
  return !run.past && run.status !== "cancelled";
}

/** Full when the admin marked it so or when its live registrations fill its capacity. */
export function isFullyBooked(run: Pick<RunState, "status" | "seatsLeft">) {
  return run.status === "full" || run.seatsLeft === 0;
}

/**
 * A run belongs to a year when it starts in it or its printed dates mention it (spec §4), the same rule
 * as the catalogue's year filter: "28th December 2026 - 8th January 2027" is in 2026 and in 2027.
 */
export function isRunInYear(run: Pick<RunState, "startDate" | "label">, year: number) {
  return yearOf(run.startDate) === year || (run.label?.includes(String(year)) ?? false);
}

/**
 * The run a Register button carries: the earliest offered run with a free seat (runs come sorted by start
 * date, undated last), or on a catalogue filtered by year the earliest such run in that year. Only when every
 * offered date is full does the card carry the earliest one, whose button joins its waiting list: a card that
 * pushes a waiting list while a later date has seats sends the visitor to a dead end (issue 45).
 */
export function nextRun<R extends RunState>(runs: readonly R[], year?: number): R | null {
  const offered = runs.filter((run) => isOfferedRun(run) && (year === undefined || isRunInYear(run, year)));
  return offered.find((run) => !isFullyBooked(run)) ?? offered[0] ?? null;
}

/** "2026-2027", "2026", or null: the years of the runs on offer, for catalogue titles and labels. */
export function yearSpan(years: readonly number[]): string | null {
  if (years.length === 0) return null;
  const first = Math.min(...years);
  const last = Math.max(...years);
  return first === last ? String(first) : `${first}-${last}`;
}

/** "3 seats left" below the threshold, "Fully booked" at none, else nothing worth saying. */
export function seatsNote(run: Pick<RunState, "status" | "seatsLeft">, threshold: number): string | null {
  if (isFullyBooked(run)) return "Fully booked";
  if (run.seatsLeft !== null && run.seatsLeft <= threshold) {
    return `${run.seatsLeft} ${run.seatsLeft === 1 ? "seat" : "seats"} left`;
  }
  return null;
}

/** "2026-2027 Catalogue", or just "Catalogue" when nothing is scheduled. */
export function withYears(label: string, span: string | null | undefined) {
  return span ? `${span} ${label}` : label;
}

/** A run's own .ics file ("Add to calendar"), served by /courses/<slug>/runs/<run id>.ics. */
export function runCalendarPath(courseSlug: string, runId: string) {
  return `/courses/${courseSlug}/runs/${runId}.ics`;
}
