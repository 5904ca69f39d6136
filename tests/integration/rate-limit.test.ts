import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { rateLimitEvents } from "#app/db/schema";
import { consumeRateLimit } from "#app/services/rate-limit.server";

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

  it("forgets events older than the window and counts the attempt it lets through", async () => {
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
  });
});
