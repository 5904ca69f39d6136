import { type RouterContextProvider, redirect } from "react-router";
import { requestInfoContext } from "#app/context";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Tx } from "#app/platform/db/client.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { findUserByEmail } from "#app/staff/accounts/user.server";
import { hasSecondFactor } from "#app/staff/second-factor/factors.server";
import { safeAdminRedirect } from "#app/staff/sign-in/auth";
import {
  countRecentFailures,
  findActiveLock,
  markLoginAttemptSucceeded,
  recordLoginAttempt,
  recordLoginLock,
} from "#app/staff/sign-in/login-attempt.server";
import { anonymousActor, SIGNED_IN_TOAST, startSession, VERIFY_PATH } from "./auth.server";
import { verifyPassword } from "./password.server";

export const MAX_FAILED_LOGINS = 5;
export const LOCK_WINDOW_MS = 15 * 60 * 1000;
export const INVALID_CREDENTIALS_MESSAGE = "Invalid admin credentials";

type Args = { request: Request; context: Readonly<RouterContextProvider> };
type Outcome =
  | { ok: true; response: Response }
  | { ok: false; status: number; title: string; message: string; retryAfterSeconds?: number };

export function locked(lockedAt: Date): Extract<Outcome, { ok: false }> {
  const seconds = Math.max(1, Math.ceil((lockedAt.getTime() + LOCK_WINDOW_MS - Date.now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return {
    ok: false,
    status: 429,
    title: "Login Failed",
    message: `Too many failed sign-in attempts. Sign-in is locked for 15 minutes; try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    retryAfterSeconds: seconds,
  };
}

type Attempt =
  | { ok: true; id: string; locksOnFailure: { email: boolean; ip: boolean } }
  | { ok: false; lockedAt: Date };

/**
 * Opens a throttled attempt for this e-mail from this address: refused while either is locked. The attempt is
 * recorded as a failure before the secret is checked and counted with the others: of many attempts sent at
 * once, only the first MAX_FAILED_LOGINS to be recorded get their secret checked. Passwords and second factors
 * share the count, so a stolen password does not buy unlimited code guesses.
 */
export async function openAttempt(email: string, ip: string): Promise<Attempt> {
  const windowStart = new Date(Date.now() - LOCK_WINDOW_MS);
  const lockedAt = await findActiveLock(email, ip, windowStart);
  if (lockedAt) return { ok: false, lockedAt };
  const id = await recordLoginAttempt(email, ip);
  const failures = await countRecentFailures(email, ip, windowStart);
  if (failures.byEmail > MAX_FAILED_LOGINS || failures.byIp > MAX_FAILED_LOGINS) {
    // earlier attempts in flight used up the allowance; their own outcome records the lock
    return { ok: false, lockedAt: new Date() };
  }
  return {
    ok: true,
    id,
    locksOnFailure: { email: failures.byEmail >= MAX_FAILED_LOGINS, ip: failures.byIp >= MAX_FAILED_LOGINS },
  };
}

/**
 * Records a failed attempt's audit row (given by `audit`), and the lock it triggers, in one transaction;
 * returns the locked answer when it did.
 */
export async function failAttempt(
  attempt: Extract<Attempt, { ok: true }>,
  actor: AuditActor,
  email: string,
  userId: string | null,
  audit: (tx: Tx) => Promise<void>,
) {
  const { email: emailOver, ip: ipOver } = attempt.locksOnFailure;
  const locks = emailOver || ipOver;
  await db().transaction(async (tx) => {
    await audit(tx);
    if (!locks) return;
    await recordLoginLock(tx, { email: emailOver ? email : undefined, ip: ipOver ? actor.ip : undefined });
    await recordAudit(tx, actor, {
      action: "Locked admin login",
      tableName: "users",
      recordId: userId,
      newValues: {
        email: emailOver ? email : null,
        ip: ipOver ? actor.ip : null,
        locked_minutes: LOCK_WINDOW_MS / 60_000,
      },
    });
  });
  return locks ? locked(new Date()) : null;
}

/**
 * Checks the lock and the credentials, and records the attempt. Unknown e-mail and wrong password get the same
 * answer and the same work (a hash is verified either way). An admin with a second factor gets a session that
 * only reaches the second-factor check.
 */
export async function attemptLogin(
  args: Args,
  input: { email: string; password: string; redirectTo?: string },
): Promise<Outcome> {
  const { ip } = args.context.get(requestInfoContext);
  const email = input.email.toLowerCase();
  const attempt = await openAttempt(email, ip);
  if (!attempt.ok) return locked(attempt.lockedAt);

  const user = await findUserByEmail(email);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  const actor = anonymousActor(args.context, email);

  if (!user || !valid || user.deactivatedAt !== null) {
    const lockedOut = await failAttempt(attempt, actor, email, user?.id ?? null, (tx) =>
      recordAudit(tx, actor, {
        action: "Failed admin login",
        tableName: "users",
        recordId: user?.id ?? null,
        newValues: { email, reason: user ? "wrong password" : "unknown email" },
      }),
    );
    return (
      lockedOut ?? { ok: false, status: 401, title: "Login Failed", message: INVALID_CREDENTIALS_MESSAGE }
    );
  }

  const needsSecondFactor = await hasSecondFactor(user.id);
  const setCookie = await db().transaction(async (tx) => {
    await markLoginAttemptSucceeded(tx, attempt.id);
    await recordAudit(
      tx,
      { ...actor, id: user.id },
      needsSecondFactor
        ? {
            action: "Admin login: password accepted, second factor pending",
            tableName: "users",
            recordId: user.id,
            newValues: { email: user.email },
          }
        : {
            action: "Admin login",
            tableName: "users",
            recordId: user.id,
            newValues: { email: user.email, login_time: new Date().toISOString() },
          },
    );
    return startSession(tx, user, args.context, args.request, { needsSecondFactor });
  });
  const target = safeAdminRedirect(input.redirectTo);
  if (needsSecondFactor) {
    return {
      ok: true,
      response: redirect(`${VERIFY_PATH}?redirectTo=${encodeURIComponent(target)}`, {
        headers: { "Set-Cookie": setCookie },
      }),
    };
  }
  return {
    ok: true,
    response: await redirectWithToast(target, SIGNED_IN_TOAST, { headers: { "Set-Cookie": setCookie } }),
  };
}
