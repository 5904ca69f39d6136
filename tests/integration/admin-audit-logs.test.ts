import { beforeAll, describe, expect, it } from "vitest";
import {
  type AuditLogFilter,
  countAuditLogs,
  listAuditLogs,
  listAuditTables,
  parseAuditLogFilter,
  shortRecordId,
} from "#app/back-office/index.server";
import { listAuditLogsAfter } from "#app/back-office/testing.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import * as auditRoute from "#app/routes/back-office/audit-logs";
import { answer, routeArgs, signedInAdmin } from "../helpers/admin-session";

const ACTIONS = [
  ["Created course", "courses"],
  ["Updated course", "courses"],
  ["Deleted course", "courses"],
  ["Admin login", "users"],
  ["Admin logout", "users"],
  ["Added administrator", "users"],
  ["Removed administrator", "users"],
  ["Updated contact address", "contact_submissions"],
  ["Updated system setting: site_maintenance", "system_settings"],
] as const;

const filter = (overrides: Partial<AuditLogFilter> = {}): AuditLogFilter => ({
  q: undefined,
  table: undefined,
  action: "all",
  page: 1,
  ...overrides,
});
const actionsOf = async (f: AuditLogFilter) => (await listAuditLogs(f)).map((r) => r.action).sort();

let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  const base = Date.parse("2025-01-01T00:00:00Z");
  admin = await signedInAdmin();
  // only the rows below: the fixed set the filters are checked against
  await db().delete(adminAuditLogs);
  await db()
    .insert(adminAuditLogs)
    .values(
      ACTIONS.map(([action, tableName], i) => ({
        action,
        tableName,
        recordId: crypto.randomUUID(),
        newValues: { i },
        ip: "127.0.0.1",
        userAgent: "vitest",
        createdAt: new Date(base + i * 1000),
      })),
    );
});

describe("audit log filters", () => {
  it("maps action types onto the action text, counting Added as create and Removed as delete", async () => {
    expect(await actionsOf(filter({ action: "create" }))).toEqual(["Added administrator", "Created course"]);
    expect(await actionsOf(filter({ action: "update" }))).toEqual([
      "Updated contact address",
      "Updated course",
      "Updated system setting: site_maintenance",
    ]);
    expect(await actionsOf(filter({ action: "delete" }))).toEqual([
      "Deleted course",
      "Removed administrator",
    ]);
    expect(await actionsOf(filter({ action: "login" }))).toEqual(["Admin login"]);
  });

  it("searches action or table name case-insensitively, and filters the table exactly", async () => {
    expect(await actionsOf(filter({ q: "COURSE" }))).toEqual([
      "Created course",
      "Deleted course",
      "Updated course",
    ]);
    expect(await actionsOf(filter({ q: "system_set" }))).toEqual([
      "Updated system setting: site_maintenance",
    ]);
    expect(await actionsOf(filter({ q: "%" }))).toEqual([]);
    expect(await actionsOf(filter({ table: "users", action: "delete" }))).toEqual(["Removed administrator"]);
    expect(await actionsOf(filter({ table: "user" }))).toEqual([]);
    expect(await listAuditTables()).toEqual(["contact_submissions", "courses", "system_settings", "users"]);
  });

  it("reads bad URL values as no filter", () => {
    expect(parseAuditLogFilter(new URLSearchParams("action=drop&page=-3&q=%20"))).toEqual({
      action: "all",
      page: 1,
      q: undefined,
      table: undefined,
    });
    expect(shortRecordId("0123456789abcdef")).toBe("01234567...");
  });
});

describe("audit log paging and export batches", () => {
  it("shows 100 rows a page, newest first, and reaches older entries beyond the first 100", async () => {
    const base = Date.parse("2024-01-01T00:00:00Z");
    await db()
      .insert(adminAuditLogs)
      .values(
        Array.from({ length: 230 }, (_, i) => ({
          action: `Updated testimonial ${i}`,
          tableName: "testimonials",
          ip: "127.0.0.1",
          userAgent: "vitest",
          // several rows share each millisecond, as a bulk change would
          createdAt: new Date(base + Math.floor(i / 3)),
        })),
      );
    const f = filter({ table: "testimonials" });
    expect(await countAuditLogs(f)).toBe(230);
    const pages = await Promise.all([1, 2, 3].map((page) => listAuditLogs({ ...f, page })));
    expect(pages.map((p) => p.length)).toEqual([100, 100, 30]);
    const ids = new Set(pages.flat().map((r) => r.id));
    expect(ids.size).toBe(230);

    const exported: string[] = [];
    let after: { id: string; exactTime: string } | null = null;
    for (;;) {
      const batch = await listAuditLogsAfter(f, after, 7);
      exported.push(...batch.map((r) => r.id));
      if (batch.length < 7) break;
      after = batch[batch.length - 1] ?? null;
    }
    expect(exported).toEqual(pages.flat().map((r) => r.id));

    const result = await answer(() =>
      auditRoute.loader(admin.args("/admin/audit-logs?table=testimonials&page=3")),
    );
    expect(result.data).toMatchObject({ total: 230, filter: { page: 3 }, error: null });
    expect((result.data as unknown as { rows: unknown[] }).rows).toHaveLength(30);
  });

  it("refuses a visitor without a session", async () => {
    const result = await answer(() => auditRoute.loader(routeArgs("/admin/audit-logs")));
    expect(result.status).toBe(302);
  });
});
