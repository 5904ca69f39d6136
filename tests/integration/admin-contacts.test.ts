import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ContactQuerySchema,
  getDashboard,
  listContacts,
  parseListQuery,
} from "#app/back-office/index.server";
import { lastMonths } from "#app/back-office/testing.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import * as listRoute from "#app/routes/back-office/contacts";
import * as exportRoute from "#app/routes/back-office/contacts.export";
import { answer, routeArgs, signedInAdmin } from "../helpers/admin-session";
import { insertContacts, insertRegistrations } from "../helpers/submission-rows";

let admin: Awaited<ReturnType<typeof signedInAdmin>>;
const query = (search: string) => parseListQuery(ContactQuerySchema, new URL(`http://x/?${search}`));
const names = async (search: string) => (await listContacts(query(search))).rows.map((r) => r.name);

beforeAll(async () => {
  admin = await signedInAdmin();
  await insertContacts([
    { name: "Wanjiru Contact", message: "Please send the catalogue for Kaskazini programmes", status: "new" },
    { name: "Otieno Contact", organization: "Kaskazini Bank", status: "contacted" },
    { name: "Nuru Contact", message: "@SUM(1+1) kaskazini", status: "resolved" },
  ]);
});

describe("contacts", () => {
  it("searches messages and organisations and filters by status", async () => {
    expect((await names("q=kaskazini")).sort()).toEqual([
      "Nuru Contact",
      "Otieno Contact",
      "Wanjiru Contact",
    ]);
    expect(await names("q=kaskazini&status=contacted")).toEqual(["Otieno Contact"]);
    expect((await listContacts(query("q=kaskazini"))).rows[0]?.message).toBeDefined();
  });

  it("updates status, deletes and restores through the route, with the spec's messages and audit rows", async () => {
    const [row] = await insertContacts([{ name: "Route Contact" }]);
    const id = row?.id as string;
    const post = (form: Record<string, string>) =>
      listRoute.action(admin.args("/admin/contacts", { form }) as never) as Promise<{
        data: unknown;
        init: ResponseInit | null;
      }>;
    expect((await post({ intent: "status", id, status: "contacted" })).data).toMatchObject({
      ok: true,
      title: "Status Updated",
    });
    expect((await post({ intent: "delete", id })).data).toMatchObject({ ok: true, title: "Contact Deleted" });
    const failed = await post({ intent: "delete", id });
    expect(failed.data).toMatchObject({ ok: false, title: "Failed to delete contact." });
    expect((await post({ intent: "restore", id })).data).toMatchObject({
      ok: true,
      title: "Contact Restored",
    });
    const badStatus = await post({ intent: "status", id: "not-a-uuid", status: "new" });
    expect(badStatus.init?.status).toBe(400);
    expect(badStatus.data).toMatchObject({ title: "Failed to update status." });
    const audit = await db()
      .select()
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.recordId, id))
      .orderBy(desc(adminAuditLogs.createdAt));
    expect(audit.map((a) => a.action)).toEqual([
      "Restored contact",
      "Deleted contact",
      "Updated contact status",
    ]);
    expect(audit[2]).toMatchObject({ oldValues: { status: "new" }, newValues: { status: "contacted" } });
    expect(audit[1]?.oldValues).toMatchObject({ name: "Route Contact", status: "contacted" });
  });

  it("exports the filtered messages, neutralising formula cells", async () => {
    const response = (await exportRoute.loader(
      admin.args("/admin/contacts/export?q=kaskazini&status=resolved") as never,
    )) as Response;
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFName,Email,Phone,Organization,Course of Interest,Message,Status,Source,Received At",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Nuru Contact,nuru.contact@example.com,,,,'@SUM(1+1) kaskazini,resolved");
  });

  it("refuses requests without a session", async () => {
    const result = await answer(() =>
      listRoute.action(
        routeArgs("/admin/contacts", { form: { intent: "delete", id: crypto.randomUUID() } }) as never,
      ),
    );
    expect(result.status).toBe(401);
  });
});

describe("dashboard figures", () => {
  it("lists the last twelve Nairobi months, oldest first", () => {
    // 31 Dec 22:00 UTC is already 1 January in Nairobi
    const keys = lastMonths(12, new Date("2025-12-31T22:00:00Z"));
    expect(keys[11]).toBe("2026-01");
    expect(keys[0]).toBe("2025-02");
  });

  it("counts registrations, new ones, per month, top courses and contacts by status, ignoring deleted rows", async () => {
    const now = new Date();
    const before = await getDashboard(now);
    const newCount = (dashboard: typeof before) =>
      dashboard.today.items.find((i) => i.id === "new-registrations")?.count;
    await insertRegistrations([
      { name: "Chart A", courseName: "Chart Course", createdAt: now },
      { name: "Chart B", courseName: "Chart Course", createdAt: now, status: "paid" },
      { name: "Chart C", courseName: "Chart Course", createdAt: now, deletedAt: now },
    ]);
    const after = await getDashboard(now);
    expect(after.counts.registrations).toBe(before.counts.registrations + 2);
    expect(newCount(after)).toBe((newCount(before) ?? 0) + 1);
    const months = after.perMonth;
    expect(months).toHaveLength(12);
    expect(months[11]?.count).toBe((before.perMonth[11]?.count ?? 0) + 2);
    const top = after.byCourse;
    expect(top.length).toBeLessThanOrEqual(10);
    expect(top.find((c) => c.course === "Chart Course")?.count).toBe(2);
    const statuses = after.byStatus;
    expect(statuses.map((s) => s.status)).toEqual(["new", "contacted", "resolved"]);
    expect(statuses.every((s) => s.count >= 1)).toBe(true);
  });
});
