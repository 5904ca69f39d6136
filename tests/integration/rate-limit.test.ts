import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { rateLimitEvents } from "#app/db/schema";
import { type Attempt, consumeRateLimit, countAttempts } from "#app/services/rate-limit.server";

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
