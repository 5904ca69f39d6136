import { setQuoteTermsReader } from "#app/money/index.server";
import { type DatabaseHandle, type OpenOptions, openDatabaseHandle } from "#app/platform/db/client.server";
import { readQuoteTerms } from "#app/sales/index.server";
import { seedDatabase } from "#app/site/index.server";

/**
 * The application's database: migrated, then seeded with the site's first courses and copy when it is new
 * (`seed: false` leaves it empty). The platform opens databases; only here does it meet the site's content.
 * Every process that works on the data opens it here, so here money is also given sales' reader of a quote's
 * terms, which it invoices a booking made from a quote at and may not read itself (decision 0726).
 */
export function openDatabase(options: OpenOptions & { seed?: boolean }): Promise<DatabaseHandle> {
  setQuoteTermsReader(readQuoteTerms);
  const { seed = true, ...open } = options;
  return openDatabaseHandle(open, seed ? seedDatabase : undefined);
}
