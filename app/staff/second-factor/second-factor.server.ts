import crypto from "node:crypto";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Tx } from "#app/platform/db/client.server";
import { logger } from "#app/platform/logger.server";
import { getSetting } from "#app/platform/settings/setting.server";
import { findUserById, lockUser } from "#app/staff/accounts/user.server";
import {
  countUnusedRecoveryCodes,
  deletePasskey,
  deleteTotp,
  findTotp,
  hasSecondFactor,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  renamePasskey,
  replaceRecoveryCodes,
  upsertPendingTotp,
  useRecoveryCode,
  useTotpStep,
} from "#app/staff/second-factor/factors.server";
import { markLoginAttemptSucceeded } from "#app/staff/sign-in/login-attempt.server";
import { now } from "#app/utils/clock";
import type { AdminUser } from "../sign-in/auth.server";
import { failAttempt, locked, openAttempt } from "../sign-in/login.server";
import { verifyPassword } from "../sign-in/password.server";
import { verifyAssertion, verifyRegistration } from "./passkey.server";
import { generateTotpSecret, matchTotp, openSecret, otpauthUri, qrSvg, sealSecret } from "./totp.server";

const RECOVERY_CODE_COUNT = 10;
export const WRONG_FACTOR_MESSAGE = "That did not match. Check it and try again.";
const LAST_FACTOR_MESSAGE =
  "Every admin must have a second factor (require_second_factor is on): add another before removing this one.";

type Who = { user: AdminUser; actor: AuditActor };
type FactorMethod = "totp" | "recovery" | "passkey" | "password";
export type FactorInput = { method: FactorMethod; code?: string; credential?: string };
export type FactorResult<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

/** What the second-factor forms offer this admin. */
export async function factorChoices(userId: string) {
  const [totp, passkeys, recoveryCodes] = await Promise.all([
    findTotp(userId),
    listPasskeys(userId),
    countUnusedRecoveryCodes(userId),
  ]);
  return { totp: Boolean(totp?.confirmedAt), passkeys: passkeys.length, recoveryCodes };
}

/**
 * The step a typed code matches for this stored secret, or null. A secret sealed under an earlier
 * SESSION_SECRET no longer opens: it matches nothing (the admin signs in with a passkey or recovery code).
 */
function matchStoredTotp(sealed: string, code: string) {
  try {
    return matchTotp(openSecret(sealed), code, now().getTime());
  } catch (err) {
    logger.error({ err }, "an authenticator-app secret could not be opened (was SESSION_SECRET changed?)");
    return null;
  }
}

const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");
const hashRecoveryCode = (code: string) =>
  crypto.createHash("sha256").update(normaliseRecoveryCode(code)).digest("base64url");

/**
 * Checks a second factor of this admin (for step-up of an admin without one, the password), throttled with
 * the password attempts, and runs `onSuccess` in the transaction that uses the code up and audits its use.
 * A code is spent by a compare-and-set inside that transaction, so two requests carrying it cannot both pass.
 */
export async function checkSecondFactor<T>(
  who: Who,
  input: FactorInput,
  purpose: "verify" | "step-up",
  onSuccess: (tx: Tx, method: FactorMethod) => Promise<T>,
): Promise<FactorResult<T>> {
  const { user, actor } = who;
  const attempt = await openAttempt(user.email, actor.ip);
  if (!attempt.ok) return { ok: false, status: 429, message: locked(attempt.lockedAt).message };

  let spend: ((tx: Tx) => Promise<boolean>) | null = null;
  if (input.method === "totp" && input.code) {
    const row = await findTotp(user.id);
    const step = row?.confirmedAt ? matchStoredTotp(row.secretEncrypted, input.code) : null;
    if (step !== null) spend = (tx) => useTotpStep(tx, user.id, step, false);
  } else if (input.method === "recovery" && input.code) {
    const hash = hashRecoveryCode(input.code);
    spend = (tx) => useRecoveryCode(tx, user.id, hash);
  } else if (input.method === "passkey" && input.credential) {
    const passkey = await verifyAssertion(purpose, user.id, input.credential);
    if (passkey) {
      spend = async (tx) => {
        await recordPasskeyUse(tx, passkey.id, passkey.newCounter);
        return true;
      };
    }
  } else if (input.method === "password" && input.code && purpose === "step-up") {
    // the password stands in only for an admin who has no second factor to give
    const row = await findUserById(user.id);
    if (!(await hasSecondFactor(user.id)) && (await verifyPassword(row?.passwordHash, input.code))) {
      spend = async () => true;
    }
  }

  const passed = spend
    ? await db().transaction(async (tx) => {
        if (!(await spend(tx))) return null;
        await markLoginAttemptSucceeded(tx, attempt.id);
        if (input.method === "recovery") {
          await recordAudit(tx, actor, {
            action: "Used admin recovery code",
            tableName: "admin_recovery_codes",
            recordId: user.id,
            newValues: { email: user.email, codes_left: await countUnusedRecoveryCodes(user.id, tx) },
          });
        }
        return { value: await onSuccess(tx, input.method) };
      })
    : null;
  if (passed) return { ok: true, value: passed.value };

  const lockedOut = await failAttempt(attempt, actor, user.email, user.id, (tx) =>
    recordAudit(tx, actor, {
      action: purpose === "verify" ? "Failed admin second factor" : "Failed admin step-up",
      tableName: "users",
      recordId: user.id,
      newValues: { email: user.email, method: input.method },
    }),
  );
  return lockedOut
    ? { ok: false, status: 429, message: lockedOut.message }
    : { ok: false, status: 401, message: WRONG_FACTOR_MESSAGE };
}

/** Ten new recovery codes for this admin (the old ones stop working); the plain codes are returned once. */
export async function issueRecoveryCodes(tx: Tx, who: Who) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = crypto.randomBytes(6).toString("hex");
    return `${raw.slice(0, 6)}-${raw.slice(6)}`;
  });
  await replaceRecoveryCodes(tx, who.user.id, codes.map(hashRecoveryCode));
  await recordAudit(tx, who.actor, {
    action: "Generated admin recovery codes",
    tableName: "admin_recovery_codes",
    recordId: who.user.id,
    newValues: { email: who.user.email, count: codes.length },
  });
  return codes;
}

export async function regenerateRecoveryCodes(who: Who) {
  return db().transaction((tx) => issueRecoveryCodes(tx, who));
}

/** The first second factor comes with recovery codes: without them a lost phone locks the admin out. */
async function firstRecoveryCodes(tx: Tx, who: Who) {
  return (await countUnusedRecoveryCodes(who.user.id, tx)) === 0 ? issueRecoveryCodes(tx, who) : null;
}

/** The pending authenticator-app secret (made on request), as a QR code and as a key to type. */
export async function pendingTotp(who: Who) {
  const row = await findTotp(who.user.id);
  if (!row || row.confirmedAt) return null;
  let secret: string;
  try {
    secret = openSecret(row.secretEncrypted);
  } catch {
    return null; // sealed under an earlier SESSION_SECRET: "Set up" makes a new one
  }
  const uri = otpauthUri(secret, who.user.email, "Mafunzo");
  return { secret: secret.replace(/(.{4})/g, "$1 ").trim(), qr: await qrSvg(uri) };
}

export async function startTotpEnrolment(who: Who) {
  return upsertPendingTotp(db(), who.user.id, sealSecret(generateTotpSecret()));
}

/** Activates the pending secret once the admin types a code it makes; returns first recovery codes if any. */
export async function confirmTotp(who: Who, code: string): Promise<FactorResult<string[] | null>> {
  const row = await findTotp(who.user.id);
  if (!row || row.confirmedAt) return { ok: false, status: 409, message: "Start setting up the app first." };
  const step = matchStoredTotp(row.secretEncrypted, code);
  if (step === null) return { ok: false, status: 400, message: WRONG_FACTOR_MESSAGE };
  const codes = await db().transaction(async (tx) => {
    if (!(await useTotpStep(tx, who.user.id, step, true))) return undefined;
    await recordAudit(tx, who.actor, {
      action: "Enabled admin authenticator app",
      tableName: "admin_totp",
      recordId: who.user.id,
      newValues: { email: who.user.email },
    });
    return firstRecoveryCodes(tx, who);
  });
  if (codes === undefined) return { ok: false, status: 409, message: WRONG_FACTOR_MESSAGE };
  return { ok: true, value: codes };
}

/** Refuses to take away an admin's last factor while the policy requires one. */
async function mayRemoveFactor(tx: Tx, userId: string) {
  await lockUser(tx, userId);
  if (!(await getSetting("require_second_factor", tx))) return true;
  const [totp, passkeys] = await Promise.all([findTotp(userId, tx), listPasskeys(userId, tx)]);
  return (totp?.confirmedAt ? 1 : 0) + passkeys.length > 1;
}

export async function removeTotp(who: Who): Promise<FactorResult<null>> {
  return db().transaction(async (tx) => {
    const row = await findTotp(who.user.id, tx);
    if (!row) return { ok: false, status: 404, message: "No authenticator app is set up." };
    if (row.confirmedAt && !(await mayRemoveFactor(tx, who.user.id))) {
      return { ok: false, status: 409, message: LAST_FACTOR_MESSAGE };
    }
    await deleteTotp(tx, who.user.id);
    if (row.confirmedAt) {
      await recordAudit(tx, who.actor, {
        action: "Removed admin authenticator app",
        tableName: "admin_totp",
        recordId: who.user.id,
        oldValues: { email: who.user.email },
      });
    }
    return { ok: true, value: null };
  });
}

export async function addPasskey(
  who: Who,
  input: { name: string; credential: string },
): Promise<FactorResult<string[] | null>> {
  const passkey = await verifyRegistration(who.user, input.credential);
  if (!passkey) return { ok: false, status: 400, message: "The passkey could not be registered. Try again." };
  return db().transaction(async (tx) => {
    const row = await insertPasskey(tx, { ...passkey, userId: who.user.id, name: input.name });
    await recordAudit(tx, who.actor, {
      action: "Added admin passkey",
      tableName: "admin_passkeys",
      recordId: row.id,
      newValues: { email: who.user.email, name: row.name },
    });
    return { ok: true as const, value: await firstRecoveryCodes(tx, who) };
  });
}

export async function renameOwnPasskey(who: Who, id: string, name: string): Promise<FactorResult<null>> {
  return db().transaction(async (tx) => {
    const before = await renamePasskey(tx, who.user.id, id, name);
    if (!before) return { ok: false, status: 404, message: "That passkey no longer exists." };
    await recordAudit(tx, who.actor, {
      action: "Renamed admin passkey",
      tableName: "admin_passkeys",
      recordId: id,
      oldValues: { name: before.name },
      newValues: { name },
    });
    return { ok: true, value: null };
  });
}

export async function removeOwnPasskey(who: Who, id: string): Promise<FactorResult<null>> {
  return db().transaction(async (tx) => {
    if (!(await mayRemoveFactor(tx, who.user.id))) {
      return { ok: false, status: 409, message: LAST_FACTOR_MESSAGE };
    }
    const removed = await deletePasskey(tx, who.user.id, id);
    if (!removed) return { ok: false, status: 404, message: "That passkey no longer exists." };
    await recordAudit(tx, who.actor, {
      action: "Removed admin passkey",
      tableName: "admin_passkeys",
      recordId: removed.id,
      oldValues: { email: who.user.email, name: removed.name },
    });
    return { ok: true, value: null };
  });
}
