import crypto from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "#app/context";
import { env } from "#app/platform/env.server";
import { logger } from "#app/platform/logger.server";
import { findSetupCodeHash, saveSetupCodeHash } from "#app/staff/accounts/setup-code-store.server";
import { adminExists } from "#app/staff/accounts/user.server";

// While no admin exists, a signup from another machine must carry the one-time code this process printed at
// start-up, so whoever reaches a new server first cannot claim it. The hash is kept in the database, one row:
// with several processes each prints its own code and the one printed last is the one every process accepts.

export const SETUP_CODE_MESSAGE =
  "Enter the setup code printed in the server's start-up log (it is needed when signing up from another machine).";

const normalise = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "");
const hash = (code: string) => crypto.createHash("sha256").update(normalise(code)).digest("base64url");

/** At start-up, while no admin exists: a fresh code, and where to sign up, in the log; returns the code. */
export async function announceFirstStart() {
  if (await adminExists()) return null;
  const raw = crypto.randomBytes(8).toString("hex").toUpperCase().slice(0, 10);
  const code = `${raw.slice(0, 5)}-${raw.slice(5)}`;
  await saveSetupCodeHash(hash(code));
  const signupUrl = `${env().PUBLIC_URL}/admin/signup`;
  logger.warn(
    { signupUrl, setupCode: code },
    `No admin account yet. Create it at ${signupUrl}; from another machine enter the setup code ${code}`,
  );
  return code;
}

/** Whether this signup may go ahead: from this machine always; from elsewhere with the latest code. */
export async function setupCodeAccepted(context: Readonly<RouterContextProvider>, code: string | undefined) {
  if (context.get(requestInfoContext).fromLoopback) return true;
  if (!code) return false;
  const stored = await findSetupCodeHash();
  if (!stored) return false;
  return crypto.timingSafeEqual(Buffer.from(stored), Buffer.from(hash(code)));
}

export function needsSetupCode(context: Readonly<RouterContextProvider>) {
  return !context.get(requestInfoContext).fromLoopback;
}
