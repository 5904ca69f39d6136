import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, executeRows } from "#app/db/client.server";

async function firstRow(query: string) {
  return (await executeRows<Record<string, unknown>>(db(), sql.raw(query)))[0];
}

describe.skipIf(Boolean(process.env.DATABASE_URL))("PGlite's settings", () => {
  it("hold 8 MB of shared buffers (decision 0603) and do not zero-fill new WAL files (decision 0610)", async () => {
    expect((await firstRow("show shared_buffers"))?.shared_buffers).toBe("8MB");
    expect((await firstRow("show wal_init_zero"))?.wal_init_zero).toBe("off");
  });
});

describe("the trigram search indexes (decision 0611)", () => {
  it("merge their pending lists at 256 kB, not at the default 4 MB", async () => {
    for (const index of ["course_registrations_search_trgm_idx", "contact_submissions_search_trgm_idx"]) {
      const row = await firstRow(`select reloptions from pg_class where relname = '${index}'`);
      expect(row?.reloptions, index).toEqual(["gin_pending_list_limit=256"]);
    }
  });
});
