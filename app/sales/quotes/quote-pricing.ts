import { parseCents } from "#app/utils/cents";
import { computeVat, type VatRule } from "#app/utils/vat";

/** A quote line's price as the schema reads it: quantity, and unit price in cents. */
export type QuoteLinePrice = { description: string; quantity: number; unit: number };

/**
 * A quote's totals under the invoices' VAT rule: the one computation behind the form's running total, the
 * preview PDF and the quote sent, so the office sees before sending the figure the client will read.
 */
export function priceQuote<L extends QuoteLinePrice>(lines: readonly L[], rule: VatRule) {
  return computeVat(
    lines.map((line) => ({ ...line, unitCents: line.unit })),
    rule,
  );
}

/** The rows the form holds as typed, priced where quantity and price read as numbers (the rest wait). */
export function priceTypedLines(
  rows: readonly { description: string; quantity: string; unit: string }[],
  rule: VatRule,
) {
  const lines = rows.flatMap((row) => {
    const quantity = /^\d{1,6}$/.test(row.quantity.trim()) ? Number(row.quantity.trim()) : null;
    const unit = parseCents(row.unit.trim().replace(/^KES\s*/i, ""));
    return quantity && unit !== null ? [{ description: row.description, quantity, unit }] : [];
  });
  return priceQuote(lines, rule);
}

/** How the form states prices against VAT: the firm's prices include it unless the setting says otherwise. */
export function quoteVatText(rule: VatRule): string {
  if (!rule.registered || rule.ratePercent === 0) return "Prices in Kenya shillings; no VAT is charged.";
  return rule.pricesIncludeVat
    ? `Prices in Kenya shillings, including VAT at ${rule.ratePercent}%, as on invoices.`
    : `Prices in Kenya shillings before VAT; VAT at ${rule.ratePercent}% is added, as on invoices.`;
}
