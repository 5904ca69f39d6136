import { sql } from "drizzle-orm";
import { db, executeRows, getDatabaseHandle } from "#app/platform/db/client.server";
import { ATTEMPT_RETENTION_MS } from "#app/platform/rate-limit/attempt-retention.server";
import { groupCommit } from "../db/group-commit.server";

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type Attempt = { bucket: string; key: string; limit: number; windowMs: number };
/** The attempts of a group on one (bucket, key): a bucket has one limit, so the first attempt's stands. */
type KeyAttempts = Attempt & { attempts: number };
type Recent = { bucket: string; key: string; n: number | string; oldest: number | string | null };

const keyOf = ({ bucket, key }: Pick<Attempt, "bucket" | "key">) => `${bucket}:${key}`;

/**
 * Counts an attempt against `limit` per `windowMs` for (bucket, key). On PostgreSQL the attempts are counted in
 * the database, so the limit holds across server processes, and attempts that arrive together are counted in
 * one statement (decision 0607). Only one process can open a PGlite database, so there they are counted in that
 * process (decision 0615).
 */
export function consumeRateLimit(
  bucket: string,
  key: string,
  { limit, windowMs }: { limit: number; windowMs: number },
): Promise<RateLimitResult> {
  // older events are deleted (`forgetOldAttempts`), so a longer window would count too few
  if (windowMs > ATTEMPT_RETENTION_MS)
    throw new Error(`rate limit ${bucket}: its window outlasts the stored events`);
  const attempt = { bucket, key, limit, windowMs };
  if (getDatabaseHandle().kind === "pglite") return Promise.resolve(countInProcess(attempt));
  return consumeInGroup(attempt);
}

const consumeInGroup = groupCommit(countAttempts);

/**
 * Counts a group of attempts, each against the stored ones and those ahead of it in the group. Exported for the
 * test that runs groups at once from several connections, as separate processes would.
 */
export async function countAttempts(attempts: Attempt[]): Promise<RateLimitResult[]> {
  if (getDatabaseHandle().kind === "pglite") return attempts.map((attempt) => countInProcess(attempt));
  const byKey = new Map<string, KeyAttempts>();
  for (const attempt of attempts) {
    const seen = byKey.get(keyOf(attempt));
    if (seen) seen.attempts += 1;
    else byKey.set(keyOf(attempt), { ...attempt, attempts: 1 });
  }
  const counted = await countAndRecord([...byKey.values()]);
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
 * Forgets the keys' old events (no one needs them), counts the recent ones and records each attempt still under
 * its limit: the migration's function, one statement and one round trip on either database (decision 0612).
 */
async function countAndRecord(keys: KeyAttempts[]): Promise<Recent[]> {
  const input = JSON.stringify(
    keys.map(({ bucket, key, attempts, limit, windowMs }) => ({
      bucket,
      key,
      attempts,
      lim: limit,
      since: new Date(Date.now() - windowMs).toISOString(),
    })),
  );
  return executeRows<Recent>(db(), sql`select * from count_rate_limit_attempts(${input}::jsonb)`);
}

/** Keys counted in this process (PGlite): past this many, the one used longest ago is forgotten. */
const MAX_KEYS_IN_PROCESS = 50_000;
/**
 * The attempts each (bucket, key) was let through, oldest first, with the instant the newest leaves its window.
 * The map keeps keys in the order an attempt of theirs was last let through.
 */
const letThrough = new Map<string, { times: number[]; until: number }>();

/** The same count as `count_rate_limit_attempts`, kept in this process's memory. */
function countInProcess(attempt: Attempt): RateLimitResult {
  const at = Date.now();
  forgetPastWindows(at);
  const key = keyOf(attempt);
  const since = at - attempt.windowMs;
  const times = (letThrough.get(key)?.times ?? []).filter((time) => time > since);
  if (times.length >= attempt.limit) {
    const freeAt = (times[0] as number) + attempt.windowMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - at) / 1000)) };
  }
  times.push(at);
  letThrough.delete(key);
  letThrough.set(key, { times, until: at + attempt.windowMs });
  if (letThrough.size > MAX_KEYS_IN_PROCESS) letThrough.delete(letThrough.keys().next().value as string);
  return { allowed: true };
}

/** Forgets keys whose attempts have all left their windows, from the one used longest ago. */
function forgetPastWindows(at: number) {
  for (const [key, { until }] of letThrough) {
    if (until > at) return;
    letThrough.delete(key);
  }
}
