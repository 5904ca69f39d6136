import type { QueryOptions } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { describe, expect, it } from "vitest";
import { DRIZZLE_TEXT_TYPES, db, executeRows } from "#app/platform/db/client.server";
import { users } from "#app/platform/db/tables.server";

async function firstRow(query: string) {
  return (await executeRows<Record<string, unknown>>(db(), sql.raw(query)))[0];
}

describe.skipIf(Boolean(process.env.DATABASE_URL))("PGlite's settings", () => {
  it("hold 8 MB of shared buffers (decision 0603) and do not zero-fill new WAL files (decision 0610)", async () => {
    expect((await firstRow("show shared_buffers"))?.shared_buffers).toBe("8MB");
    expect((await firstRow("show wal_init_zero"))?.wal_init_zero).toBe("off");
  });

  it("are given the parsers drizzle passes with each query, and drizzle passes them for exactly those types (decision 0614)", async () => {
    const passed: (QueryOptions | undefined)[] = [];
    const engine = {
      query: async (_text: string, _params: unknown[], options?: QueryOptions) => {
        passed.push(options);
        return { rows: [], fields: [], affectedRows: 0 };
      },
    };
    const spied = drizzle(engine as never);
    await spied.execute(sql`select 1`);
    await spied.select().from(users);
    expect(passed).toHaveLength(2);
    for (const options of passed) {
      const parsers = options?.parsers ?? {};
      expect(Object.keys(parsers).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
      for (const [type, parse] of Object.entries(parsers)) expect(parse("text", Number(type))).toBe("text");
    }
  });
});

describe("values drizzle converts itself", () => {
  const query = sql`select '2026-01-02'::date as day, '1 day'::interval as span,
    '2026-01-02 03:04:05'::timestamp as local, '2026-01-02 03:04:05+03'::timestamptz as at,
    array[1.5]::numeric[] as amounts, array['2026-01-02'::date] as days, array['1 day'::interval] as spans,
    array['2026-01-02 03:04:05'::timestamp] as locals, array['2026-01-02 03:04:05+03'::timestamptz] as ats`;

  it("come from the database as its text, in and out of a transaction", async () => {
    for (const row of [
      (await executeRows<Record<string, unknown>>(db(), query))[0],
      await db().transaction(async (tx) => (await executeRows<Record<string, unknown>>(tx, query))[0]),
    ]) {
      expect(row).toMatchObject({
        day: "2026-01-02",
        span: "1 day",
        local: "2026-01-02 03:04:05",
        amounts: "{1.5}",
        days: "{2026-01-02}",
        spans: '{"1 day"}',
        locals: '{"2026-01-02 03:04:05"}',
      });
      expect(typeof row?.at).toBe("string");
      expect(typeof row?.ats).toBe("string");
    }
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
