import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTING_LABELS, SETTING_SECTIONS } from "#app/back-office/index";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import { getSettings, setSettingValue } from "#app/platform/settings/setting.server";
import { SETTING_KEYS, type SettingKey } from "#app/platform/settings/settings";
import * as settingsRoute from "#app/routes/back-office/settings";
import { answer, signedInAdmin } from "../helpers/admin-session";

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
let owner: Admin;
let finance: Admin;
let saved: Awaited<ReturnType<typeof getSettings>>;
beforeAll(async () => {
  owner = await signedInAdmin();
  finance = await signedInAdmin({ roles: ["finance"] });
  saved = await getSettings();
});
afterAll(async () => {
  for (const key of SETTING_KEYS) await setSettingValue(db(), key, saved[key], null);
});

/** One part of what a loader answered. */
const part = <T>(answered: { data?: Record<string, unknown> }, key: string) => answered.data?.[key] as T;
const load = (who: Admin, section: string) =>
  answer(() => settingsRoute.loader(who.args(`/admin/settings?section=${section}`) as never));
const post = (who: Admin, form: Record<string, string>) =>
  answer(() => settingsRoute.action(who.args("/admin/settings", { form }) as never));

/** A section's form as the browser sends it: every value as it stands now, switches that are on as "true". */
async function currentForm(section: (typeof SETTING_SECTIONS)[number]) {
  const values = await getSettings();
  const form: Record<string, string> = { intent: "section", section: section.id };
  for (const key of section.keys as readonly SettingKey[]) {
    const value = values[key];
    if (value === false) continue;
    form[key] = typeof value === "string" ? value : String(value);
  }
  return form;
}

/** For each section: one value a person would type, and one the rule refuses with its message. */
const CASES: Record<string, { key: SettingKey; good: string; want: unknown; bad: string; says: RegExp }> = {
  company: { key: "finance_kra_pin", good: "p051234567x", want: "P051234567X", bad: "P05", says: /KRA PIN/ },
  invoicing: { key: "invoice_prefix", good: "INV", want: "INV", bad: "inv1", says: /capital letters/ },
  payments: { key: "mpesa_transaction_limit", good: "150000", want: 150000, bad: "999", says: /1000 to/ },
  messages: { key: "reminder_days", good: "10,2", want: "10,2", bad: "7,99", says: /1 to 60/ },
  site: { key: "max_group_size", good: "30", want: 30, bad: "500", says: /1 to 100/ },
  security: { key: "max_admin_accounts", good: "5", want: 5, bad: "9", says: /1 to 5/ },
};

describe("the settings sections", () => {
  it("edits every setting in one section only, each under a human title with help (the callback secret is generated)", () => {
    const placed = SETTING_SECTIONS.flatMap((section) => section.keys as readonly string[]);
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed, "mpesa_callback_secret"].sort()).toEqual([...SETTING_KEYS].sort());
    for (const key of SETTING_KEYS) {
      expect(SETTING_LABELS[key].title).not.toMatch(/_/);
      expect(SETTING_LABELS[key].help.length).toBeGreaterThan(10);
    }
  });

  it("shows an owner the seven sections and finance staff the money side's four, with only their settings", async () => {
    const mine = await load(owner, "company");
    expect(part<{ title: string }[]>(mine, "sections").map((s) => s.title)).toEqual([
      "Company",
      "Invoicing",
      "Payments",
      "Tax authority",
      "Messages",
      "Site",
      "Security",
    ]);
    const theirs = await load(finance, "company");
    expect(part<{ id: string }[]>(theirs, "sections").map((s) => s.id)).toEqual([
      "company",
      "invoicing",
      "payments",
      "tax",
    ]);
    expect(part<{ key: string; title: string }[]>(theirs, "fields").map((f) => f.title)).toEqual([
      "Legal name",
      "KRA PIN",
    ]);
    // a section finance may not open shows their first one instead
    expect((await load(finance, "security")).data?.section).toMatchObject({ id: "company" });
  });

  for (const [id, c] of Object.entries(CASES)) {
    it(`${id}: one save checks every value first and changes nothing on a refusal, then saves with audit rows`, async () => {
      const section = SETTING_SECTIONS.find((s) => s.id === id);
      if (!section) throw new Error(id);
      const form = await currentForm(section);
      const before = await getSettings();
      const refused = await post(owner, { ...form, [c.key]: c.bad });
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({ error: `${section.title} settings not saved` });
      expect((refused.data?.fieldErrors as Record<string, string> | undefined)?.[c.key]).toMatch(c.says);
      expect(await getSettings()).toEqual(before);

      const ok = await post(owner, { ...form, [c.key]: c.good });
      expect(ok).toMatchObject({ status: 302, location: `/admin/settings?section=${id}` });
      expect((await getSettings())[c.key]).toEqual(c.want);
      const [audit] = await db()
        .select()
        .from(adminAuditLogs)
        .where(and(eq(adminAuditLogs.action, `Updated system setting: ${c.key}`)))
        .orderBy(desc(adminAuditLogs.createdAt))
        .limit(1);
      expect(audit?.newValues).toEqual({ key: c.key, value: c.want });
    });
  }

  it("reads a switch left unticked as off, and writes only what changed", async () => {
    const site = SETTING_SECTIONS.find((s) => s.id === "site");
    if (!site) throw new Error("site");
    await setSettingValue(db(), "contact_form_enabled", true, null);
    const form = await currentForm(site);
    delete form.contact_form_enabled;
    expect(await post(owner, form)).toMatchObject({ status: 302 });
    expect((await getSettings()).contact_form_enabled).toBe(false);
    const audits = await db()
      .select({ action: adminAuditLogs.action })
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.actorId, owner.user.id));
    expect(audits.filter((a) => a.action === "Updated system setting: max_group_size")).toHaveLength(1);
  });

  it("lets finance save only the money side: another section's post is refused and changes nothing", async () => {
    const site = SETTING_SECTIONS.find((s) => s.id === "site");
    if (!site) throw new Error("site");
    const before = await getSettings();
    const refused = await post(finance, { ...(await currentForm(site)), max_group_size: "3" });
    expect(refused.status).toBe(403);
    // the owner's settings of a shared section are not finance's to change, even when posted
    const company = SETTING_SECTIONS[0];
    const form = { ...(await currentForm(company)), certificate_signatory_name: "Someone Else" };
    expect(await post(finance, form)).toMatchObject({ status: 302 });
    expect((await getSettings()).certificate_signatory_name).toBe(before.certificate_signatory_name);
    expect(await post(owner, { intent: "section", section: "nowhere" })).toMatchObject({ status: 400 });
  });

  it("generates the M-PESA callback secret on the server: new, within its rule, audited; not for the office's viewers", async () => {
    const old = (await getSettings()).mpesa_callback_secret;
    const made = await post(finance, { intent: "generate-callback-secret" });
    expect(made).toMatchObject({ status: 302, location: "/admin/settings?section=payments#mpesa-settings" });
    const secret = (await getSettings()).mpesa_callback_secret;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{24,64}$/);
    expect(secret).not.toBe(old);
    const page = await load(finance, "payments");
    const urls = part<{ callbackUrls: { url: string }[] }>(page, "mpesa").callbackUrls;
    expect(urls.every(({ url }) => url.includes(`/api/mpesa/${secret}/`))).toBe(true);
    const viewer = await signedInAdmin({ roles: ["viewer"] });
    expect((await post(viewer, { intent: "generate-callback-secret" })).status).toBe(403);
    expect((await getSettings()).mpesa_callback_secret).toBe(secret);
  });
});
