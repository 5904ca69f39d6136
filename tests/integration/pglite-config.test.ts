import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";

const show = async (name: string) => {
  const result = await db().execute(sql.raw(`show ${name}`));
  return (result as unknown as { rows: Record<string, string>[] }).rows[0]?.[name];
};

describe.skipIf(Boolean(process.env.DATABASE_URL))("PGlite's settings", () => {
  it("hold 8 MB of shared buffers (decision 0603) and do not zero-fill new WAL files (decision 0610)", async () => {
    expect(await show("shared_buffers")).toBe("8MB");
    expect(await show("wal_init_zero")).toBe("off");
  });
});
