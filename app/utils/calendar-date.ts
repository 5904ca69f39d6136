/**
 * The one reader of dates that come from outside (forms, query strings, M-PESA callbacks, statements): a
 * real calendar date in the years the firm can have business in. 2026-02-30 is not a date, and year 0000 is
 * one JavaScript accepts but PostgreSQL refuses, so an unchecked one turns a request into a 500.
 */

/** The first and last dates any date in the product may be: outside them a date is a typo or an attack. */
export const EARLIEST_DATE = "2000-01-01";
export const LATEST_DATE = "2099-12-31";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real YYYY-MM-DD calendar date between EARLIEST_DATE and LATEST_DATE. */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value) || value < EARLIEST_DATE || value > LATEST_DATE) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Year, month and day as numbers (in any order a source writes them) to YYYY-MM-DD, or null if not a date. */
export function calendarDateOf(year: number | string, month: number | string, day: number | string) {
  const iso = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return isCalendarDate(iso) ? iso : null;
}
