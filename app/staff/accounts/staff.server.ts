import crypto from "node:crypto";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { users } from "#app/platform/db/tables.server";
import { enqueueEmails } from "#app/platform/email/outbox.server";
import { env } from "#app/platform/env.server";
import { getSetting } from "#app/platform/settings/setting.server";
import { sessions, staffInvitations } from "#app/staff/tables.server";
import { now } from "#app/utils/clock";
import type { Role } from "../policy";
import { maxAdminsMessage } from "../sign-in/auth";
import { anonymousActor, startSession } from "../sign-in/auth.server";
import { hashPassword } from "../sign-in/password.server";
import { staffInvitationMessage } from "./emails.server";
import { INVITATION_HOURS, INVITATION_UNUSABLE } from "./staff";
import { countAdmins, findUserByEmail, findUserById, lockAdminAccounts } from "./user.server";

export type StaffOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

const refused = (status: number, message: string): StaffOutcome => ({ ok: false, status, message });
const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("base64url");
const isOwner = (roles: readonly string[]) => roles.includes("owner");

/** Every staff account (active ones first) and the invitations still open. */
export async function listStaff() {
  const [accounts, invitations] = await Promise.all([
    db()
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        roles: users.roles,
        deactivatedAt: users.deactivatedAt,
        createdAt: users.createdAt,
        lastSeenAt: sql<Date | null>`(select max(s.last_seen_at) from sessions s where s.user_id = "users"."id")`,
      })
      .from(users)
      .orderBy(sql`${users.deactivatedAt} is not null`, asc(users.createdAt)),
    db()
      .select({
        id: staffInvitations.id,
        email: staffInvitations.email,
        name: staffInvitations.name,
        roles: staffInvitations.roles,
        expiresAt: staffInvitations.expiresAt,
        createdAt: staffInvitations.createdAt,
      })
      .from(staffInvitations)
      .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
      .orderBy(asc(staffInvitations.createdAt)),
  ]);
  return { accounts, invitations };
}

/** Owners may not pass max_admin_accounts, counting those already invited as owners. */
async function ownerSeatLeft(tx: Executor) {
  const max = await getSetting("max_admin_accounts", tx);
  const [pending] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(staffInvitations)
    .where(
      and(
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now()),
        sql`${staffInvitations.roles} @> array['owner']::text[]`,
      ),
    );
  return { left: (await countAdmins(tx)) + (pending?.n ?? 0) < max, max };
}

/** A one-use link: the token travels only in the e-mail, the database keeps its hash. */
function newLink() {
  const token = crypto.randomBytes(32).toString("base64url");
  return {
    token,
    tokenHash: hashToken(token),
    expiresAt: new Date(now().getTime() + INVITATION_HOURS * 3_600_000),
  };
}

/** Queues the invitation's e-mail with its link in the caller's transaction. */
async function queueInvitation(
  tx: Executor,
  invitation: { id: string; email: string; name: string | null; roles: Role[]; expiresAt: Date },
  token: string,
  inviter: AuditActor,
) {
  const message = staffInvitationMessage({
    name: invitation.name,
    inviter: inviter.email ?? "An owner",
    roles: invitation.roles,
    url: `${env().PUBLIC_URL}/admin/invitation/${token}`,
    expiresAt: invitation.expiresAt,
  });
  await enqueueEmails(tx, [
    {
      to: invitation.email,
      ...message,
      kind: "staff_invitation",
      relatedTable: "staff_invitations",
      relatedId: invitation.id,
    },
  ]);
}

/** Invites someone by e-mail with roles; an open invitation to the same address is replaced. */
export async function inviteStaff(actor: AuditActor, input: { email: string; name: string; roles: Role[] }) {
  const email = input.email.toLowerCase();
  return db().transaction(async (tx): Promise<StaffOutcome> => {
    await lockAdminAccounts(tx);
    if (await findUserByEmail(email, tx))
      return refused(409, "A staff account with this email already exists.");
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now() })
      .where(
        and(
          sql`lower(${staffInvitations.email}) = ${email}`,
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      );
    if (isOwner(input.roles)) {
      const seat = await ownerSeatLeft(tx);
      if (!seat.left) return refused(409, maxAdminsMessage(seat.max));
    }
    const { token, tokenHash, expiresAt } = newLink();
    const [invitation] = await tx
      .insert(staffInvitations)
      .values({ email, name: input.name, roles: input.roles, tokenHash, invitedBy: actor.id, expiresAt })
      .returning();
    if (!invitation) throw new Error("insert returned no row");
    await queueInvitation(tx, invitation, token, actor);
    await recordAudit(tx, actor, {
      action: "Invited staff member",
      tableName: "staff_invitations",
      recordId: invitation.id,
      newValues: { email, name: input.name, roles: input.roles },
    });
    return { ok: true, message: `Invitation sent to ${email}.` };
  });
}

async function openInvitation(tx: Executor, id: string) {
  const [row] = await tx
    .select()
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.id, id),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
      ),
    )
    .for("update");
  return row;
}

/** A new link (the old one stops working) and 72 more hours. */
export async function resendInvitation(actor: AuditActor, id: string) {
  return db().transaction(async (tx): Promise<StaffOutcome> => {
    const invitation = await openInvitation(tx, id);
    if (!invitation) return refused(404, "That invitation is no longer open.");
    const { token, tokenHash, expiresAt } = newLink();
    await tx.update(staffInvitations).set({ tokenHash, expiresAt }).where(eq(staffInvitations.id, id));
    await queueInvitation(tx, { ...invitation, expiresAt }, token, actor);
    await recordAudit(tx, actor, {
      action: "Re-sent staff invitation",
      tableName: "staff_invitations",
      recordId: id,
      newValues: { email: invitation.email },
    });
    return { ok: true, message: `Invitation sent again to ${invitation.email}.` };
  });
}

export async function revokeInvitation(actor: AuditActor, id: string) {
  return db().transaction(async (tx): Promise<StaffOutcome> => {
    const invitation = await openInvitation(tx, id);
    if (!invitation) return refused(404, "That invitation is no longer open.");
    await tx.update(staffInvitations).set({ revokedAt: now() }).where(eq(staffInvitations.id, id));
    await recordAudit(tx, actor, {
      action: "Revoked staff invitation",
      tableName: "staff_invitations",
      recordId: id,
      oldValues: { email: invitation.email, roles: invitation.roles },
    });
    return { ok: true, message: `The invitation to ${invitation.email} no longer works.` };
  });
}

/** The open, unexpired invitation behind a link, or null. */
export async function findInvitation(token: string, executor: Executor = db()) {
  const [row] = await executor
    .select()
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.tokenHash, hashToken(token)),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now()),
      ),
    );
  return row ?? null;
}

export type Accepted = { ok: true; setCookie: string } | { ok: false; status: number; message: string };

/**
 * The invitee sets their name and password: the account exists from now on, the link is spent, and they are
 * signed in (a second factor follows where require_second_factor asks for one).
 */
export async function acceptInvitation(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  token: string,
  input: { name: string; password: string },
) {
  const passwordHash = await hashPassword(input.password);
  return db().transaction(async (tx): Promise<Accepted> => {
    await lockAdminAccounts(tx);
    const invitation = await findInvitation(token, tx);
    if (!invitation) return { ok: false, status: 410, message: INVITATION_UNUSABLE };
    if (await findUserByEmail(invitation.email, tx)) {
      return { ok: false, status: 409, message: "A staff account with this email already exists." };
    }
    if (isOwner(invitation.roles)) {
      const max = await getSetting("max_admin_accounts", tx);
      if ((await countAdmins(tx)) >= max) return { ok: false, status: 409, message: maxAdminsMessage(max) };
    }
    const [user] = await tx
      .insert(users)
      .values({ email: invitation.email, name: input.name, passwordHash, roles: invitation.roles })
      .returning({ id: users.id, email: users.email, roles: users.roles });
    if (!user) throw new Error("insert returned no row");
    await tx
      .update(staffInvitations)
      .set({ acceptedAt: now() })
      .where(eq(staffInvitations.id, invitation.id));
    const { ip, userAgent } = anonymousActor(args.context);
    await recordAudit(
      tx,
      { id: user.id, email: user.email, roles: user.roles, ip, userAgent },
      {
        action: "Accepted staff invitation",
        tableName: "users",
        recordId: user.id,
        newValues: { email: user.email, name: input.name, roles: user.roles },
      },
    );
    return { ok: true, setCookie: await startSession(tx, user, args.context, args.request) };
  });
}

/** The owners' guard on an account change: never the actor's own access, never below one active owner. */
async function changeable(tx: Executor, actor: AuditActor, userId: string, losesOwner: boolean) {
  const target = await findUserById(userId, tx);
  if (!target) return { refusal: refused(404, "That staff account no longer exists.") } as const;
  if (userId === actor.id)
    return { refusal: refused(400, "You cannot change your own account here.") } as const;
  if (losesOwner && isOwner(target.roles) && !target.deactivatedAt && (await countAdmins(tx)) <= 1) {
    return { refusal: refused(400, "The last owner keeps the owner role and stays active.") } as const;
  }
  return { target } as const;
}

export async function setStaffRoles(actor: AuditActor, userId: string, roles: Role[]) {
  return db().transaction(async (tx): Promise<StaffOutcome> => {
    await lockAdminAccounts(tx);
    const { target, refusal } = await changeable(tx, actor, userId, !isOwner(roles));
    if (refusal) return refusal;
    if (isOwner(roles) && !isOwner(target.roles) && !target.deactivatedAt) {
      const max = await getSetting("max_admin_accounts", tx);
      if ((await countAdmins(tx)) >= max) return refused(409, maxAdminsMessage(max));
    }
    await tx.update(users).set({ roles, updatedAt: now() }).where(eq(users.id, userId));
    await recordAudit(tx, actor, {
      action: "Changed staff roles",
      tableName: "users",
      recordId: userId,
      oldValues: { email: target.email, roles: target.roles },
      newValues: { email: target.email, roles },
    });
    return { ok: true, message: `Roles of ${target.email} saved.` };
  });
}

/** The account keeps its history and cannot sign in; its sessions end now. */
export async function deactivateStaff(actor: AuditActor, userId: string) {
  return db().transaction(async (tx): Promise<StaffOutcome> => {
    await lockAdminAccounts(tx);
    const { target, refusal } = await changeable(tx, actor, userId, true);
    if (refusal) return refusal;
    if (target.deactivatedAt) return { ok: true, message: `${target.email} is already deactivated.` };
    await tx.update(users).set({ deactivatedAt: now(), updatedAt: now() }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await recordAudit(tx, actor, {
      action: "Deactivated staff account",
      tableName: "users",
      recordId: userId,
      oldValues: { email: target.email, roles: target.roles },
    });
    return { ok: true, message: `${target.email} can no longer sign in.` };
  });
}

export async function reactivateStaff(actor: AuditActor, userId: string) {
  return db().transaction(async (tx): Promise<StaffOutcome> => {
    await lockAdminAccounts(tx);
    const { target, refusal } = await changeable(tx, actor, userId, false);
    if (refusal) return refusal;
    if (!target.deactivatedAt) return { ok: true, message: `${target.email} is already active.` };
    if (isOwner(target.roles)) {
      const max = await getSetting("max_admin_accounts", tx);
      if ((await countAdmins(tx)) >= max) return refused(409, maxAdminsMessage(max));
    }
    await tx.update(users).set({ deactivatedAt: null, updatedAt: now() }).where(eq(users.id, userId));
    await recordAudit(tx, actor, {
      action: "Reactivated staff account",
      tableName: "users",
      recordId: userId,
      newValues: { email: target.email, roles: target.roles },
    });
    return { ok: true, message: `${target.email} can sign in again.` };
  });
}
