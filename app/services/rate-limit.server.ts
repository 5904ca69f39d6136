import { sql } from "drizzle-orm";
import { db, type Executor, getDatabaseHandle } from "#app/db/client.server";
import { rateLimitEvents } from "#app/db/schema";
import { groupCommit } from "./group-commit.server";

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type Attempt = { bucket: string; key: string; limit: number; windowMs: number };
/** The attempts of a group on one (bucket, key): a bucket has one limit, so the first attempt's stands. */
type KeyAttempts = Attempt & { attempts: number };
type Recent = { bucket: string; key: string; n: number | string; oldest: number | string | null };

const keyOf = ({ bucket, key }: Pick<Attempt, "bucket" | "key">) => `${bucket}:${key}`;

/**
 * Counts an attempt against `limit` per `windowMs` for (bucket, key), in the database so the limit holds
 * across server processes. Attempts that arrive together are counted in one statement (decision 0607).
 */
export function consumeRateLimit(
  bucket: string,
  key: string,
  { limit, windowMs }: { limit: number; windowMs: number },
): Promise<RateLimitResult> {
  return consumeInGroup({ bucket, key, limit, windowMs });
}

const consumeInGroup = groupCommit(countAttempts);

/**
 * Counts a group of attempts, each against the stored ones and those ahead of it in the group. Exported for the
 * test that runs groups at once from several connections, as separate processes would.
 */
export async function countAttempts(attempts: Attempt[]): Promise<RateLimitResult[]> {
  const byKey = new Map<string, KeyAttempts>();
  for (const attempt of attempts) {
    const seen = byKey.get(keyOf(attempt));
    if (seen) seen.attempts += 1;
    else byKey.set(keyOf(attempt), { ...attempt, attempts: 1 });
  }
  const keys = [...byKey.values()];
  const counted = await (getDatabaseHandle().kind === "pglite"
    ? // PGlite runs one statement at a time, so the one statement is enough on its own
      countAndRecord(db(), keys)
    : db().transaction(async (tx) => {
        // a counted attempt is nothing anyone was promised, so its commit need not wait for the disk: a crash
        // forgets the last moment's attempts, and lets that many more through
        await tx.execute(sql`set local synchronous_commit = off`);
        // an advisory lock per key serialises attempts across processes, so concurrent requests cannot all read
        // "9 so far" and all pass; taken in one order, so two groups never wait on each other
        await tx.execute(sql`select pg_advisory_xact_lock(h) from (
            select distinct hashtext(k) as h from jsonb_array_elements_text(${JSON.stringify(keys.map(keyOf))}::jsonb) as k
            order by h) as locks`);
        return countAndRecord(tx, keys);
      }));
  const recent = new Map(counted.map((row) => [keyOf(row), row]));
  const before = new Map<string, number>();
  return attempts.map((attempt) => {
    const key = keyOf(attempt);
    const row = recent.get(key);
    // this attempt comes after the stored ones and those of the group ahead of it
    const ahead = before.get(key) ?? 0;
    before.set(key, ahead + 1);
    if (Number(row?.n ?? 0) + ahead < attempt.limit) return { allowed: true } as const;
    const freeAt = Number(row?.oldest ?? Date.now()) + attempt.windowMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)) };
  });
}

/**
 * One statement: forget the keys' old events (no one needs them), count the recent ones and record each
 * attempt still under its limit; every part sees the rows as they were when it began. Each key is looked up on
 * its own through the index: joined as a whole, the planner scanned the entire table twice, and the table holds
 * every address that posted in the last minutes (4.5 ms a group at 6,000 addresses on PGlite, 2.2 ms this way).
 * The LIMIT keeps the planner from joining the old events that way; a key's remaining ones go next time.
 */
async function countAndRecord(executor: Executor, keys: KeyAttempts[]): Promise<Recent[]> {
  const input = JSON.stringify(
    keys.map(({ bucket, key, attempts, limit, windowMs }) => ({
      bucket,
      key,
      attempts,
      lim: limit,
      since: new Date(Date.now() - windowMs).toISOString(),
    })),
  );
  const result = await executor.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as t(bucket text, key text, attempts int, lim int, since timestamptz)
    ), expired as (
      delete from ${rateLimitEvents} e where e.id in (
        select old.id from input i cross join lateral (
          select o.id from ${rateLimitEvents} o
          where o.bucket = i.bucket and o.key = i.key and o.created_at < i.since limit 1000) as old)
    ), recent as (
      select i.bucket, i.key, i.attempts, i.lim, c.n, c.oldest
      from input i cross join lateral (
        select count(*) as n, extract(epoch from min(e.created_at))::float8 * 1000 as oldest
        from ${rateLimitEvents} e
        where e.bucket = i.bucket and e.key = i.key and e.created_at > i.since) as c
    ), recorded as (
      insert into ${rateLimitEvents} (bucket, key)
      select r.bucket, r.key from recent r cross join lateral generate_series(1, least(r.attempts, r.lim - r.n))
    )
    select bucket, key, n, oldest from recent`);
  // node-postgres and PGlite both answer with { rows }; numbers may come as text from either
  return (result as unknown as { rows: Recent[] }).rows;
}
