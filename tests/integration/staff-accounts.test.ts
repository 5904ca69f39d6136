import { count, desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs, emailOutbox, users } from "#app/platform/db/tables.server";
import { getSetting, setSettingValue } from "#app/platform/settings/setting.server";
import { FINANCE_SETTING_KEYS } from "#app/platform/settings/settings";
import { action as settingsAction, loader as settingsLoader } from "#app/routes/back-office/settings";
import { action as invitationAction, loader as invitationLoader } from "#app/routes/staff/invitation";
import { action as staffAction } from "#app/routes/staff/staff";
import {
  attemptLogin,
  deactivateStaff,
  getAdmin,
  INVITATION_UNUSABLE,
  inviteStaff,
  maxAdminsMessage,
  reactivateStaff,
  setStaffRoles,
} from "#app/staff/index.server";
import { sessions, staffInvitations } from "#app/staff/tables.server";
import { answer, resetAccessTables, routeArgs, sessionCookie, signedInAdmin } from "../helpers/admin-session";

const setMax = (max: number) => setSettingValue(db(), "max_admin_accounts", max, null);

/** The link the last invitation e-mail to `email` carries, as the invitee would click it. */
async function invitationLink(email: string) {
  const [mail] = await db()
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const match = /\/admin\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "");
  if (!match?.[1]) throw new Error(`no invitation link in the mail to ${email}`);
  return match[1];
}

const accept = (token: string, form: Record<string, string>) =>
  answer(() => invitationAction(routeArgs(`/admin/invitation/${token}`, { form }, { token }) as never));

let owner: Awaited<ReturnType<typeof signedInAdmin>>;

beforeEach(async () => {
  await db().delete(staffInvitations);
  await resetAccessTables();
  await setMax(2);
  owner = await signedInAdmin({ email: "owner@mafunzo.test" });
});

describe("invitations", () => {
  it("e-mails a one-use link; the invitee sets a password, is signed in with the roles, and the link is spent", async () => {
    expect(
      await inviteStaff(owner.actor, { email: "Trainer@Mafunzo.test", name: "Wanjiku", roles: ["trainer"] }),
    ).toEqual({ ok: true, message: "Invitation sent to trainer@mafunzo.test." });
    const token = await invitationLink("trainer@mafunzo.test");
    const page = await answer(() =>
      invitationLoader(routeArgs(`/admin/invitation/${token}`, {}, { token }) as never),
    );
    expect(page.data).toEqual({
      invitation: { email: "trainer@mafunzo.test", name: "Wanjiku", roles: ["trainer"] },
    });

    const done = await accept(token, {
      name: "Wanjiku Mwangi",
      password: "secret123",
      confirmPassword: "secret123",
    });
    expect(done.status).toBe(302);
    const [user] = await db().select().from(users).where(eq(users.email, "trainer@mafunzo.test"));
    expect(user).toMatchObject({ name: "Wanjiku Mwangi", roles: ["trainer"], deactivatedAt: null });
    const login = await attemptLogin(routeArgs("/admin/login", {}) as never, {
      email: "trainer@mafunzo.test",
      password: "secret123",
    });
    expect(login.ok).toBe(true);

    const again = await accept(token, {
      name: "Someone",
      password: "other1234",
      confirmPassword: "other1234",
    });
    expect(again).toMatchObject({ status: 410 });
    expect(again.data).toMatchObject({ result: { error: { "": [INVITATION_UNUSABLE] } } });
    const [audit] = await db()
      .select({ action: adminAuditLogs.action, actorRoles: adminAuditLogs.actorRoles })
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.action, "Invited staff member"));
    expect(audit).toEqual({ action: "Invited staff member", actorRoles: "owner" });
  });

  it("refuses an expired link, a made-up one and a second invitation's predecessor, creating nothing", async () => {
    await inviteStaff(owner.actor, { email: "late@mafunzo.test", name: "Late", roles: ["viewer"] });
    const first = await invitationLink("late@mafunzo.test");
    await inviteStaff(owner.actor, { email: "late@mafunzo.test", name: "Late", roles: ["viewer"] });
    const second = await invitationLink("late@mafunzo.test");
    const form = { name: "Late", password: "secret123", confirmPassword: "secret123" };
    expect(await accept(first, form)).toMatchObject({ status: 410 });
    expect(await accept("x".repeat(43), form)).toMatchObject({ status: 410 });
    await db()
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await accept(second, form)).toMatchObject({ status: 410 });
    expect(
      (await db().select({ n: count() }).from(users).where(eq(users.email, "late@mafunzo.test")))[0]?.n,
    ).toBe(0);
  });

  it("checks the form before anything: a short password or a mismatch says so and changes nothing", async () => {
    await inviteStaff(owner.actor, { email: "new@mafunzo.test", name: "New", roles: ["editor"] });
    const token = await invitationLink("new@mafunzo.test");
    const short = await accept(token, { name: "New", password: "abc", confirmPassword: "abc" });
    expect(short.status).toBe(400);
    expect(short.data).toMatchObject({
      result: { error: { password: ["Password must be at least 6 characters long"] } },
    });
    const mismatch = await accept(token, {
      name: "New",
      password: "secret123",
      confirmPassword: "secret124",
    });
    expect(mismatch.data).toMatchObject({
      result: { error: { confirmPassword: ["Passwords do not match"] } },
    });
    expect(
      (await db().select({ n: count() }).from(users).where(eq(users.email, "new@mafunzo.test")))[0]?.n,
    ).toBe(0);
  });

  it("counts owners, invited ones included, against max_admin_accounts; other roles are not counted", async () => {
    await setMax(2);
    expect(
      await inviteStaff(owner.actor, { email: "o2@mafunzo.test", name: "O2", roles: ["owner"] }),
    ).toMatchObject({ ok: true });
    expect(
      await inviteStaff(owner.actor, { email: "o3@mafunzo.test", name: "O3", roles: ["owner"] }),
    ).toEqual({
      ok: false,
      status: 409,
      message: maxAdminsMessage(2),
    });
    for (const n of [1, 2, 3, 4, 5, 6]) {
      expect(
        await inviteStaff(owner.actor, { email: `r${n}@mafunzo.test`, name: `R${n}`, roles: ["registrar"] }),
      ).toMatchObject({ ok: true });
    }
  });

  it("takes the Staff page's form only from an owner, validated by the shared schema", async () => {
    const refused = await signedInAdmin({ email: "second-owner@mafunzo.test" });
    await db()
      .update(users)
      .set({ roles: ["registrar"] })
      .where(eq(users.id, refused.user.id));
    const form = { intent: "invite", email: "x@mafunzo.test", name: "X", roles: ["trainer"] };
    expect(await answer(() => staffAction(refused.args("/admin/staff", { form }) as never))).toMatchObject({
      status: 403,
    });
    const noRole = await answer(() =>
      staffAction(
        owner.args("/admin/staff", {
          form: { intent: "invite", email: "x@mafunzo.test", name: "X" },
        }) as never,
      ),
    );
    expect(noRole).toMatchObject({ status: 400, data: { ok: false, message: "Choose at least one role" } });
    const badRole = await answer(() =>
      staffAction(owner.args("/admin/staff", { form: { ...form, roles: ["admin"] } }) as never),
    );
    expect(badRole).toMatchObject({
      status: 400,
      data: { ok: false, message: "Choose roles from the list" },
    });
    expect((await db().select({ n: count() }).from(staffInvitations))[0]?.n).toBe(0);
    expect(await answer(() => staffAction(owner.args("/admin/staff", { form }) as never))).toMatchObject({
      status: 200,
      data: { ok: true },
    });
  });
});

describe("accounts", () => {
  async function staffMember(roles: ("trainer" | "owner" | "finance")[]) {
    const member = await signedInAdmin();
    await db().update(users).set({ roles }).where(eq(users.id, member.user.id));
    return member;
  }

  it("deactivation ends the sessions at once and refuses sign-in; reactivation lets them back", async () => {
    const trainer = await staffMember(["trainer"]);
    expect(await getAdmin(routeArgs("/admin/my-runs", { cookie: trainer.cookie }))).not.toBeNull();
    expect(await deactivateStaff(owner.actor, trainer.user.id)).toMatchObject({ ok: true });
    expect(await getAdmin(routeArgs("/admin/my-runs", { cookie: trainer.cookie }))).toBeNull();
    expect(
      (await db().select({ n: count() }).from(sessions).where(eq(sessions.userId, trainer.user.id)))[0]?.n,
    ).toBe(0);
    const login = await attemptLogin(routeArgs("/admin/login", {}) as never, {
      email: trainer.user.email,
      password: trainer.password,
    });
    expect(login.ok).toBe(false);
    expect(await reactivateStaff(owner.actor, trainer.user.id)).toMatchObject({ ok: true });
    const back = await attemptLogin(routeArgs("/admin/login", {}) as never, {
      email: trainer.user.email,
      password: trainer.password,
    });
    expect(back.ok).toBe(true);
    if (back.ok)
      expect(
        await getAdmin(
          routeArgs("/admin", { cookie: sessionCookie(back.response.headers.get("Set-Cookie") ?? "") }),
        ),
      ).not.toBeNull();
  });

  it("never takes the last owner's role or access away, nor lets an owner change their own account", async () => {
    expect(await setStaffRoles(owner.actor, owner.user.id, ["owner", "finance"])).toEqual({
      ok: false,
      status: 400,
      message: "You cannot change your own account here.",
    });
    const finance = await staffMember(["finance"]);
    // the route lets only owners here; the rule below holds whoever asks
    const lastOwner = {
      ok: false,
      status: 400,
      message: "The last owner keeps the owner role and stays active.",
    };
    expect(await setStaffRoles(finance.actor, owner.user.id, ["viewer"])).toEqual(lastOwner);
    expect(await deactivateStaff(finance.actor, owner.user.id)).toEqual(lastOwner);
    expect(await setStaffRoles(owner.actor, finance.user.id, ["finance", "trainer"])).toMatchObject({
      ok: true,
    });
    const [changed] = await db()
      .select({ old: adminAuditLogs.oldValues, now: adminAuditLogs.newValues })
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.action, "Changed staff roles"));
    expect(changed).toEqual({
      old: { email: finance.user.email, roles: ["finance"] },
      now: { email: finance.user.email, roles: ["finance", "trainer"] },
    });
  });

  it("a role change takes effect on the next request", async () => {
    const finance = await staffMember(["finance"]);
    expect((await getAdmin(routeArgs("/admin/finance", { cookie: finance.cookie })))?.user.roles).toEqual([
      "finance",
    ]);
    await setStaffRoles(owner.actor, finance.user.id, ["viewer"]);
    expect((await getAdmin(routeArgs("/admin/finance", { cookie: finance.cookie })))?.user.roles).toEqual([
      "viewer",
    ]);
  });
});

describe("accepting races", () => {
  it("two tabs accepting one link create one account", async () => {
    await inviteStaff(owner.actor, { email: "race@mafunzo.test", name: "Race", roles: ["viewer"] });
    const token = await invitationLink("race@mafunzo.test");
    const form = { name: "Race", password: "secret123", confirmPassword: "secret123" };
    const results = await Promise.all([accept(token, form), accept(token, form)]);
    expect(results.map((r) => r.status).sort()).toEqual([302, 410]);
    expect(
      (await db().select({ n: count() }).from(users).where(eq(users.email, "race@mafunzo.test")))[0]?.n,
    ).toBe(1);
  });
});

describe("settings by role", () => {
  it("shows finance staff the finance settings only, and saves only those", async () => {
    const finance = await signedInAdmin();
    await db()
      .update(users)
      .set({ roles: ["finance"] })
      .where(eq(users.id, finance.user.id));
    // finance staff see the money side's sections only, and only its settings in them
    const keysIn = async (section: string) => {
      const page = await answer(() =>
        settingsLoader(finance.args(`/admin/settings?section=${section}`) as never),
      );
      const data = page.data as unknown as {
        sections: { id: string }[];
        fields: { key: string }[];
        administrators: unknown;
      };
      expect(data.sections.map((s) => s.id)).toEqual(["company", "invoicing", "payments", "tax"]);
      expect(data.administrators).toBeNull();
      return data.fields.map((f) => f.key);
    };
    const shown = [
      ...(await keysIn("company")),
      ...(await keysIn("invoicing")),
      ...(await keysIn("payments")),
      ...(await keysIn("tax")),
      "mpesa_callback_secret",
    ];
    expect(shown.sort()).toEqual([...FINANCE_SETTING_KEYS].sort());
    const vat = await answer(() =>
      settingsAction(
        finance.args("/admin/settings", { form: { key: "payment_terms_days", value: "21" } }) as never,
      ),
    );
    expect(vat.status).toBe(302);
    const other = await answer(() =>
      settingsAction(
        finance.args("/admin/settings", { form: { key: "registration_enabled", value: "false" } }) as never,
      ),
    );
    expect(other.status).toBe(403);
    expect(await getSetting("registration_enabled")).toBe(true);
  });
});
