import { count, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { parseSettingInput } from "#app/back-office/index.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs, emailOutbox } from "#app/platform/db/tables.server";
import { getSetting } from "#app/platform/settings/setting.server";
import * as settingsRoute from "#app/routes/back-office/settings";
import * as contentRoute from "#app/routes/site/content";
import { getSiteContent } from "#app/site/index.server";
import { answer, routeArgs, signedInAdmin } from "../helpers/admin-session";

let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  admin = await signedInAdmin();
});

const latestAudit = async (action: string) => {
  const [row] = await db()
    .select()
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.action, action))
    .orderBy(desc(adminAuditLogs.createdAt))
    .limit(1);
  return row;
};

const saveSetting = (key: string, value?: string) =>
  answer(() =>
    settingsRoute.action(
      admin.args("/admin/settings", { form: value === undefined ? { key } : { key, value } }),
    ),
  );

describe("site content", () => {
  it("saves a section with its audit row and the public read sees it", async () => {
    const form = {
      section: "contact",
      phone: "+254 700 000 111",
      email: "hello@mafunzo.co.ke",
      address: "Ngong Road, Nairobi",
      whatsapp: "+254 700 000 222",
    };
    const result = await answer(() => contentRoute.action(admin.args("/admin/content", { form })));
    expect(result).toMatchObject({ status: 302, location: "/admin/content" });
    const { contact } = await getSiteContent(["contact"]);
    expect(contact).toEqual({
      phone: "+254 700 000 111",
      email: "hello@mafunzo.co.ke",
      address: "Ngong Road, Nairobi",
      whatsapp: "+254 700 000 222",
    });
    const audit = await latestAudit("Updated site content: contact");
    expect(audit).toMatchObject({ tableName: "site_content", recordId: "contact" });
    expect(audit?.oldValues).toMatchObject({ email: "info@mafunzo.co.ke" });
    expect(audit?.newValues).toMatchObject({ email: "hello@mafunzo.co.ke" });
  });

  it("drops the empty spare row of a list and refuses a half-filled one", async () => {
    const ok = await answer(() =>
      contentRoute.action(
        admin.args("/admin/content", {
          form: {
            section: "businessHours",
            "items[0].day": "Monday - Friday",
            "items[0].hours": "8:00 AM - 6:00 PM",
            "items[1].day": "",
            "items[1].hours": "",
          },
        }),
      ),
    );
    expect(ok.status).toBe(302);
    expect((await getSiteContent(["businessHours"])).businessHours).toEqual([
      { day: "Monday - Friday", hours: "8:00 AM - 6:00 PM" },
    ]);
    const bad = await answer(() =>
      contentRoute.action(
        admin.args("/admin/content", { form: { section: "businessHours", "items[0].day": "Sunday" } }),
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ result: { error: { "items[0].hours": ["Hours is required"] } } });
  });

  it("refuses a bad e-mail and an unknown section", async () => {
    const bad = await answer(() =>
      contentRoute.action(
        admin.args("/admin/content", {
          form: { section: "contact", phone: "1", email: "nope", address: "a", whatsapp: "2" },
        }),
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ result: { error: { email: ["Enter a valid email address"] } } });
    const unknown = await answer(() =>
      contentRoute.action(admin.args("/admin/content", { form: { section: "team" } })),
    );
    expect(unknown.status).toBe(400);
  });
});

describe("system settings", () => {
  it("parses editor values by type; max_admin_accounts falls back to 1 and stays within 1 to 5", () => {
    expect(parseSettingInput("site_maintenance", "true")).toEqual({ ok: true, value: true });
    expect(parseSettingInput("site_maintenance", null)).toEqual({ ok: true, value: false });
    expect(parseSettingInput("max_admin_accounts", "3")).toEqual({ ok: true, value: 3 });
    expect(parseSettingInput("max_admin_accounts", "abc")).toEqual({ ok: true, value: 1 });
    expect(parseSettingInput("max_admin_accounts", "")).toEqual({ ok: true, value: 1 });
    expect(parseSettingInput("max_admin_accounts", "0")).toEqual({
      ok: false,
      message: "Enter a whole number from 1 to 5",
    });
    expect(parseSettingInput("max_admin_accounts", "6")).toMatchObject({ ok: false });
    expect(parseSettingInput("max_admin_accounts", "2.5")).toMatchObject({ ok: false });
  });

  it("saves a boolean with its audit row (before and after) in the same change", async () => {
    const result = await saveSetting("registration_enabled");
    expect(result).toMatchObject({
      status: 302,
      location: "/admin/settings?section=site#setting-registration_enabled",
    });
    expect(await getSetting("registration_enabled")).toBe(false);
    const audit = await latestAudit("Updated system setting: registration_enabled");
    expect(audit).toMatchObject({
      tableName: "system_settings",
      oldValues: { key: "registration_enabled", value: true },
      newValues: { key: "registration_enabled", value: false },
    });
    await saveSetting("registration_enabled", "true");
    expect(await getSetting("registration_enabled")).toBe(true);
  });

  it("refuses out-of-range numbers, a limit below the existing admins, and unknown keys", async () => {
    expect(await saveSetting("max_admin_accounts", "9")).toMatchObject({
      status: 400,
      data: { error: "Failed to update setting", detail: "Enter a whole number from 1 to 5" },
    });
    expect(await saveSetting("max_admin_accounts", "not a number")).toMatchObject({ status: 302 });
    expect(await getSetting("max_admin_accounts")).toBe(1);
    expect(await saveSetting("max_admin_accounts", "4")).toMatchObject({ status: 302 });
    const other = await signedInAdmin();
    expect(other.user.id).toBeTruthy();
    expect(await saveSetting("max_admin_accounts", "1")).toMatchObject({
      status: 409,
      data: { error: "Failed to update setting" },
    });
    expect(await getSetting("max_admin_accounts")).toBe(4);
    expect(await saveSetting("favourite_colour", "teal")).toMatchObject({ status: 400 });
  });

  it("shows the real system state", async () => {
    await db().insert(emailOutbox).values({
      toAddress: "a@example.com",
      subject: "s",
      textBody: "t",
      htmlBody: "<p>t</p>",
      kind: "test",
    });
    const pending = await db()
      .select({ n: count() })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, "pending"))
      .then((rows) => rows[0]);
    const result = await answer(() => settingsRoute.loader(admin.args("/admin/settings?section=security")));
    const { system } = result.data as unknown as { system: Record<string, unknown> };
    expect(system).toMatchObject({
      connected: true,
      storage: "Local disk",
      pendingEmails: pending?.n,
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    expect(system.database).toBe(process.env.DATABASE_URL ? "PostgreSQL" : "Embedded PostgreSQL (PGlite)");
  });

  it("refuses a visitor without a session", async () => {
    const result = await answer(() =>
      settingsRoute.action(
        routeArgs("/admin/settings", { form: { key: "site_maintenance", value: "true" } }),
      ),
    );
    expect(result.status).toBe(401);
    expect(await getSetting("site_maintenance")).toBe(false);
    const content = await answer(() => contentRoute.loader(routeArgs("/admin/content")));
    expect(content.status).toBe(302);
  });
});
