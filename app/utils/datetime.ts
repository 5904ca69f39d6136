// One fixed zone, so the server-rendered text and the hydrated text agree wherever the browser is.
const DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Nairobi",
});

/** "22 Nov 2026, 11:53" in East Africa Time, the company's time zone. */
export function formatDateTime(value: Date | string) {
  return DATE_TIME.format(typeof value === "string" ? new Date(value) : value);
}
