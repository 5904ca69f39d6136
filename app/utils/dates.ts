import { now } from "./clock";

/** The firm's time zone: East Africa Time, UTC+03:00 all year. */
export const FIRM_TIME_ZONE = "Africa/Nairobi";

const isoDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: FIRM_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The last date `today` formatted, and the whole second it was for: a date only changes on a second. */
let lastDay = { second: Number.NaN, day: "" };

/**
 * "Today" as the firm counts it: the YYYY-MM-DD date in Africa/Nairobi on the business clock. Formatting costs a
 * few microseconds and a request asks several times, so the answer is kept for the rest of its second.
 */
export function today(at: Date = now()): string {
  const second = Math.floor(at.getTime() / 1000);
  if (second !== lastDay.second) lastDay = { second, day: isoDay.format(at) };
  return lastDay.day;
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "5 days" / "1 day"; null when the course has no fixed duration. */
/** The date `years` after an ISO date (29 February becomes 28 February in a year without one). */
export function addYears(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${String(y + years).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

export function formatDuration(days: number | null | undefined): string | null {
  if (days == null) return null;
  return `${days} ${days === 1 ? "day" : "days"}`;
}

/** The calendar year of a YYYY-MM-DD date. */
export function yearOf(isoDate: string | null | undefined): number | null {
  if (!isoDate) return null;
  const year = Number(isoDate.slice(0, 4));
  return Number.isInteger(year) ? year : null;
}

/** Courses run on East Africa Time: a start date becomes an ISO 8601 time with the +03:00 offset. */
export function toEatDateTime(isoDate: string, time = "08:00:00"): string {
  return `${isoDate}T${time}+03:00`;
}

const longDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "3 March 2025", for runs that have dates but no printed label. */
export function formatLongDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}
