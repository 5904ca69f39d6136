import { and, asc, count, eq, gt, lt, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { rateLimitEvents } from "#app/db/schema";

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts an attempt against `limit` per `windowMs` for (bucket, key), in the database so the limit holds
 * across server processes. The advisory lock serialises attempts for one key, so concurrent requests on
 * PostgreSQL cannot all read "9 so far" and all pass.
 */
export async function consumeRateLimit(
  bucket: string,
  key: string,
  { limit, windowMs }: { limit: number; windowMs: number },
): Promise<RateLimitResult> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${bucket}:${key}`}))`);
    const since = new Date(Date.now() - windowMs);
    const match = and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.key, key));
    // old events for this key are no longer needed by anyone
    await tx.delete(rateLimitEvents).where(and(match, lt(rateLimitEvents.createdAt, since)));
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(rateLimitEvents)
      .where(and(match, gt(rateLimitEvents.createdAt, since)))) as [{ n: number }];
    if (n >= limit) {
      const [oldest] = await tx
        .select({ createdAt: rateLimitEvents.createdAt })
        .from(rateLimitEvents)
        .where(and(match, gt(rateLimitEvents.createdAt, since)))
        .orderBy(asc(rateLimitEvents.createdAt))
        .limit(1);
      const freeAt = (oldest?.createdAt.getTime() ?? Date.now()) + windowMs;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)) };
    }
    await tx.insert(rateLimitEvents).values({ bucket, key });
    return { allowed: true };
  });
}
