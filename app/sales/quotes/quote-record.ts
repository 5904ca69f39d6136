import { addDays } from "#app/utils/dates";
import type { VatRule } from "#app/utils/vat";
import type { QuoteInput } from "./quote";
import type { priceQuote } from "./quote-pricing";

type Totals = ReturnType<typeof priceQuote<QuoteInput["lines"][number]>>;

/** A scheduled quote's last day: as typed, or left empty as many days as the course lasts. */
export function quoteEndDate(schedule: NonNullable<QuoteInput["schedule"]>, durationDays: number | null) {
  return schedule.endDate ?? addDays(schedule.startDate, Math.max(1, durationDays ?? 1) - 1);
}

/**
 * What a quote stores of the office's form, priced: the one shape `sendQuote` inserts and its preview draws, so
 * the preview is the quote that would go.
 */
export function quoteRecord(input: QuoteInput, endDate: string | null, totals: Totals, rule: VatRule) {
  const { schedule } = input;
  return {
    kind: input.kind,
    // consultancy sells no course and schedules no days
    courseId: schedule?.courseId ?? null,
    startDate: schedule?.startDate ?? null,
    endDate,
    venue: schedule?.venue ?? null,
    participants: input.participants,
    validUntil: input.validUntil,
    terms: input.terms,
    vatRatePercent: totals.ratePercent,
    pricesIncludeVat: rule.pricesIncludeVat,
    netCents: totals.netCents,
    vatCents: totals.vatCents,
    totalCents: totals.totalCents,
  };
}

/** The quote's lines in the order typed, each with its priced amount. */
export function quoteLineRecords(quoteId: string, input: QuoteInput, totals: Totals) {
  return input.lines.map((line, index) => ({
    quoteId,
    position: index + 1,
    kind: line.kind,
    description: line.description,
    quantity: line.quantity,
    unitCents: line.unit,
    amountCents: totals.lines[index]?.amountCents ?? 0,
  }));
}
