const grouping = new Intl.NumberFormat("en-KE", { maximumFractionDigits: 0 });

/** "KES 45,000" — the catalogue prints whole shillings with thousands separators. */
export function formatKsh(amount: number | string | null | undefined): string {
  if (amount == null || amount === "") return "On request";
  const value = typeof amount === "number" ? amount : Number(amount);
  if (!Number.isFinite(value)) return "On request";
  return `KES ${grouping.format(Math.round(value))}`;
}
