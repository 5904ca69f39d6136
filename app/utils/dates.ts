import { now } from "./clock";

/** The firm's time zone: East Africa Time, UTC+03:00 all year. */
export const FIRM_TIME_ZONE = "Africa/Nairobi";

const isoDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: FIRM_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** "Today" as the firm counts it: the YYYY-MM-DD date in Africa/Nairobi on the business clock. */
export function today(at: Date = now()): string {
  return isoDay.format(at);
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "5 days" / "1 day"; null when the course has no fixed duration. */
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
