import type { Executor } from "#app/platform/db/client.server";
import type { PricedLine, VatRule } from "#app/utils/vat";

/** What a booking made from an accepted quote is invoiced at: the quote's lines, under its VAT rule (0672). */
export type QuoteTerms = { lines: PricedLine[]; rule: VatRule };
export type QuoteTermsReader = (executor: Executor, quoteId: string) => Promise<QuoteTerms | null>;

// Quotes are sales' tables, and sales sits above money, which may not read them (decision 0725): sales hands its
// reader to money where the application is put together, in openDatabase (app/database.server.ts, decision 0726).
let reader: QuoteTermsReader | undefined;

export function setQuoteTermsReader(next: QuoteTermsReader) {
  reader = next;
}

/** The terms of the quote a booking was made from; throws when none can be read (the invoice must not guess). */
export async function quoteTerms(executor: Executor, quoteId: string): Promise<QuoteTerms> {
  if (!reader)
    throw new Error("No reader of quote terms: openDatabase (app/database.server.ts) sets sales' one");
  const terms = await reader(executor, quoteId);
  if (!terms) throw new Error("A booking's quote is missing");
  return terms;
}
