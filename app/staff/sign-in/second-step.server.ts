import type { RouterContextProvider } from "react-router";
import { recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { redirectWithToast } from "#app/platform/toast.server";
import { recordPasskeyUse } from "#app/staff/second-factor/factors.server";
import { safeAdminRedirect } from "#app/staff/sign-in/auth";
import { markSessionVerified } from "#app/staff/sign-in/session.server";
import { verifyAssertion } from "../second-factor/passkey.server";
import {
  checkSecondFactor,
  type FactorInput,
  type FactorResult,
} from "../second-factor/second-factor.server";
import { type AdminSession, anonymousActor, SIGNED_IN_TOAST, startSession } from "./auth.server";

// The steps after the password: the second factor that completes a sign-in, a passkey that is the whole
// sign-in, and the step-up that sensitive changes ask for.

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const welcome = (target: string | undefined, setCookie: string) =>
  redirectWithToast(safeAdminRedirect(target), SIGNED_IN_TOAST, { headers: { "Set-Cookie": setCookie } });

/** Completes a password-only session with a second factor: the session is replaced by a full one. */
export async function completeSignIn(
  args: Args,
  admin: AdminSession,
  input: FactorInput & { redirectTo?: string },
): Promise<FactorResult<Response>> {
  const result = await checkSecondFactor(admin, input, "verify", async (tx, method) => {
    await recordAudit(tx, admin.actor, {
      action: "Admin login",
      tableName: "users",
      recordId: admin.user.id,
      newValues: { email: admin.user.email, login_time: new Date().toISOString(), second_factor: method },
    });
    return startSession(tx, admin.user, args.context, args.request);
  });
  if (!result.ok) return result;
  return { ok: true, value: await welcome(input.redirectTo, result.value) };
}

export const PASSKEY_SIGN_IN_FAILED = "That passkey could not sign you in. Try again or use your password.";

/** A discoverable passkey as the whole sign-in (the authenticator checked its owner). */
export async function signInWithPasskey(
  args: Args,
  input: { credential: string; redirectTo?: string },
): Promise<FactorResult<Response>> {
  const passkey = await verifyAssertion("login", null, input.credential);
  if (!passkey || passkey.user.deactivatedAt !== null) {
    await db().transaction((tx) =>
      recordAudit(tx, anonymousActor(args.context), {
        action: "Failed admin login",
        tableName: "users",
        recordId: passkey?.userId ?? null,
        newValues: { email: passkey?.user.email ?? null, reason: "passkey not verified" },
      }),
    );
    return { ok: false, status: 401, message: PASSKEY_SIGN_IN_FAILED };
  }
  const { user } = passkey;
  const setCookie = await db().transaction(async (tx) => {
    await recordPasskeyUse(tx, passkey.id, passkey.newCounter);
    await recordAudit(
      tx,
      { ...anonymousActor(args.context, user.email), id: user.id },
      {
        action: "Admin login",
        tableName: "users",
        recordId: user.id,
        newValues: {
          email: user.email,
          login_time: new Date().toISOString(),
          second_factor: "passkey sign-in",
        },
      },
    );
    return startSession(tx, user, args.context, args.request);
  });
  return { ok: true, value: await welcome(input.redirectTo, setCookie) };
}

/** Proves again who holds this session (second factor, or the password for an admin without one). */
export async function stepUp(admin: AdminSession, input: FactorInput) {
  return checkSecondFactor(admin, input, "step-up", async (tx, method) => {
    await markSessionVerified(tx, admin.sessionId);
    await recordAudit(tx, admin.actor, {
      action: "Admin step-up",
      tableName: "sessions",
      recordId: admin.user.id,
      newValues: { email: admin.user.email, method },
    });
  });
}
