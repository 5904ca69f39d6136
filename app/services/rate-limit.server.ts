import { sql } from "drizzle-orm";
import { db, type Executor, getDatabaseHandle } from "#app/db/client.server";
import { rateLimitEvents } from "#app/db/schema";

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts an attempt against `limit` per `windowMs` for (bucket, key), in the database so the limit holds
 * across server processes. On PostgreSQL an advisory lock serialises attempts for one key, so concurrent
 * requests cannot all read "9 so far" and all pass; PGlite runs one statement at a time, so there the one
 * statement is enough on its own.
 */
export async function consumeRateLimit(
  bucket: string,
  key: string,
  { limit, windowMs }: { limit: number; windowMs: number },
): Promise<RateLimitResult> {
  const attempt = async (executor: Executor) => {
    const since = new Date(Date.now() - windowMs);
    // one statement: forget this key's old events (no one needs them), count the recent ones and, under the
    // limit, record this attempt; every part sees the rows as they were when it began
    const result = await executor.execute(sql`
      with expired as (
        delete from ${rateLimitEvents}
        where ${rateLimitEvents.bucket} = ${bucket} and ${rateLimitEvents.key} = ${key}
          and ${rateLimitEvents.createdAt} < ${since}
      ), recent as (
        select count(*) as n, extract(epoch from min(${rateLimitEvents.createdAt}))::float8 * 1000 as oldest
        from ${rateLimitEvents}
        where ${rateLimitEvents.bucket} = ${bucket} and ${rateLimitEvents.key} = ${key}
          and ${rateLimitEvents.createdAt} > ${since}
      ), recorded as (
        insert into ${rateLimitEvents} (bucket, key) select ${bucket}, ${key} from recent where n < ${limit}
      )
      select n, oldest from recent`);
    // node-postgres and PGlite both answer with { rows }; numbers may come as text from either
    const [recent] = (result as unknown as { rows: { n: number | string; oldest: number | string | null }[] })
      .rows;
    if (Number(recent?.n ?? 0) < limit) return { allowed: true } as const;
    const freeAt = Number(recent?.oldest ?? Date.now()) + windowMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)) };
  };
  if (getDatabaseHandle().kind === "pglite") return attempt(db());
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${bucket}:${key}`}))`);
    return attempt(tx);
  });
}
