import { and, count, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import { users } from "#app/platform/db/tables.server";
import { adminPasskeys, adminRecoveryCodes, adminTotp, webauthnChallenges } from "#app/staff/tables.server";

// Every read and write of an admin's second factors: passkeys, the authenticator-app secret, recovery codes,
// and the WebAuthn challenges handed out for a ceremony.

export type ChallengePurpose = "login" | "verify" | "register" | "step-up";

export async function listPasskeys(userId: string, executor: Executor = db()) {
  return executor
    .select({
      id: adminPasskeys.id,
      name: adminPasskeys.name,
      createdAt: adminPasskeys.createdAt,
      lastUsedAt: adminPasskeys.lastUsedAt,
      credentialId: adminPasskeys.credentialId,
      transports: adminPasskeys.transports,
    })
    .from(adminPasskeys)
    .where(eq(adminPasskeys.userId, userId))
    .orderBy(adminPasskeys.createdAt);
}

export async function findPasskeyByCredentialId(credentialId: string, executor: Executor = db()) {
  const [row] = await executor
    .select({
      id: adminPasskeys.id,
      userId: adminPasskeys.userId,
      name: adminPasskeys.name,
      credentialId: adminPasskeys.credentialId,
      publicKey: adminPasskeys.publicKey,
      counter: adminPasskeys.counter,
      transports: adminPasskeys.transports,
      user: { id: users.id, email: users.email, roles: users.roles, deactivatedAt: users.deactivatedAt },
    })
    .from(adminPasskeys)
    .innerJoin(users, eq(users.id, adminPasskeys.userId))
    .where(eq(adminPasskeys.credentialId, credentialId));
  return row;
}

export async function insertPasskey(
  executor: Executor,
  values: {
    userId: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    name: string;
  },
) {
  const [row] = await executor
    .insert(adminPasskeys)
    .values(values)
    .returning({ id: adminPasskeys.id, name: adminPasskeys.name });
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function recordPasskeyUse(executor: Executor, id: string, counter: number) {
  await executor
    .update(adminPasskeys)
    .set({ counter, lastUsedAt: new Date() })
    .where(eq(adminPasskeys.id, id));
}

/** Renames or deletes only a passkey of this admin; returns the row before the change, if there was one. */
export async function renamePasskey(executor: Executor, userId: string, id: string, name: string) {
  const [before] = await executor
    .select({ id: adminPasskeys.id, name: adminPasskeys.name })
    .from(adminPasskeys)
    .where(and(eq(adminPasskeys.id, id), eq(adminPasskeys.userId, userId)))
    .for("update");
  if (before) await executor.update(adminPasskeys).set({ name }).where(eq(adminPasskeys.id, id));
  return before;
}

export async function deletePasskey(executor: Executor, userId: string, id: string) {
  const [row] = await executor
    .delete(adminPasskeys)
    .where(and(eq(adminPasskeys.id, id), eq(adminPasskeys.userId, userId)))
    .returning({ id: adminPasskeys.id, name: adminPasskeys.name });
  return row;
}

export async function findTotp(userId: string, executor: Executor = db()) {
  const [row] = await executor
    .select({
      secretEncrypted: adminTotp.secretEncrypted,
      confirmedAt: adminTotp.confirmedAt,
      lastUsedStep: adminTotp.lastUsedStep,
    })
    .from(adminTotp)
    .where(eq(adminTotp.userId, userId));
  return row;
}

/** A new, unconfirmed secret; replaces an earlier unconfirmed one, never a confirmed one. */
export async function upsertPendingTotp(executor: Executor, userId: string, secretEncrypted: string) {
  const rows = await executor
    .insert(adminTotp)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: adminTotp.userId,
      set: { secretEncrypted, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(adminTotp.confirmedAt),
    })
    .returning({ userId: adminTotp.userId });
  return rows.length > 0;
}

/**
 * Accepts `step` for this admin only if it is later than the last step used: the compare-and-set makes a code
 * good once, also when two requests carry it at the same moment. `confirm` also activates a pending secret.
 */
export async function useTotpStep(executor: Executor, userId: string, step: number, confirm: boolean) {
  const rows = await executor
    .update(adminTotp)
    .set(confirm ? { lastUsedStep: step, confirmedAt: new Date() } : { lastUsedStep: step })
    .where(
      and(
        eq(adminTotp.userId, userId),
        confirm ? isNull(adminTotp.confirmedAt) : isNotNull(adminTotp.confirmedAt),
        sql`(${adminTotp.lastUsedStep} is null or ${adminTotp.lastUsedStep} < ${step})`,
      ),
    )
    .returning({ userId: adminTotp.userId });
  return rows.length > 0;
}

export async function deleteTotp(executor: Executor, userId: string) {
  await executor.delete(adminTotp).where(eq(adminTotp.userId, userId));
}

export async function replaceRecoveryCodes(executor: Executor, userId: string, codeHashes: string[]) {
  await executor.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await executor.insert(adminRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks the code used if it is this admin's and unused; true when it was. One statement: used once. */
export async function useRecoveryCode(executor: Executor, userId: string, codeHash: string) {
  const rows = await executor
    .update(adminRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(adminRecoveryCodes.userId, userId),
        eq(adminRecoveryCodes.codeHash, codeHash),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(userId: string, executor: Executor = db()) {
  const [row] = await executor
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.userId, userId), isNull(adminRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

// Correlated subqueries on the admin of the outer query. Written out in full: drizzle renders a column in a
// sql template without its table, and a bare "id" inside a subquery would mean the inner table's id.
const OUTER_USER = sql.raw(`"users"."id"`);
const passkeyCount = sql<number>`(select count(*)::int from "admin_passkeys" where "admin_passkeys"."user_id" = ${OUTER_USER})`;
const totpOn = sql<boolean>`exists (select 1 from "admin_totp" where "admin_totp"."user_id" = ${OUTER_USER} and "admin_totp"."confirmed_at" is not null)`;
const recoveryCodesLeft = sql<number>`(select count(*)::int from "admin_recovery_codes" where "admin_recovery_codes"."user_id" = ${OUTER_USER} and "admin_recovery_codes"."used_at" is null)`;

/** Per admin: passkeys, whether an authenticator app is on, and recovery codes left (settings overview). */
export async function listSecondFactorSummaries(executor: Executor = db()) {
  return executor
    .select({ id: users.id, email: users.email, passkeys: passkeyCount, totp: totpOn, recoveryCodesLeft })
    .from(users)
    .where(isNull(users.deactivatedAt))
    .orderBy(users.createdAt);
}

/**
 * SQL true when the admin of the outer query (on `users`) has a passkey or a confirmed authenticator app;
 * recovery codes are a backup only.
 */
export const hasSecondFactorSql = () => sql<boolean>`(${passkeyCount} > 0 or ${totpOn})`;

export async function hasSecondFactor(userId: string, executor: Executor = db()) {
  const [row] = await executor.select({ has: hasSecondFactorSql() }).from(users).where(eq(users.id, userId));
  return row?.has === true;
}

export async function insertChallenge(
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
  expiresAt: Date,
) {
  await db().delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await db().insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt });
}

/** Deletes and returns a live challenge for this purpose (and admin): a challenge answers one ceremony only. */
export async function consumeChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null) {
  const rows = await db()
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId ? eq(webauthnChallenges.userId, userId) : isNull(webauthnChallenges.userId),
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return rows.length > 0;
}
