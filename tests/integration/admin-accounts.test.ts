import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AuditActor } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { action as accountAction, loader as accountLoader } from "#app/routes/staff/account";
import { action as administratorsAction } from "#app/routes/staff/administrators";
import {
  addAdmin,
  attemptLogin,
  countAdmins,
  getAdmin,
  maxAdminsMessage,
  removeAdmin,
} from "#app/staff/index.server";
import { sessions } from "#app/staff/tables.server";
import { listAdmins, startSession, WRONG_CURRENT_PASSWORD } from "#app/staff/testing.server";
import {
  requestContext,
  resetAccessTables,
  routeArgs,
  sessionCookie,
  signedInAdmin,
} from "../helpers/admin-session";

const actorFor = (user: { id: string; email: string }): AuditActor => ({
  id: user.id,
  email: user.email,
  ip: "203.0.113.7",
  userAgent: "vitest",
});

const setMax = (max: number) => setSettingValue(db(), "max_admin_accounts", max, null);

const liveSessions = async (userId: string) =>
  (await db().select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]?.n;

/** The body and status of what a route action returned through data(). */
function unwrap(result: unknown) {
  const value = result as { data: Record<string, unknown>; init: ResponseInit | null };
  return { status: value.init?.status ?? 200, body: value.data };
}

beforeEach(async () => {
  await resetAccessTables();
  await setMax(1);
});

describe("adding administrators", () => {
  it("adds up to max_admin_accounts, then refuses with the maximum named", async () => {
    const { user } = await signedInAdmin({ email: "first@mafunzo.test" });
    await setMax(3);
    expect(await addAdmin(actorFor(user), { email: "second@mafunzo.test", password: "secret123" })).toEqual({
      ok: true,
      email: "second@mafunzo.test",
    });
    expect((await addAdmin(actorFor(user), { email: "third@mafunzo.test", password: "secret123" })).ok).toBe(
      true,
    );
    expect(await addAdmin(actorFor(user), { email: "fourth@mafunzo.test", password: "secret123" })).toEqual({
      ok: false,
      status: 409,
      message:
        "The maximum number of admin accounts (3) has been reached. Raise “Most staff accounts” in Settings → Security to add more.",
    });
    expect((await listAdmins()).map((a) => a.email)).toEqual([
      "first@mafunzo.test",
      "second@mafunzo.test",
      "third@mafunzo.test",
    ]);
    const audits = await db()
      .select({ oldValues: adminAuditLogs.oldValues, newValues: adminAuditLogs.newValues })
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.action, "Added admin account"));
    expect(audits).toContainEqual({
      oldValues: null,
      newValues: { email: "second@mafunzo.test", roles: ["owner"] },
    });
    expect(audits).toHaveLength(2);
  });

  it("never passes the maximum when additions race", async () => {
    const { user } = await signedInAdmin({ email: "first@mafunzo.test" });
    await setMax(3);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        addAdmin(actorFor(user), { email: `racer${i}@mafunzo.test`, password: "secret123" }),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(2);
    expect(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.message)).toEqual(
      Array(6).fill(maxAdminsMessage(3)),
    );
    expect(await countAdmins()).toBe(3);
  });

  it("refuses an e-mail that already has an account, whatever its case", async () => {
    const { user } = await signedInAdmin({ email: "first@mafunzo.test" });
    await setMax(2);
    expect(
      await addAdmin(actorFor(user), { email: "FIRST@mafunzo.test", password: "secret123" }),
    ).toMatchObject({
      ok: false,
      field: "email",
    });
  });

  it("through the route: adds with a valid form, refuses at the maximum and a short password", async () => {
    const { cookie } = await signedInAdmin({ email: "first@mafunzo.test" });
    const post = (form: Record<string, string>) =>
      administratorsAction(routeArgs("/admin/administrators", { cookie, form })).then(unwrap);
    const atMax = await post({ intent: "add", email: "second@mafunzo.test", password: "secret123" });
    expect(atMax.status).toBe(409);
    expect(atMax.body.error).toBe(maxAdminsMessage(1));
    await setMax(2);
    const short = await post({ intent: "add", email: "second@mafunzo.test", password: "abc" });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body.result)).toContain("Password must be at least 6 characters long");
    const added = await post({ intent: "add", email: "second@mafunzo.test", password: "secret123" });
    expect(added).toMatchObject({
      status: 200,
      body: { message: "Admin account added: second@mafunzo.test" },
    });
    expect(await countAdmins()).toBe(2);
  });
});

describe("removing administrators", () => {
  it("removes another admin with their sessions, and audits what was removed", async () => {
    const first = await signedInAdmin({ email: "first@mafunzo.test" });
    const second = await signedInAdmin({ email: "second@mafunzo.test" });
    expect(await removeAdmin(actorFor(first.user), second.user.id)).toEqual({
      ok: true,
      email: "second@mafunzo.test",
    });
    expect(await liveSessions(second.user.id)).toBe(0);
    expect(await getAdmin(routeArgs("/admin/dashboard", { cookie: second.cookie }))).toBeNull();
    const [audit] = await db()
      .select({ oldValues: adminAuditLogs.oldValues, newValues: adminAuditLogs.newValues })
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.action, "Removed admin account"));
    expect(audit).toEqual({ oldValues: { email: "second@mafunzo.test", roles: ["owner"] }, newValues: null });
  });

  it("never removes yourself, nor an account that is gone", async () => {
    const first = await signedInAdmin({ email: "first@mafunzo.test" });
    await signedInAdmin({ email: "second@mafunzo.test" });
    expect(await removeAdmin(actorFor(first.user), first.user.id)).toMatchObject({
      ok: false,
      message: "You cannot remove your own admin account.",
    });
    expect(await removeAdmin(actorFor(first.user), crypto.randomUUID())).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await countAdmins()).toBe(2);
  });

  it("never removes the last admin, even when two remove each other at once", async () => {
    const first = await signedInAdmin({ email: "first@mafunzo.test" });
    const second = await signedInAdmin({ email: "second@mafunzo.test" });
    const outcomes = await Promise.all([
      removeAdmin(actorFor(first.user), second.user.id),
      removeAdmin(actorFor(second.user), first.user.id),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)).toMatchObject({
      message: "The last admin account cannot be removed.",
    });
    expect(await countAdmins()).toBe(1);
  });

  it("through the route: refuses a malformed id with 400", async () => {
    const { cookie } = await signedInAdmin({ email: "first@mafunzo.test" });
    const result = unwrap(
      await administratorsAction(
        routeArgs("/admin/administrators", { cookie, form: { intent: "remove", userId: "not-a-uuid" } }),
      ),
    );
    expect(result.status).toBe(400);
  });
});

describe("own account", () => {
  it("changes the password only with the right current one, and ends the other sessions", async () => {
    const me = await signedInAdmin({ email: "me@mafunzo.test", password: "old-password" });
    const otherCookie = sessionCookie(await startSession(db(), me.user, requestContext()));
    const post = (form: Record<string, string>) =>
      accountAction(routeArgs("/admin/account", { cookie: me.cookie, form })).then(unwrap);

    const wrong = await post({
      intent: "change-password",
      currentPassword: "not-it",
      newPassword: "new-password",
      confirmPassword: "new-password",
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body.result)).toContain(WRONG_CURRENT_PASSWORD);
    const mismatch = await post({
      intent: "change-password",
      currentPassword: "old-password",
      newPassword: "new-password",
      confirmPassword: "new-passwort",
    });
    expect(JSON.stringify(mismatch.body.result)).toContain("Passwords do not match");

    const changed = await post({
      intent: "change-password",
      currentPassword: "old-password",
      newPassword: "new-password",
      confirmPassword: "new-password",
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { message: "Your password has been changed and 1 other session was signed out." },
    });
    expect(await getAdmin(routeArgs("/admin/account", { cookie: otherCookie }))).toBeNull();
    expect(await getAdmin(routeArgs("/admin/account", { cookie: me.cookie }))).not.toBeNull();
    const login = (password: string) =>
      attemptLogin(routeArgs("/admin/login", { method: "POST" }), { email: "me@mafunzo.test", password });
    expect((await login("old-password")).ok).toBe(false);
    expect((await login("new-password")).ok).toBe(true);
    const audits = await db()
      .select({ newValues: adminAuditLogs.newValues })
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.action, "Changed admin password"));
    expect(audits).toEqual([{ newValues: { email: "me@mafunzo.test", other_sessions_ended: 1 } }]);
  });

  it("lists the own live sessions, marks this one, and signs out the others", async () => {
    const me = await signedInAdmin({ email: "me@mafunzo.test" });
    for (const ip of ["192.0.2.10", "192.0.2.11"]) {
      await startSession(db(), me.user, requestContext(ip));
    }
    const someoneElse = await signedInAdmin({ email: "else@mafunzo.test" });
    const loaded = await accountLoader(routeArgs("/admin/account", { cookie: me.cookie }));
    expect(loaded.sessions).toHaveLength(3);
    expect(loaded.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(loaded.sessions[0]).toMatchObject({ browser: "Chrome on Linux" });
    expect(loaded.sessions[0]).not.toHaveProperty("id");

    const result = unwrap(
      await accountAction(
        routeArgs("/admin/account", { cookie: me.cookie, form: { intent: "sign-out-others" } }),
      ),
    );
    expect(result.body.message).toBe("2 other sessions were signed out.");
    expect(await liveSessions(me.user.id)).toBe(1);
    expect(await liveSessions(someoneElse.user.id)).toBe(1);
    const [audit] = await db()
      .select({ newValues: adminAuditLogs.newValues })
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.action, "Signed out other admin sessions"));
    expect(audit?.newValues).toEqual({ email: "me@mafunzo.test", sessions_ended: 2 });
  });
});
