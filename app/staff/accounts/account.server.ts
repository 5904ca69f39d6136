import { recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { findUserById, setPasswordHash } from "#app/staff/accounts/user.server";
import { deleteOtherSessions } from "#app/staff/sign-in/session.server";
import type { AdminSession } from "../sign-in/auth.server";
import { hashPassword, verifyPassword } from "../sign-in/password.server";

export const WRONG_CURRENT_PASSWORD = "Current password is incorrect";

/**
 * Changes the signed-in admin's password after checking the current one, and ends their other sessions:
 * whoever else held one may be why the password is being changed.
 */
export async function changeOwnPassword(
  admin: AdminSession,
  input: { currentPassword: string; newPassword: string },
): Promise<{ ok: true; endedSessions: number } | { ok: false; message: string }> {
  const user = await findUserById(admin.user.id);
  if (!(await verifyPassword(user?.passwordHash, input.currentPassword))) {
    return { ok: false, message: WRONG_CURRENT_PASSWORD };
  }
  const passwordHash = await hashPassword(input.newPassword);
  return db().transaction(async (tx) => {
    await setPasswordHash(tx, admin.user.id, passwordHash);
    const ended = await deleteOtherSessions(tx, admin.user.id, admin.sessionId);
    await recordAudit(tx, admin.actor, {
      action: "Changed admin password",
      tableName: "users",
      recordId: admin.user.id,
      newValues: { email: admin.user.email, other_sessions_ended: ended.length },
    });
    return { ok: true as const, endedSessions: ended.length };
  });
}

/** Ends every session of the signed-in admin except the one making the request. */
export async function signOutOtherSessions(admin: AdminSession) {
  return db().transaction(async (tx) => {
    const ended = await deleteOtherSessions(tx, admin.user.id, admin.sessionId);
    await recordAudit(tx, admin.actor, {
      action: "Signed out other admin sessions",
      tableName: "sessions",
      recordId: admin.user.id,
      newValues: { email: admin.user.email, sessions_ended: ended.length },
    });
    return ended.length;
  });
}
