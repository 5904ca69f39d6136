import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { courseRegistrations } from "#app/booking/tables.server";
import { getRunRoster } from "#app/bookings/index.server";
import { findDeliveryRun, gatherNitaPack, listLiveParticipants } from "#app/delivery/index.server";
import { db, executeRows } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import { sealIdNumbersAtRest } from "#app/platform/personal-data/id-number.server";
import { isSealed } from "#app/platform/secret.server";
import * as registrationPage from "#app/routes/back-office/registrations.$id";
import * as exportRoute from "#app/routes/back-office/registrations.export";
import * as courseRunPage from "#app/routes/bookings/course-run";
import * as signInSheet from "#app/routes/delivery/run-sign-in-sheet";
import type { Role } from "#app/staff/index.server";
import { answer, signedInAdmin } from "../helpers/admin-session";
import { book, newRun, writeTimetable } from "../helpers/delivery";
import { extractPdfText, squash } from "../helpers/pdf-text";

// Issue 32, personal data: ID and passport numbers sealed at rest, masked on every screen, shown in full only on
// an audited reveal or export to the roles that need them (decision 0637).

type Staff = Awaited<ReturnType<typeof signedInAdmin>>;
const staff = {} as Record<Role, Staff>;
let run: Awaited<ReturnType<typeof newRun>>;
const ids: Record<string, string> = {};
const NUMBERS = { wanjiku: "27654321", otieno: "AK9988776" };

beforeAll(async () => {
  for (const role of ["owner", "registrar", "finance", "trainer", "editor", "viewer"] as const) {
    staff[role] = await signedInAdmin({ roles: [role] });
  }
  run = await newRun({ inDays: 12, days: 2 });
  await writeTimetable(run.id);
  const outcome = await book(
    run.id,
    [
      { name: "Wanjiku Sealed", email: "wanjiku.sealed@example.com", idNumber: NUMBERS.wanjiku },
      { name: "Otieno Sealed", email: "otieno.sealed@example.com", idNumber: ` ${NUMBERS.otieno} ` },
      { name: "Chebet Without", email: "chebet.without@example.com" },
    ],
    "Kenya Pipeline",
  );
  if (!outcome?.ok) throw new Error("booking failed");
  const rows = await db()
    .select({ id: courseRegistrations.id, email: courseRegistrations.email })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.runId, run.id));
  for (const row of rows) ids[row.email.split(".")[0] as string] = row.id;
});

const params = () => ({ courseId: run.courseId, runId: run.id });
const runPath = () => `/admin/courses/${run.courseId}/runs/${run.id}`;

/** Every text column of every table, searched for a value: where in the database it stands as typed. */
async function tablesHolding(value: string) {
  const columns = await executeRows<{ table_name: string; column_name: string }>(
    db(),
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'jsonb', 'character varying')`,
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const [hit] = await executeRows<{ n: number }>(
      db(),
      sql.raw(
        `select count(*)::int as n from "${table_name}" where "${column_name}"::text like '%${value}%'`,
      ),
    );
    if (hit && hit.n > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

describe("ID numbers at rest", () => {
  it("a booking stores the number sealed, with its last four beside it, and nowhere as typed", async () => {
    const rows = await db()
      .select({
        id: courseRegistrations.id,
        idNumber: courseRegistrations.idNumber,
        last4: courseRegistrations.idNumberLast4,
      })
      .from(courseRegistrations)
      .where(inArray(courseRegistrations.id, [ids.wanjiku, ids.otieno, ids.chebet] as string[]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(isSealed(byId.get(ids.wanjiku as string)?.idNumber ?? "")).toBe(true);
    expect(byId.get(ids.wanjiku as string)?.last4).toBe("4321");
    expect(isSealed(byId.get(ids.otieno as string)?.idNumber ?? "")).toBe(true);
    expect(byId.get(ids.otieno as string)?.last4).toBe("8776");
    expect(byId.get(ids.chebet as string)).toMatchObject({ idNumber: null, last4: null });
    expect(await tablesHolding(NUMBERS.wanjiku)).toEqual([]);
    expect(await tablesHolding(NUMBERS.otieno)).toEqual([]);
  });

  it("the start-up step seals numbers stored as typed, once, and a second run finds nothing to do", async () => {
    const typed = ["31415926", "P2718281", "12"];
    await db()
      .update(courseRegistrations)
      .set({
        idNumber: sql`case email
          when 'wanjiku.sealed@example.com' then ${typed[0]}
          when 'otieno.sealed@example.com' then ${typed[1]}
          else ${typed[2]} end`,
        idNumberLast4: null,
      })
      .where(eq(courseRegistrations.runId, run.id));
    // a deletion audited before sealing copied the row whole, its number as typed
    await db()
      .insert(adminAuditLogs)
      .values({
        action: "Deleted registration",
        tableName: "course_registrations",
        recordId: ids.otieno,
        oldValues: { id: ids.otieno, name: "Otieno Sealed", idNumber: "27182818" },
        newValues: { deletedAt: "2026-01-01T00:00:00.000Z" },
      });
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(adminAuditLogs);
    // small batches, so more than one transaction does the work: three registrations and the audit row
    expect(await sealIdNumbersAtRest(courseRegistrations, { batchSize: 2 })).toBe(4);
    for (const value of [...typed.slice(0, 2), "27182818"]) expect(await tablesHolding(value)).toEqual([]);
    const [deletion] = await db()
      .select({ oldValues: adminAuditLogs.oldValues })
      .from(adminAuditLogs)
      .where(
        and(
          eq(adminAuditLogs.action, "Deleted registration"),
          eq(adminAuditLogs.recordId, ids.otieno as string),
        ),
      );
    expect(isSealed((deletion?.oldValues as { idNumber?: string } | undefined)?.idNumber ?? "")).toBe(true);
    expect(deletion?.oldValues).toMatchObject({ name: "Otieno Sealed" });
    const rows = await db()
      .select({
        email: courseRegistrations.email,
        idNumber: courseRegistrations.idNumber,
        last4: courseRegistrations.idNumberLast4,
      })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.runId, run.id));
    expect(rows.every((r) => isSealed(r.idNumber ?? ""))).toBe(true);
    expect(Object.fromEntries(rows.map((r) => [r.email, r.last4]))).toEqual({
      "wanjiku.sealed@example.com": "5926",
      "otieno.sealed@example.com": "8281",
      // too short to show any of it
      "chebet.without@example.com": null,
    });
    const roster = await getRunRoster(run.courseId, run.id);
    expect(roster?.participants.find((p) => p.id === ids.wanjiku)?.maskedIdNumber).toBe("•••• 5926");
    expect(await sealIdNumbersAtRest(courseRegistrations)).toBe(0);
    const sealing = await db()
      .select({ newValues: adminAuditLogs.newValues, email: adminAuditLogs.actorEmail })
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.action, "Sealed ID numbers stored as typed"))
      .orderBy(desc(adminAuditLogs.createdAt));
    expect(sealing.slice(0, 2).map((row) => row.newValues)).toEqual([
      { registrations: 1 },
      { registrations: 2 },
    ]);
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(adminAuditLogs);
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(2);
    // the numbers this file's other tests expect
    const { idNumberColumns } = await import("#app/platform/personal-data/id-number.server");
    for (const [who, number] of Object.entries(NUMBERS)) {
      await db()
        .update(courseRegistrations)
        .set(idNumberColumns(number))
        .where(eq(courseRegistrations.id, ids[who] as string));
    }
    await db()
      .update(courseRegistrations)
      .set(idNumberColumns(null))
      .where(eq(courseRegistrations.id, ids.chebet as string));
  });
});

describe("masked on every screen", () => {
  it("the roster shows `•••• 4321` to every role that reads it, and offers Reveal to the owner and registrar", async () => {
    for (const role of ["owner", "registrar", "finance", "viewer"] as const) {
      const page = await courseRunPage.loader(staff[role].args(runPath(), {}, params()) as never);
      const shown = JSON.stringify(page);
      expect(shown, role).not.toContain(NUMBERS.wanjiku);
      expect(shown, role).not.toContain(NUMBERS.otieno);
      const people = Object.fromEntries(page.participants.map((p) => [p.name, p.maskedIdNumber]));
      expect(people).toMatchObject({
        "Wanjiku Sealed": "•••• 4321",
        "Otieno Sealed": "•••• 8776",
        "Chebet Without": null,
      });
      expect(page.canRevealIdNumbers, role).toBe(role === "owner" || role === "registrar");
    }
  });

  it("the registration page, the delivery screens' rows and the sign-in sheet show it masked", async () => {
    for (const role of ["owner", "viewer"] as const) {
      const page = await registrationPage.loader(
        staff[role].args(`/admin/registrations/${ids.wanjiku}`, {}, { id: ids.wanjiku as string }) as never,
      );
      expect(page.registration.maskedIdNumber).toBe("•••• 4321");
      expect(JSON.stringify(page)).not.toContain(NUMBERS.wanjiku);
      expect(page.canRevealIdNumber).toBe(role === "owner");
    }
    const people = await listLiveParticipants(run.id);
    expect(JSON.stringify(people)).not.toContain(NUMBERS.wanjiku);
    const response = (await signInSheet.loader(
      staff.owner.args(`${runPath()}/sign-in-sheet.pdf`, {}, params()) as never,
    )) as Response;
    const text = squash(extractPdfText(Buffer.from(await response.arrayBuffer())));
    expect(text).not.toContain(NUMBERS.wanjiku);
    expect(text).toContain("4321");
  });

  it("the NITA pack keeps the numbers in full, and its download is audited as an export of them", async () => {
    const deliveryRun = await findDeliveryRun(run.id);
    if (!deliveryRun) throw new Error("no run");
    const gathered = await gatherNitaPack(deliveryRun, "Kenya Pipeline");
    expect(gathered?.pack.participants.map((p) => p.idNumber)).toEqual(
      expect.arrayContaining([NUMBERS.otieno, NUMBERS.wanjiku, null]),
    );
    const { loader } = await import("#app/routes/delivery/run-nita-pack");
    const response = (await loader(
      staff.finance.args(
        `${runPath()}/nita-pack/pack.pdf?org=Kenya+Pipeline`,
        {},
        { ...params(), file: "pack.pdf" },
      ) as never,
    )) as Response;
    expect(response.status).toBe(200);
    const [audit] = await db()
      .select()
      .from(adminAuditLogs)
      .where(
        and(
          eq(adminAuditLogs.action, "Exported NITA pack with full ID numbers"),
          eq(adminAuditLogs.recordId, run.id),
        ),
      );
    expect(audit).toMatchObject({
      actorId: staff.finance.user.id,
      newValues: { organization: "Kenya Pipeline", file: "pack.pdf", participants: 3, withIdNumbers: 2 },
    });
    expect(JSON.stringify(audit)).not.toContain(NUMBERS.wanjiku);
  });
});

describe("Reveal", () => {
  const reveal = (role: Role, id = ids.wanjiku as string, form = { intent: "reveal-id-number" }) =>
    answer(() =>
      registrationPage.action(staff[role].args(`/admin/registrations/${id}`, { form }, { id }) as never),
    );
  const reveals = () =>
    db()
      .select({ actorId: adminAuditLogs.actorId, recordId: adminAuditLogs.recordId, all: adminAuditLogs })
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.action, "Revealed ID number"));

  it("shows the owner and the registrar the number and audits it with the registration's id, never the number", async () => {
    for (const role of ["owner", "registrar"] as const) {
      const result = await reveal(role);
      expect(result).toMatchObject({ status: 200, data: { ok: true, idNumber: NUMBERS.wanjiku } });
    }
    const rows = await reveals();
    expect(rows.filter((r) => r.recordId === ids.wanjiku).map((r) => r.actorId)).toEqual(
      expect.arrayContaining([staff.owner.user.id, staff.registrar.user.id]),
    );
    expect(JSON.stringify(rows)).not.toContain(NUMBERS.wanjiku);
  });

  it("refuses every other role with 403 and audits nothing", async () => {
    const before = (await reveals()).length;
    for (const role of ["finance", "trainer", "editor", "viewer"] as const) {
      const result = await reveal(role);
      expect(result.status, role).toBe(403);
      expect(JSON.stringify(result), role).not.toContain(NUMBERS.wanjiku);
    }
    expect((await reveals()).length).toBe(before);
  });

  it("answers a registration without a number, and an unknown action, with a message and no audit row", async () => {
    const before = (await reveals()).length;
    expect(await reveal("owner", ids.chebet as string)).toMatchObject({
      status: 404,
      data: { ok: false, message: "This registration has no ID number." },
    });
    expect((await reveal("owner", ids.wanjiku as string, { intent: "reveal-everything" })).status).toBe(400);
    expect((await reveals()).length).toBe(before);
  });
});

describe("CSV export", () => {
  const exportCsv = async (role: Role, query: string) => {
    const result = await answer(() =>
      exportRoute.loader(staff[role].args(`/admin/registrations/export?${query}`) as never),
    );
    return result;
  };

  it("writes the numbers masked, or in full only when asked for, and audits which", async () => {
    const masked = (await exportRoute.loader(
      staff.registrar.args(`/admin/registrations/export?run=${run.id}`) as never,
    )) as Response;
    const maskedText = await masked.text();
    expect(maskedText).toContain("•••• 4321");
    expect(maskedText).not.toContain(NUMBERS.wanjiku);
    const full = (await exportRoute.loader(
      staff.registrar.args(`/admin/registrations/export?run=${run.id}&idNumbers=full`) as never,
    )) as Response;
    const fullText = await full.text();
    expect(fullText).toContain(NUMBERS.wanjiku);
    expect(fullText).toContain(NUMBERS.otieno);
    const audits = await db()
      .select({ action: adminAuditLogs.action })
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.actorId, staff.registrar.user.id))
      .orderBy(desc(adminAuditLogs.createdAt))
      .limit(2);
    expect(audits.map((a) => a.action)).toEqual([
      "Exported registrations with full ID numbers",
      "Exported registrations",
    ]);
  });

  it("refuses the full numbers to a role that may not see them", async () => {
    expect((await exportCsv("finance", `run=${run.id}&idNumbers=full`)).status).toBe(403);
  });
});
