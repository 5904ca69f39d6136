import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import { users } from "#app/platform/db/tables.server";

const publicColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  roles: users.roles,
  deactivatedAt: users.deactivatedAt,
  createdAt: users.createdAt,
};

// The spec's administrators are the owners: `max_admin_accounts` caps them, and they are who signs up first.
const activeOwner = and(sql`${users.roles} @> array['owner']::text[]`, isNull(users.deactivatedAt));

export async function countAdmins(executor: Executor = db()) {
  const [row] = await executor.select({ n: count() }).from(users).where(activeOwner);
  return row?.n ?? 0;
}

export async function adminExists(executor: Executor = db()) {
  return (await countAdmins(executor)) > 0;
}

export async function findUserByEmail(email: string, executor: Executor = db()) {
  const [row] = await executor
    .select({ ...publicColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function findUserById(id: string, executor: Executor = db()) {
  const [row] = await executor
    .select({ ...publicColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

export async function listAdmins(executor: Executor = db()) {
  return executor.select(publicColumns).from(users).where(activeOwner).orderBy(asc(users.createdAt));
}

/** Active staff who handle money: finance, and the owners (who hold every role). */
export async function listFinanceStaff(executor: Executor = db()) {
  return executor
    .select(publicColumns)
    .from(users)
    .where(and(sql`${users.roles} && array['finance', 'owner']::text[]`, isNull(users.deactivatedAt)))
    .orderBy(asc(users.createdAt));
}

export async function createAdmin(executor: Executor, email: string, passwordHash: string) {
  const [row] = await executor
    .insert(users)
    .values({ email: email.trim().toLowerCase(), passwordHash, roles: ["owner"] })
    .returning(publicColumns);
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function setPasswordHash(executor: Executor, userId: string, passwordHash: string) {
  await executor.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function deleteUser(executor: Executor, userId: string) {
  await executor.delete(users).where(eq(users.id, userId));
}

// An arbitrary constant: signups and admin additions take this lock so the count they check stays true.
const ADMIN_ACCOUNTS_LOCK = 727_002;

/** Serialises changes to the set of admins within the caller's transaction (PostgreSQL advisory lock). */
export async function lockAdminAccounts(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_ACCOUNTS_LOCK})`);
}

/** Holds this admin's row until the transaction ends: changes to their second factors queue behind it. */
export async function lockUser(tx: Executor, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** Whether the account is active and holds the trainer role: what a facilitator's profile may be linked to. */
export async function isActiveTrainer(id: string, executor: Executor = db()) {
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.id, id), sql`${users.roles} @> array['trainer']::text[]`, isNull(users.deactivatedAt)),
    );
  return row !== undefined;
}
