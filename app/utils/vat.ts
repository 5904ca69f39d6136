import { divideRoundHalfUp } from "./cents";

export type VatRule = { registered: boolean; ratePercent: number; pricesIncludeVat: boolean };
export type PricedLine = { description: string; quantity: number; unitCents: number; courseId?: string };
export type VatTotals<L extends PricedLine = PricedLine> = {
  lines: (L & { amountCents: number })[];
  netCents: number;
  vatCents: number;
  totalCents: number;
  /** the rate printed on the document: 0 when the firm is not VAT registered */
  ratePercent: number;
};

/**
 * An invoice's totals. VAT is computed once per line, in integer cents, rounded half up to the cent:
 * on prices without VAT, VAT = amount × rate ÷ 100; on prices that include it, VAT = amount × rate ÷
 * (100 + rate) and the net is what is left. A firm that is not VAT registered charges none. The lines keep
 * the prices as quoted (amount = quantity × unit price).
 */
export function computeVat<L extends PricedLine>(items: L[], rule: VatRule): VatTotals<L> {
  const rate = rule.registered ? BigInt(rule.ratePercent) : 0n;
  let net = 0n;
  let vat = 0n;
  const lines = items.map((line) => {
    const amount = BigInt(line.quantity) * BigInt(line.unitCents);
    const lineVat =
      rate === 0n
        ? 0n
        : rule.pricesIncludeVat
          ? divideRoundHalfUp(amount * rate, 100n + rate)
          : divideRoundHalfUp(amount * rate, 100n);
    net += rule.pricesIncludeVat ? amount - lineVat : amount;
    vat += lineVat;
    return { ...line, amountCents: Number(amount) };
  });
  return {
    lines,
    netCents: Number(net),
    vatCents: Number(vat),
    totalCents: Number(net + vat),
    ratePercent: Number(rate),
  };
}

/** How a public price stands to VAT, said beside every fee and total the site quotes. */
export function vatNote(rule: VatRule): string {
  if (!rule.registered || rule.ratePercent === 0) return "No VAT charged";
  return rule.pricesIncludeVat ? `VAT ${rule.ratePercent}% included` : `Plus VAT ${rule.ratePercent}%`;
}
