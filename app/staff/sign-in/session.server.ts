import { and, desc, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import { users } from "#app/platform/db/tables.server";
import { sessions } from "#app/staff/tables.server";
import { now } from "#app/utils/clock";
import { hasSecondFactorSql } from "../second-factor/factors.server";

export async function insertSession(
  executor: Executor,
  values: {
    id: string;
    userId: string;
    ip: string;
    userAgent: string;
    expiresAt: Date;
    needsSecondFactor: boolean;
  },
) {
  await executor.insert(sessions).values({ ...values, verifiedAt: now() });
}

/** The session and its user, if the session has neither idled out nor passed its absolute lifetime. */
export async function findLiveSession(id: string, idleMs: number) {
  const idleCutoff = new Date(Date.now() - idleMs);
  const [row] = await db()
    .select({
      id: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      needsSecondFactor: sessions.needsSecondFactor,
      verifiedAt: sessions.verifiedAt,
      hasSecondFactor: hasSecondFactorSql(),
      user: { id: users.id, email: users.email, roles: users.roles },
    })
    .from(sessions)
    // a deactivated account's sessions end at once, even one that outlived the delete of its rows
    .innerJoin(users, and(eq(users.id, sessions.userId), isNull(users.deactivatedAt)))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, idleCutoff)));
  return row;
}

export async function touchSession(id: string) {
  await db().update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
}

/** The holder of this session has just proved who they are again (step-up). */
export async function markSessionVerified(executor: Executor, id: string) {
  await executor.update(sessions).set({ verifiedAt: now() }).where(eq(sessions.id, id));
}

export async function deleteSession(executor: Executor, id: string) {
  await executor.delete(sessions).where(eq(sessions.id, id));
}

export async function listUserSessions(userId: string, idleMs: number) {
  return db()
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, new Date(Date.now() - idleMs)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

export async function deleteOtherSessions(executor: Executor, userId: string, keepId: string) {
  return executor
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
}

export async function deleteExpiredSessions(idleMs: number) {
  await db()
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, new Date(Date.now() - idleMs))));
}
