import { type SQL, sql } from "drizzle-orm";
import { db, executeRows } from "#app/platform/db/client.server";

/**
 * Rate-limit events and sign-in attempts older than this count in no window: the public forms count a minute,
 * passkey options five minutes, a sign-in lock fifteen (`rate-limit.server.ts` refuses a longer window).
 */
export const ATTEMPT_RETENTION_MS = 24 * 60 * 60 * 1000;

const BATCH = 5_000;

/**
 * Deletes the rows of `table` created before the retention, a batch at a time so no statement holds many locks
 * for long; rows another process is deleting are skipped, not waited for. Returns how many went.
 */
async function forgetOld(table: SQL): Promise<number> {
  const cutoff = sql`now() - ${ATTEMPT_RETENTION_MS} * interval '1 millisecond'`;
  let total = 0;
  while (true) {
    const [row] = await executeRows<{ n: number }>(
      db(),
      sql`with gone as (
        delete from ${table} where id in (
          select id from ${table} where created_at < ${cutoff} limit ${BATCH} for update skip locked)
        returning 1)
      select count(*)::int as n from gone`,
    );
    const deleted = Number(row?.n ?? 0);
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/**
 * Forgets what no window counts any more. Without it an address or an e-mail that never came back would keep its
 * rows for ever: a key's own old events are otherwise deleted only when that key is counted again.
 */
export async function forgetOldAttempts() {
  return {
    rateLimitEvents: await forgetOld(sql`rate_limit_events`),
    loginAttempts: await forgetOld(sql`login_attempts`),
  };
}
