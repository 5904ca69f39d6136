import { type DatabaseHandle, type OpenOptions, openDatabaseHandle } from "#app/platform/db/client.server";
import { seedDatabase } from "#app/site/index.server";

/**
 * The application's database: migrated, then seeded with the site's first courses and copy when it is new
 * (`seed: false` leaves it empty). The platform opens databases; only here does it meet the site's content.
 * Every process that works on the data opens it here, so here money is also given sales' reader of a quote's
 * terms, which it invoices a booking made from a quote at and may not read itself (decision 0726). Both are
 * imported as the database opens, not with this module: the scripts that migrate, back up and restore open it
 * without loading money and sales, and a test's module mocks (the render pool's) reach money's modules. Money
 * seeds the faith-based courses' group rule after the site's seed (the site cannot write money's tables).
 */
export async function openDatabase(options: OpenOptions & { seed?: boolean }): Promise<DatabaseHandle> {
  const [{ setQuoteTermsReader, seedDiscountRules }, { readQuoteTerms }] = await Promise.all([
    import("#app/money/index.server"),
    import("#app/sales/index.server"),
  ]);
  setQuoteTermsReader(readQuoteTerms);
  const { seed = true, ...open } = options;
  // the faith-based pages promise congregations of four a group rate: the rule that keeps it (decision 0750)
  return openDatabaseHandle(
    open,
    seed
      ? async (db) => {
          await seedDatabase(db);
          await seedDiscountRules(db);
        }
      : undefined,
  );
}
