import { and, count, desc, eq, gt, max, or } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import { rateLimitEvents } from "#app/platform/db/tables.server";
import { loginAttempts } from "#app/staff/tables.server";

/** Records an attempt as failed before its password is checked; a success is marked afterwards. */
export async function recordLoginAttempt(email: string, ip: string, executor: Executor = db()) {
  const [row] = await executor
    .insert(loginAttempts)
    .values({ email: email.toLowerCase(), ip, success: false })
    .returning({ id: loginAttempts.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function markLoginAttemptSucceeded(executor: Executor, id: string) {
  await executor.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, id));
}

/** Failures since the window opened for this e-mail (after its last success) or from this address. */
export async function countRecentFailures(email: string, ip: string, since: Date) {
  const normalised = email.toLowerCase();
  const [lastSuccess] = await db()
    .select({ at: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, normalised), eq(loginAttempts.success, true)));
  const emailSince = lastSuccess?.at && lastSuccess.at > since ? lastSuccess.at : since;
  const [byEmail] = await db()
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, normalised),
        eq(loginAttempts.success, false),
        gt(loginAttempts.createdAt, emailSince),
      ),
    );
  const [byIp] = await db()
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since)),
    );
  return { byEmail: byEmail?.n ?? 0, byIp: byIp?.n ?? 0 };
}

const LOCK_BUCKET = "login-lock";

/** Locks the e-mail, the address, or both: only what crossed the threshold, so one does not lock the other. */
export async function recordLoginLock(executor: Executor, target: { email?: string; ip?: string }) {
  const keys = [
    target.email ? `email:${target.email.toLowerCase()}` : null,
    target.ip ? `ip:${target.ip}` : null,
  ].filter((key): key is string => key !== null);
  if (keys.length === 0) return;
  await executor.insert(rateLimitEvents).values(keys.map((key) => ({ bucket: LOCK_BUCKET, key })));
}

/** When the newest lock on this e-mail or address was set, if one is still within `since`. */
export async function findActiveLock(email: string, ip: string, since: Date) {
  const [row] = await db()
    .select({ createdAt: rateLimitEvents.createdAt })
    .from(rateLimitEvents)
    .where(
      and(
        eq(rateLimitEvents.bucket, LOCK_BUCKET),
        or(eq(rateLimitEvents.key, `email:${email.toLowerCase()}`), eq(rateLimitEvents.key, `ip:${ip}`)),
        gt(rateLimitEvents.createdAt, since),
      ),
    )
    .orderBy(desc(rateLimitEvents.createdAt))
    .limit(1);
  return row?.createdAt;
}
