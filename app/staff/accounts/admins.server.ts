import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { getSetting } from "#app/platform/settings/setting.server";
import {
  countAdmins,
  createAdmin,
  deleteUser,
  findUserByEmail,
  findUserById,
  listAdmins,
  lockAdminAccounts,
} from "#app/staff/accounts/user.server";
import { maxAdminsMessage } from "#app/staff/sign-in/auth";
import { hashPassword } from "../sign-in/password.server";

export type AdminChange =
  | { ok: true; email: string }
  | { ok: false; status: number; message: string; field?: "email" };

/** Everything the Administrators card needs; a page that shows the card spreads this into its loader data. */
export async function loadAdministratorsCard(currentUserId: string) {
  return { admins: await listAdmins(), currentUserId, max: await getSetting("max_admin_accounts") };
}

/**
 * Adds an administrator while the count is below max_admin_accounts. The count, the setting and the insert
 * happen under the admin-accounts lock in one transaction, so concurrent additions never pass the maximum.
 */
export async function addAdmin(actor: AuditActor, input: { email: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  return db().transaction(async (tx): Promise<AdminChange> => {
    await lockAdminAccounts(tx);
    const max = await getSetting("max_admin_accounts", tx);
    if ((await countAdmins(tx)) >= max) return { ok: false, status: 409, message: maxAdminsMessage(max) };
    if (await findUserByEmail(input.email, tx)) {
      return {
        ok: false,
        status: 409,
        field: "email",
        message: "An admin account with this email already exists.",
      };
    }
    const user = await createAdmin(tx, input.email, passwordHash);
    await recordAudit(tx, actor, {
      action: "Added admin account",
      tableName: "users",
      recordId: user.id,
      oldValues: null,
      newValues: { email: user.email, roles: user.roles },
    });
    return { ok: true, email: user.email };
  });
}

/** Removes another administrator; never the actor, never the last one. Their sessions go with them. */
export async function removeAdmin(actor: AuditActor, userId: string) {
  return db().transaction(async (tx): Promise<AdminChange> => {
    await lockAdminAccounts(tx);
    if (userId === actor.id) {
      return { ok: false, status: 400, message: "You cannot remove your own admin account." };
    }
    const target = await findUserById(userId, tx);
    if (!target) return { ok: false, status: 404, message: "That admin account no longer exists." };
    if ((await countAdmins(tx)) <= 1) {
      return { ok: false, status: 400, message: "The last admin account cannot be removed." };
    }
    await deleteUser(tx, target.id);
    await recordAudit(tx, actor, {
      action: "Removed admin account",
      tableName: "users",
      recordId: target.id,
      oldValues: { email: target.email, roles: target.roles },
      newValues: null,
    });
    return { ok: true, email: target.email };
  });
}
