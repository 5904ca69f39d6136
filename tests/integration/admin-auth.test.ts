import { and, count, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import { action as logoutAction } from "#app/routes/staff/logout";
import {
  attemptLogin,
  countAdmins,
  getAdmin,
  requireAdmin,
  SESSION_IDLE_MS,
  signUpFirstAdmin,
} from "#app/staff/index.server";
import { sessions } from "#app/staff/tables.server";
import {
  findUserByEmail,
  INVALID_CREDENTIALS_MESSAGE,
  MAX_FAILED_LOGINS,
  SESSION_ABSOLUTE_MS,
} from "#app/staff/testing.server";
import { resetAccessTables, routeArgs, sessionCookie, signedInAdmin } from "../helpers/admin-session";

const auditCount = async (action: string) =>
  (await db().select({ n: count() }).from(adminAuditLogs).where(eq(adminAuditLogs.action, action)))[0]?.n;

const sessionRows = async (userId: string) =>
  (await db().select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]?.n;

const login = (email: string, password: string, ip = "198.51.100.1", extra: { cookie?: string } = {}) =>
  attemptLogin(routeArgs("/admin/login", { method: "POST", ip, ...extra }), { email, password });

async function expectRefused(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  return thrown as Response;
}

beforeEach(resetAccessTables);

describe("first admin signup", () => {
  it("creates exactly one admin when several signups race", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        signUpFirstAdmin(routeArgs("/admin/signup", { method: "POST" }), {
          email: `racer${i}@mafunzo.test`,
          password: "secret123",
        }),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toHaveLength(7);
    expect(await countAdmins()).toBe(1);
    expect(await auditCount("Admin signup")).toBe(1);
  });

  it("signs the new admin in and audits the signup with email and roles", async () => {
    const outcome = await signUpFirstAdmin(routeArgs("/admin/signup", { method: "POST" }), {
      email: "First@Mafunzo.test",
      password: "secret123",
    });
    if (!outcome.ok) throw new Error(outcome.message);
    const admin = await getAdmin(routeArgs("/admin/dashboard", { cookie: sessionCookie(outcome.setCookie) }));
    expect(admin?.user.email).toBe("first@mafunzo.test");
    const [row] = await db()
      .select({ newValues: adminAuditLogs.newValues, ip: adminAuditLogs.ip })
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.action, "Admin signup"));
    expect(row).toEqual({ newValues: { email: "first@mafunzo.test", roles: ["owner"] }, ip: "203.0.113.7" });
  });
});

describe("login", () => {
  it("gives an unknown e-mail and a wrong password the same answer, and audits both", async () => {
    await signedInAdmin({ email: "admin@mafunzo.test", password: "right-password" });
    const unknown = await login("nobody@mafunzo.test", "whatever");
    const wrong = await login("admin@mafunzo.test", "wrong-password");
    for (const outcome of [unknown, wrong]) {
      expect(outcome).toMatchObject({ ok: false, status: 401, message: INVALID_CREDENTIALS_MESSAGE });
    }
    expect(await auditCount("Failed admin login")).toBe(2);
  });

  it("starts a new session, ends the one presented, audits the login and goes where it was asked", async () => {
    const { user, cookie: oldCookie } = await signedInAdmin({
      email: "admin@mafunzo.test",
      password: "right-password",
    });
    const outcome = await attemptLogin(
      routeArgs("/admin/login", { method: "POST", cookie: oldCookie, ip: "198.51.100.9" }),
      { email: "ADMIN@mafunzo.test", password: "right-password", redirectTo: "/admin/account?x=1" },
    );
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.response.status).toBe(302);
    expect(outcome.response.headers.get("Location")).toBe("/admin/account?x=1");
    const cookie = sessionCookie(outcome.response.headers.getSetCookie());
    expect(cookie).not.toBe(oldCookie);
    expect(await getAdmin(routeArgs("/admin/dashboard", { cookie: oldCookie }))).toBeNull();
    expect((await getAdmin(routeArgs("/admin/dashboard", { cookie })))?.user.id).toBe(user.id);
    expect(await sessionRows(user.id)).toBe(1);
    const [audit] = await db()
      .select({ newValues: adminAuditLogs.newValues, ip: adminAuditLogs.ip })
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.action, "Admin login"));
    expect(audit?.ip).toBe("198.51.100.9");
    expect(audit?.newValues).toMatchObject({ email: "admin@mafunzo.test", login_time: expect.any(String) });
  });

  it("does not follow a redirect off the admin area", async () => {
    await signedInAdmin({ email: "admin@mafunzo.test", password: "right-password" });
    const outcome = await attemptLogin(routeArgs("/admin/login", { method: "POST" }), {
      email: "admin@mafunzo.test",
      password: "right-password",
      redirectTo: "//evil.example/admin",
    });
    expect(outcome.ok && outcome.response.headers.get("Location")).toBe("/admin/dashboard");
  });
});

describe("login lockout", () => {
  it(`locks an e-mail after ${MAX_FAILED_LOGINS} failures from any addresses, even for the right password`, async () => {
    await signedInAdmin({ email: "admin@mafunzo.test", password: "right-password" });
    await signedInAdmin({ email: "other@mafunzo.test", password: "other-password" });
    const statuses = [];
    for (let i = 1; i <= MAX_FAILED_LOGINS; i++) {
      const outcome = await login("admin@mafunzo.test", "wrong", `198.51.100.${i}`);
      statuses.push(outcome.ok ? 302 : outcome.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const locked = await login("admin@mafunzo.test", "right-password", "198.51.100.50");
    expect(locked).toMatchObject({ ok: false, status: 429 });
    expect(locked.ok ? "" : locked.message).toMatch(
      /^Too many failed sign-in attempts\. Sign-in is locked for 15 minutes; try again in 15 minutes\.$/,
    );
    // the addresses each failed once: they are not locked for another account
    expect((await login("other@mafunzo.test", "other-password", "198.51.100.1")).ok).toBe(true);
    expect(await auditCount("Locked admin login")).toBe(1);
  });

  it(`locks an address after ${MAX_FAILED_LOGINS} failures on any e-mails, but not those e-mails elsewhere`, async () => {
    await signedInAdmin({ email: "admin@mafunzo.test", password: "right-password" });
    for (let i = 1; i < MAX_FAILED_LOGINS; i++) {
      expect(await login(`guess${i}@mafunzo.test`, "wrong", "192.0.2.66")).toMatchObject({ status: 401 });
    }
    expect(await login("admin@mafunzo.test", "wrong", "192.0.2.66")).toMatchObject({ status: 429 });
    expect(await login("admin@mafunzo.test", "right-password", "192.0.2.66")).toMatchObject({ status: 429 });
    expect((await login("admin@mafunzo.test", "right-password", "192.0.2.67")).ok).toBe(true);
  });

  it("lifts the lock after 15 minutes", async () => {
    await signedInAdmin({ email: "admin@mafunzo.test", password: "right-password" });
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) await login("admin@mafunzo.test", "wrong");
    expect(await login("admin@mafunzo.test", "right-password")).toMatchObject({ status: 429 });
    await db().execute(sql`update login_attempts set created_at = created_at - interval '16 minutes'`);
    await db().execute(sql`update rate_limit_events set created_at = created_at - interval '16 minutes'`);
    expect((await login("admin@mafunzo.test", "right-password")).ok).toBe(true);
  });

  it("restarts an e-mail's count after a successful sign-in", async () => {
    await signedInAdmin({ email: "admin@mafunzo.test", password: "right-password" });
    for (let i = 1; i < MAX_FAILED_LOGINS; i++) await login("admin@mafunzo.test", "wrong", `203.0.113.${i}`);
    expect((await login("admin@mafunzo.test", "right-password", "203.0.113.100")).ok).toBe(true);
    for (let i = 11; i < 10 + MAX_FAILED_LOGINS; i++) {
      expect(await login("admin@mafunzo.test", "wrong", `203.0.113.${i}`)).toMatchObject({ status: 401 });
    }
  });

  it("checks at most five passwords when many attempts arrive at once", async () => {
    await signedInAdmin({ email: "admin@mafunzo.test", password: "right-password" });
    const outcomes = await Promise.all(
      Array.from({ length: 15 }, (_, i) => login("admin@mafunzo.test", `wrong-${i}`, `192.0.2.${i + 1}`)),
    );
    expect(outcomes.every((o) => !o.ok)).toBe(true);
    expect(await auditCount("Failed admin login")).toBeLessThanOrEqual(MAX_FAILED_LOGINS);
    expect(await login("admin@mafunzo.test", "right-password", "192.0.2.200")).toMatchObject({ status: 429 });
  });
});

describe("sessions", () => {
  it("end after 8 hours without activity", async () => {
    const { user, cookie } = await signedInAdmin({ email: "admin@mafunzo.test" });
    const args = () => routeArgs("/admin/dashboard", { cookie });
    expect((await getAdmin(args()))?.user.id).toBe(user.id);
    await db()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000) })
      .where(eq(sessions.userId, user.id));
    expect(await getAdmin(args())).toBeNull();
    const refused = await expectRefused(requireAdmin(args()));
    expect(refused.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fdashboard");
  });

  it("stay alive with activity, which is recorded", async () => {
    const { user, cookie } = await signedInAdmin({ email: "admin@mafunzo.test" });
    const earlier = new Date(Date.now() - SESSION_IDLE_MS + 60_000);
    await db().update(sessions).set({ lastSeenAt: earlier }).where(eq(sessions.userId, user.id));
    expect(await getAdmin(routeArgs("/admin/dashboard", { cookie }))).not.toBeNull();
    const [row] = await db()
      .select({ lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(Date.now() - (row?.lastSeenAt.getTime() ?? 0)).toBeLessThan(10_000);
  });

  it("end after 7 days whatever the activity", async () => {
    const { user, cookie } = await signedInAdmin({ email: "admin@mafunzo.test" });
    const [row] = await db()
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(Math.abs(lifetime - SESSION_ABSOLUTE_MS)).toBeLessThan(10_000);
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(sessions.userId, user.id));
    expect(await getAdmin(routeArgs("/admin/dashboard", { cookie }))).toBeNull();
  });

  it("answer 401 to a form posted without a live session", async () => {
    const refused = await requireAdmin(routeArgs("/admin/account", { form: { a: "b" } })).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({
      type: "DataWithResponseInit",
      init: { status: 401 },
      data: { error: "Your session has ended. Please sign in again." },
    });
  });

  it("logout ends the session row, clears the cookie, audits and returns home", async () => {
    const { user, cookie } = await signedInAdmin({ email: "admin@mafunzo.test" });
    await signedInAdmin({ email: "second@mafunzo.test" });
    const response = await logoutAction(routeArgs("/admin/logout", { method: "POST", cookie }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().find((c) => c.startsWith("mafunzo_admin="))).toMatch(/Max-Age=0/i);
    expect(await sessionRows(user.id)).toBe(0);
    expect(await getAdmin(routeArgs("/admin/dashboard", { cookie }))).toBeNull();
    const [audit] = await db()
      .select({ newValues: adminAuditLogs.newValues, actorId: adminAuditLogs.actorId })
      .from(adminAuditLogs)
      .where(and(eq(adminAuditLogs.action, "Admin logout")));
    expect(audit?.actorId).toBe(user.id);
    expect(audit?.newValues).toMatchObject({ email: "admin@mafunzo.test", logout_time: expect.any(String) });
    expect(await findUserByEmail("second@mafunzo.test")).toBeDefined();
  });
});
