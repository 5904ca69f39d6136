import { type DatabaseHandle, type OpenOptions, openDatabaseHandle } from "#app/platform/db/client.server";
import { seedDatabase } from "#app/site/index.server";

/**
 * The application's database: migrated, then seeded with the site's first courses and copy when it is new
 * (`seed: false` leaves it empty). The platform opens databases; only here does it meet the site's content.
 */
export function openDatabase(options: OpenOptions & { seed?: boolean }): Promise<DatabaseHandle> {
  const { seed = true, ...open } = options;
  return openDatabaseHandle(open, seed ? seedDatabase : undefined);
}
