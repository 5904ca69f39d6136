// Mafunzo works in Nairobi time (UTC+3 all year); the server may run in any zone.
const TIME_ZONE = "Africa/Nairobi";

const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const dateOnly = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
});
// sv-SE prints ISO-like "2025-03-07 11:00", which spreadsheets read as a date-time
const sortable = new Intl.DateTimeFormat("sv-SE", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

// the pieces of a Nairobi wall-clock time, for the compact stamps payment and tax APIs want
const wallClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** "7 Mar 2025, 11:00" */
export const formatDateTime = (value: Date | string) => dateTime.format(asDate(value));
/** "7 Mar 2025" */
export const formatDate = (value: Date | string) => dateOnly.format(asDate(value));
/** "2025-03-07 11:00" (exports) */
export const formatSortableDateTime = (value: Date | string) => sortable.format(asDate(value));
/** "20250307110000": YYYYMMDDhhmmss in Nairobi, as Daraja's Timestamp and KRA eTIMS's dates are written. */
export function formatCompactDateTime(value: Date | string) {
  const p = Object.fromEntries(wallClock.formatToParts(asDate(value)).map((part) => [part.type, part.value]));
  return `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}`;
}
