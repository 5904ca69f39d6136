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

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** "7 Mar 2025, 11:00" */
export const formatDateTime = (value: Date | string) => dateTime.format(asDate(value));
/** "7 Mar 2025" */
export const formatDate = (value: Date | string) => dateOnly.format(asDate(value));
/** "2025-03-07 11:00" (exports) */
export const formatSortableDateTime = (value: Date | string) => sortable.format(asDate(value));
