const KES = new Intl.NumberFormat("en-KE", { maximumFractionDigits: 0 });

/** "95,000" for a stored numeric cost ("95000.00"); null stays null. */
export function formatMoney(value: string | number | null | undefined) {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? KES.format(n) : null;
}

/** A stored numeric as the admin typed it ("95000.00" → "95000"), for form defaults. */
export function numericInput(value: string | number | null | undefined) {
  if (value === null || value === undefined) return "";
  const n = Number(value);
  return Number.isFinite(n) ? String(n) : "";
}

// A fixed zone (the office's) so the server render and the browser agree, wherever either runs.
const DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Africa/Nairobi",
});

/** e.g. "7 Mar 2025, 14:05:09" in Nairobi time. */
export function formatDateTime(value: Date | string) {
  return DATE_TIME.format(new Date(value));
}
