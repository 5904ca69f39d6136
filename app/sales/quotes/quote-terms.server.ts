import { asc, eq } from "drizzle-orm";
import type { QuoteTermsReader } from "#app/money/index.server";
import { quoteLines, quotes } from "#app/sales/tables.server";

/**
 * The terms money invoices a booking made from this quote at (decision 0672): its lines, with the quote's course
 * for eTIMS, under the VAT rate it was priced at and its "prices include VAT", so `computeVat` gives the quote's
 * totals to the cent. Money cannot read quotes itself (decision 0726).
 */
export const readQuoteTerms: QuoteTermsReader = async (executor, quoteId) => {
  const [quote] = await executor
    .select({
      courseId: quotes.courseId,
      vatRatePercent: quotes.vatRatePercent,
      pricesIncludeVat: quotes.pricesIncludeVat,
    })
    .from(quotes)
    .where(eq(quotes.id, quoteId));
  if (!quote) return null;
  const lines = await executor
    .select({
      description: quoteLines.description,
      quantity: quoteLines.quantity,
      unitCents: quoteLines.unitCents,
    })
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
  return {
    lines: lines.map((line) => ({ ...line, ...(quote.courseId ? { courseId: quote.courseId } : {}) })),
    // the rate the quote was priced at (0 when the firm was not registered then)
    rule: {
      registered: quote.vatRatePercent > 0,
      ratePercent: quote.vatRatePercent,
      pricesIncludeVat: quote.pricesIncludeVat,
    },
  };
};
