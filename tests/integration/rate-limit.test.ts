import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { rateLimitEvents } from "#app/platform/db/tables.server";
import { ATTEMPT_RETENTION_MS, forgetOldAttempts } from "#app/platform/rate-limit/attempt-retention.server";
import { type Attempt, consumeRateLimit, countAttempts } from "#app/platform/rate-limit/rate-limit.server";
import { FORM_RATE_LIMIT } from "#app/site/testing.server";
import { loginAttempts } from "#app/staff/tables.server";
import { LOCK_WINDOW_MS } from "#app/staff/testing.server";

const LIMIT = { limit: 10, windowMs: 60_000 };

describe("rate limit", () => {
  it("lets exactly the limit through when attempts arrive at once, and says how long to wait", async () => {
    const results = await Promise.all(
      Array.from({ length: 16 }, () => consumeRateLimit("test", "192.0.2.10", LIMIT)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    for (const result of results) {
      if (result.allowed) continue;
      expect(result.retryAfterSeconds).toBeGreaterThan(0);
      expect(result.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    // another address is counted on its own
    expect(await consumeRateLimit("test", "192.0.2.11", LIMIT)).toEqual({ allowed: true });
  });

  it("counts the attempts of one group in their order, each key on its own", async () => {
    const keys = Array.from({ length: 15 }, (_, i) => (i % 5 === 4 ? "192.0.2.31" : "192.0.2.30"));
    const results = await Promise.all(keys.map((key) => consumeRateLimit("test", key, LIMIT)));
    const allowed = (key: string) =>
      results.flatMap((result, i) => (keys[i] === key ? [result.allowed] : []));
    expect(allowed("192.0.2.30")).toEqual([...Array(10).fill(true), false, false]);
    expect(allowed("192.0.2.31")).toEqual([true, true, true]);
  });

  it("holds across groups that arrive one after another", async () => {
    const first = await Promise.all(
      Array.from({ length: 6 }, () => consumeRateLimit("test", "192.0.2.40", LIMIT)),
    );
    const second = await Promise.all(
      Array.from({ length: 6 }, () => consumeRateLimit("test", "192.0.2.40", LIMIT)),
    );
    expect(first.every((r) => r.allowed)).toBe(true);
    expect(second.map((r) => r.allowed)).toEqual([true, true, true, true, false, false]);
  });

  it("holds when groups run at once, as in several processes (each on its own connection on PostgreSQL)", async () => {
    const attempt: Attempt = { bucket: "test", key: "192.0.2.50", ...LIMIT };
    const other: Attempt = { ...attempt, key: "192.0.2.51" };
    const groups = Array.from({ length: 8 }, (_, i) =>
      i % 2 ? [attempt, other, attempt] : [other, attempt],
    );
    const results = await Promise.all(groups.map((group) => countAttempts(group)));
    const allowedFor = (key: string) =>
      groups.flat().filter((sent, i) => sent.key === key && results.flat()[i]?.allowed).length;
    expect(allowedFor("192.0.2.50")).toBe(10);
    expect(allowedFor("192.0.2.51")).toBe(8);
  });

  it("lets an address through again once its attempts have left the window", async () => {
    const short = { limit: 2, windowMs: 300 };
    const first = await Promise.all([1, 2, 3].map(() => consumeRateLimit("short", "192.0.2.60", short)));
    expect(first.map((r) => r.allowed)).toEqual([true, true, false]);
    await new Promise((resolve) => setTimeout(resolve, 350));
    const again = await Promise.all([1, 2, 3].map(() => consumeRateLimit("short", "192.0.2.60", short)));
    expect(again.map((r) => r.allowed)).toEqual([true, true, false]);
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    "holds at most 50,000 addresses in memory on PGlite, forgetting the one heard from longest ago",
    async () => {
      const flooded = Array.from({ length: 11 }, () => consumeRateLimit("flood", "192.0.2.70", LIMIT));
      expect((await Promise.all(flooded)).map((r) => r.allowed)).toEqual([...Array(10).fill(true), false]);
      for (let i = 0; i < 50_000; i++) await consumeRateLimit("flood", `198.51.${i >> 8}.${i & 255}`, LIMIT);
      expect(await consumeRateLimit("flood", "192.0.2.70", LIMIT)).toEqual({ allowed: true });
    },
  );

  // only one process can open a PGlite database, so there the attempts are counted in memory (decision 0615)
  it.runIf(Boolean(process.env.DATABASE_URL))(
    "forgets stored events older than the window and counts the attempt it lets through",
    async () => {
      const match = and(eq(rateLimitEvents.bucket, "test"), eq(rateLimitEvents.key, "192.0.2.20"));
      await db()
        .insert(rateLimitEvents)
        .values(
          Array.from({ length: 10 }, () => ({
            bucket: "test",
            key: "192.0.2.20",
            createdAt: new Date(Date.now() - 120_000),
          })),
        );
      expect(await consumeRateLimit("test", "192.0.2.20", LIMIT)).toEqual({ allowed: true });
      const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(rateLimitEvents).where(match);
      expect(row?.n).toBe(1);
    },
  );
});

describe("forgetting old attempts", () => {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
  const left = async (bucket: string) => {
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimitEvents)
      .where(eq(rateLimitEvents.bucket, bucket));
    return row?.n;
  };

  it("deletes rate-limit events and sign-in attempts past every window, and keeps those still counted", async () => {
    await db()
      .insert(rateLimitEvents)
      .values([
        { bucket: "forget-old", key: "192.0.2.80", createdAt: hoursAgo(25) },
        { bucket: "forget-old", key: "192.0.2.81", createdAt: hoursAgo(25) },
        { bucket: "forget-new", key: "192.0.2.80", createdAt: hoursAgo(23) },
      ]);
    await db()
      .insert(loginAttempts)
      .values([
        { email: "old@example.com", ip: "192.0.2.82", success: false, createdAt: hoursAgo(25) },
        { email: "new@example.com", ip: "192.0.2.82", success: false, createdAt: hoursAgo(23) },
      ]);
    await forgetOldAttempts();
    expect(await left("forget-old")).toBe(0);
    expect(await left("forget-new")).toBe(1);
    const emails = await db().select({ email: loginAttempts.email }).from(loginAttempts);
    expect(emails.map((row) => row.email)).not.toContain("old@example.com");
    expect(emails.map((row) => row.email)).toContain("new@example.com");
  });

  it("deletes in batches until none is left, each row once when two processes sweep at once", async () => {
    await db().execute(sql`insert into rate_limit_events (bucket, key, created_at)
      select 'forget-many', '192.0.2.' || (n % 250), now() - interval '2 days' from generate_series(1, 12000) n`);
    const [first, second] = await Promise.all([forgetOldAttempts(), forgetOldAttempts()]);
    expect((first?.rateLimitEvents ?? 0) + (second?.rateLimitEvents ?? 0)).toBeGreaterThanOrEqual(12_000);
    expect(await left("forget-many")).toBe(0);
  });

  it("refuses a window longer than the events are kept, and the sign-in lock fits in it", () => {
    expect(() =>
      consumeRateLimit("too-long", "192.0.2.90", { limit: 1, windowMs: ATTEMPT_RETENTION_MS + 1 }),
    ).toThrow(/outlasts/);
    expect(LOCK_WINDOW_MS).toBeLessThanOrEqual(ATTEMPT_RETENTION_MS);
    expect(FORM_RATE_LIMIT.windowMs).toBeLessThanOrEqual(ATTEMPT_RETENTION_MS);
  });
});
