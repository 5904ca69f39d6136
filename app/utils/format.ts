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
