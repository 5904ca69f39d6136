import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, getDatabaseHandle } from "#app/platform/db/client.server";
import { users } from "#app/platform/db/tables.server";
import {
  checkPublicDataVersion,
  enablePublicCache,
  notifiedAdmins,
  publicPageVersion,
} from "#app/site/index.server";
import { courses } from "#app/site/tables.server";
import { cachedPublic } from "#app/site/testing.server";

const onPglite = !process.env.DATABASE_URL;

/** A loader that counts how often the cache had to call it. */
function countingLoader() {
  let calls = 0;
  return {
    load: async () => {
      calls += 1;
      const [course] = await db().select({ title: courses.title }).from(courses).orderBy(courses.id).limit(1);
      return course?.title;
    },
    calls: () => calls,
  };
}

describe("public data cache", () => {
  enablePublicCache();

  it("serves a stored value until a write commits, then the new one on the next request", async () => {
    const loader = countingLoader();
    await checkPublicDataVersion();
    const before = await cachedPublic("first-course", loader.load);
    await checkPublicDataVersion();
    expect(await cachedPublic("first-course", loader.load)).toBe(before);
    expect(loader.calls()).toBe(1);

    const [first] = await db().select({ id: courses.id }).from(courses).orderBy(courses.id).limit(1);
    await db()
      .update(courses)
      .set({ title: "Renamed for the cache test" })
      .where(eq(courses.id, first?.id ?? ""));
    await checkPublicDataVersion();
    expect(await cachedPublic("first-course", loader.load)).toBe("Renamed for the cache test");
    expect(loader.calls()).toBe(2);
  });

  it("moves the page version when a transaction writes a public table, not when it only reads", async () => {
    await checkPublicDataVersion();
    const start = publicPageVersion();
    await db().transaction(async (tx) => {
      await tx.select({ id: courses.id }).from(courses).limit(1);
    });
    await checkPublicDataVersion();
    expect(publicPageVersion()).toBe(start);

    await db().transaction(async (tx) => {
      await tx.execute(
        sql`update courses set updated_at = now() where id = (select id from courses limit 1)`,
      );
    });
    await checkPublicDataVersion();
    expect(publicPageVersion()).not.toBe(start);
  });

  it("notifies an administrator added by any process from the next request on (decision 0617)", async () => {
    const email = `added-${crypto.randomUUID()}@example.com`;
    await checkPublicDataVersion();
    expect(await notifiedAdmins()).not.toContain(email);
    const [added] = await db().insert(users).values({ email, passwordHash: "x" }).returning({ id: users.id });
    try {
      await checkPublicDataVersion();
      expect(await notifiedAdmins()).toContain(email);
    } finally {
      await db()
        .delete(users)
        .where(eq(users.id, added?.id ?? ""));
    }
    await checkPublicDataVersion();
    expect(await notifiedAdmins()).not.toContain(email);
  });

  it.runIf(onPglite)(
    "counts PGlite's finished writes: statements and transactions, not plain reads",
    async () => {
      const writes = getDatabaseHandle().finishedWrites;
      if (!writes) throw new Error("PGlite must count its writes");
      const start = writes();
      await db().select({ id: courses.id }).from(courses).limit(1);
      await db().execute(sql`select 1`);
      expect(writes()).toBe(start);

      await db().execute(sql`update courses set updated_at = now() where false`);
      expect(writes()).toBe(start + 1);
      await db().transaction(async (tx) => {
        await tx.select({ id: courses.id }).from(courses).limit(1);
      });
      expect(writes()).toBe(start + 2);
      await expect(
        db().transaction(async (tx) => {
          await tx.execute(sql`update courses set updated_at = now() where false`);
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      expect(writes()).toBe(start + 3);
    },
  );
});
