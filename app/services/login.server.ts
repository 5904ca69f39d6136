import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "#app/context";
import { db } from "#app/db/client.server";
import {
  countRecentFailures,
  findActiveLock,
  markLoginAttemptSucceeded,
  recordLoginAttempt,
  recordLoginLock,
} from "#app/models/login-attempt.server";
import { findUserByEmail } from "#app/models/user.server";
import { safeAdminRedirect } from "#app/schemas/auth";
import { recordAudit } from "./audit.server";
import { anonymousActor, startSession } from "./auth.server";
import { verifyPassword } from "./password.server";
import { redirectWithToast } from "./toast.server";

export const MAX_FAILED_LOGINS = 5;
export const LOCK_WINDOW_MS = 15 * 60 * 1000;
export const INVALID_CREDENTIALS_MESSAGE = "Invalid admin credentials";

type Args = { request: Request; context: Readonly<RouterContextProvider> };
type Outcome =
  | { ok: true; response: Response }
  | { ok: false; status: number; title: string; message: string; retryAfterSeconds?: number };

function locked(lockedAt: Date): Outcome {
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

/**
 * Checks the lock, the credentials, and records the attempt. Unknown e-mail and wrong password get the same
 * answer and the same work (a hash is verified either way).
 *
 * The attempt is recorded as a failure before the password is checked and counted with the others: of many
 * attempts sent at once, only the first MAX_FAILED_LOGINS to be recorded get their password checked.
 */
export async function attemptLogin(
  args: Args,
  input: { email: string; password: string; redirectTo?: string },
): Promise<Outcome> {
  const { ip } = args.context.get(requestInfoContext);
  const email = input.email.toLowerCase();
  const windowStart = new Date(Date.now() - LOCK_WINDOW_MS);
  const lockedAt = await findActiveLock(email, ip, windowStart);
  if (lockedAt) return locked(lockedAt);

  const attemptId = await recordLoginAttempt(email, ip);
  const failures = await countRecentFailures(email, ip, windowStart);
  const emailOver = failures.byEmail >= MAX_FAILED_LOGINS;
  const ipOver = failures.byIp >= MAX_FAILED_LOGINS;
  if (failures.byEmail > MAX_FAILED_LOGINS || failures.byIp > MAX_FAILED_LOGINS) {
    // earlier attempts in flight used up the allowance; their own outcome records the lock
    return locked(new Date());
  }

  const user = await findUserByEmail(email);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  const actor = anonymousActor(args.context, email);

  if (!user || !valid || user.role !== "admin") {
    const locks = emailOver || ipOver;
    await db().transaction(async (tx) => {
      await recordAudit(tx, actor, {
        action: "Failed admin login",
        tableName: "users",
        recordId: user?.id ?? null,
        newValues: { email, reason: user ? "wrong password" : "unknown email" },
      });
      if (locks) {
        await recordLoginLock(tx, { email: emailOver ? email : undefined, ip: ipOver ? ip : undefined });
        await recordAudit(tx, actor, {
          action: "Locked admin login",
          tableName: "users",
          recordId: user?.id ?? null,
          newValues: {
            email: emailOver ? email : null,
            ip: ipOver ? ip : null,
            locked_minutes: LOCK_WINDOW_MS / 60_000,
          },
        });
      }
    });
    if (locks) return locked(new Date());
    return { ok: false, status: 401, title: "Login Failed", message: INVALID_CREDENTIALS_MESSAGE };
  }

  const setCookie = await db().transaction(async (tx) => {
    await markLoginAttemptSucceeded(tx, attemptId);
    await recordAudit(
      tx,
      { ...actor, id: user.id },
      {
        action: "Admin login",
        tableName: "users",
        recordId: user.id,
        newValues: { email: user.email, login_time: new Date().toISOString() },
      },
    );
    return startSession(tx, user, args.context, args.request);
  });
  return {
    ok: true,
    response: await redirectWithToast(
      safeAdminRedirect(input.redirectTo),
      { type: "success", title: "Login Successful", description: "Welcome to the admin dashboard." },
      { headers: { "Set-Cookie": setCookie } },
    ),
  };
}
