import { and, count, desc, eq, gt, max, or } from "drizzle-orm";
import { db, type Executor } from "#app/db/client.server";
import { loginAttempts, rateLimitEvents } from "#app/db/schema";

export async function recordLoginAttempt(executor: Executor, email: string, ip: string, success: boolean) {
  await executor.insert(loginAttempts).values({ email: email.toLowerCase(), ip, success });
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

export async function recordLoginLock(executor: Executor, email: string, ip: string) {
  await executor.insert(rateLimitEvents).values([
    { bucket: LOCK_BUCKET, key: `email:${email.toLowerCase()}` },
    { bucket: LOCK_BUCKET, key: `ip:${ip}` },
  ]);
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
