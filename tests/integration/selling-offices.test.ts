import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { updateCourseRun } from "#app/bookings/index.server";
import { documentSequences } from "#app/money/tables.server";
import { nextDocumentNumberForTest } from "#app/money/testing.server";
import { sellingOffices } from "#app/offices/tables.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as officesRoute from "#app/routes/offices/offices";
import { courseRuns } from "#app/site/tables.server";
import { today } from "#app/utils/dates";
import { answer, signedInAdmin } from "../helpers/admin-session";
import { ACTOR, book, confirmAll, documentsOf, newRun, SECRET } from "../helpers/money";

// Selling offices (issue 52, decisions 0790–0791): the offices as the finance team edits them, each office's own
// gap-free number series, a run's office and currency, and its currency locked once it has bookings.

beforeEach(async () => {
  await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
});

/** A run sold by the Kampala office, priced in UGX (no minor unit: 1,500,000 UGX is 1500000). */
async function kampalaRun(price = "1500000") {
  const runId = await newRun(price);
  await db()
    .update(courseRuns)
    .set({ sellingOffice: "kampala", currency: "UGX", venue: "Kampala Serena, Uganda", country: "Uganda" })
    .where(eq(courseRuns.id, runId));
  return runId;
}

const officeForm = (code: string, extra: Record<string, string> = {}) => ({
  code,
  legalName: "Mafunzo Training (Uganda) Ltd",
  taxId: "1000123456",
  vatRatePercent: "18",
  address: "Plot 12, Kampala Road, Kampala",
  mtn_momo: "on",
  airtel_money: "on",
  bank1Name: "Stanbic Bank Uganda",
  bank1AccountName: "Mafunzo Training (Uganda) Ltd",
  bank1AccountNumber: "9030012345678",
  bank1Branch: "Kampala Road",
  bank1Swift: "SBICUGKX",
  bank1Currency: "UGX",
  ...extra,
});

describe("the selling offices", () => {
  test("the migration made Nairobi, Mombasa, Kampala and Kigali; Nairobi keeps the firm's unprefixed series", async () => {
    const rows = await db().select().from(sellingOffices);
    const byCode = Object.fromEntries(rows.map((r) => [r.code, r]));
    expect(Object.keys(byCode).sort()).toEqual(["kampala", "kigali", "mombasa", "nairobi"]);
    expect(byCode.nairobi).toMatchObject({
      country: "KE",
      currency: "KES",
      vatRatePercent: 16,
      numberPrefix: "",
    });
    expect(byCode.kampala).toMatchObject({
      country: "UG",
      currency: "UGX",
      vatRatePercent: 18,
      numberPrefix: "KLA-",
    });
    expect(byCode.kigali).toMatchObject({
      country: "RW",
      currency: "RWF",
      vatRatePercent: 18,
      numberPrefix: "KGL-",
    });
  });

  test("finance saves an office; a wrong URA TIN or a half-filled bank account is refused and changes nothing", async () => {
    const finance = await signedInAdmin({ roles: ["finance"] });
    const post = (form: Record<string, string>) =>
      answer(() => officesRoute.action(finance.args("/admin/finance/offices", { form }) as never));
    const [before] = await db().select().from(sellingOffices).where(eq(sellingOffices.code, "kampala"));

    const badTin = await post(officeForm("kampala", { taxId: "P051234567X" }));
    expect(badTin.status).toBe(400);
    expect(badTin.data).toMatchObject({ ok: false, message: "Enter the URA TIN as ten digits." });
    const halfBank = await post(officeForm("kampala", { bank1AccountNumber: "" }));
    expect(halfBank.status).toBe(400);
    expect(halfBank.data).toMatchObject({
      message: "Bank account 1 needs the bank, the account name and the account number.",
    });
    const badVat = await post(officeForm("kampala", { vatRatePercent: "eighteen" }));
    expect(badVat.status).toBe(400);
    expect((await db().select().from(sellingOffices).where(eq(sellingOffices.code, "kampala")))[0]).toEqual(
      before,
    );

    const saved = await post(officeForm("kampala"));
    expect(saved).toMatchObject({ status: 200, data: { ok: true, message: "Kampala office saved." } });
    const [after] = await db().select().from(sellingOffices).where(eq(sellingOffices.code, "kampala"));
    expect(after).toMatchObject({
      taxId: "1000123456",
      currency: "UGX",
      mobileMoney: ["mtn_momo", "airtel_money"],
      bankAccounts: [
        {
          bankName: "Stanbic Bank Uganda",
          accountNumber: "9030012345678",
          swift: "SBICUGKX",
          currency: "UGX",
        },
      ],
    });
    const audit = await db()
      .select()
      .from(adminAuditLogs)
      .where(and(eq(adminAuditLogs.tableName, "selling_offices"), eq(adminAuditLogs.recordId, "kampala")));
    expect(audit.map((a) => a.action)).toContain("Updated selling office: Kampala");
  });

  test("only owner and finance change an office; registrar and viewer read it, editor and trainer do not", async () => {
    const form = officeForm("kigali", { legalName: "Should Not Land Ltd", taxId: "" });
    for (const role of ["registrar", "viewer"] as const) {
      const staff = await signedInAdmin({ roles: [role] });
      expect(
        (await answer(() => officesRoute.loader(staff.args("/admin/finance/offices") as never))).status,
      ).toBe(200);
      const refused = await answer(() =>
        officesRoute.action(staff.args("/admin/finance/offices", { form }) as never),
      );
      expect(refused.status).toBe(403);
    }
    for (const role of ["editor", "trainer"] as const) {
      const staff = await signedInAdmin({ roles: [role] });
      expect(
        (await answer(() => officesRoute.loader(staff.args("/admin/finance/offices") as never))).status,
      ).toBe(403);
    }
    const [kigali] = await db().select().from(sellingOffices).where(eq(sellingOffices.code, "kigali"));
    expect(kigali?.legalName).not.toBe("Should Not Land Ltd");
  });
});

describe("each office's number series", () => {
  test("concurrent issuers in two offices: each series gap-free, a rolled-back number given back", async () => {
    const year = 2091;
    const take = (office: "nairobi" | "kampala", rollBack: boolean) =>
      db()
        .transaction(async (tx) => {
          const n = await nextDocumentNumberForTest(tx, "receipt", year, office);
          if (rollBack) throw new Error("rolled back");
          return n;
        })
        .catch(() => null);
    const jobs = Array.from({ length: 24 }, (_, i) => take(i % 2 === 0 ? "nairobi" : "kampala", i % 6 === 5));
    const taken = await Promise.all(jobs);
    const nairobi = taken.filter((n, i) => n !== null && i % 2 === 0) as number[];
    const kampala = taken.filter((n, i) => n !== null && i % 2 === 1) as number[];
    expect([...nairobi].sort((a, b) => a - b)).toEqual(
      Array.from({ length: nairobi.length }, (_, i) => i + 1),
    );
    expect([...kampala].sort((a, b) => a - b)).toEqual(
      Array.from({ length: kampala.length }, (_, i) => i + 1),
    );
    expect(kampala.length).toBe(8);
    const rows = await db()
      .select({ office: documentSequences.office, last: documentSequences.lastNumber })
      .from(documentSequences)
      .where(and(eq(documentSequences.kind, "receipt"), eq(documentSequences.year, year)));
    expect(Object.fromEntries(rows.map((r) => [r.office, r.last]))).toEqual({ nairobi: 12, kampala: 8 });
  });

  test("a Kampala booking's proforma is numbered in the Kampala series, in UGX; Nairobi's series does not move", async () => {
    const year = Number(today().slice(0, 4));
    const nairobiLast = async () =>
      (
        await db()
          .select({ last: documentSequences.lastNumber })
          .from(documentSequences)
          .where(
            and(
              eq(documentSequences.office, "nairobi"),
              eq(documentSequences.kind, "proforma"),
              eq(documentSequences.year, year),
            ),
          )
      )[0]?.last ?? 0;
    const before = await nairobiLast();
    const runId = await kampalaRun();
    const { booking, participants } = await book(runId, 2, "Nakato");
    await confirmAll(runId, participants);
    const [proforma] = await documentsOf(booking.id);
    expect(proforma).toMatchObject({ kind: "proforma", office: "kampala", currency: "UGX" });
    expect(proforma?.number).toMatch(new RegExp(`^KLA-[A-Z]+-${year}-\\d{4}$`));
    expect(proforma?.seller.name).toBe("Mafunzo Training (Uganda) Ltd");
    // priced in UGX, which has no minor unit: 2 × UGX 1,500,000, at Uganda's 18 % VAT
    expect(proforma?.vatRatePercent).toBe(18);
    expect(proforma?.lines[0]).toMatchObject({ quantity: 2, unitCents: 1_500_000 });
    expect([3_000_000, 3_540_000]).toContain(proforma?.totalCents);
    expect(await nairobiLast()).toBe(before);
  });
});

describe("a run's office and currency", () => {
  const runForm = (runId: string, office: "nairobi" | "kampala") => ({
    startDate: null,
    endDate: null,
    label: null,
    venue: "Kampala Serena, Uganda",
    country: "Uganda",
    deliveryMode: "physical" as const,
    capacity: 40,
    minParticipants: null,
    costOverride: 1_500_000,
    status: "open" as const,
    private: false,
    sellingOffice: office,
    runId,
  });

  test("an unbooked run moves office and takes its currency; once booked its currency cannot change", async () => {
    const runId = await newRun("45000.00");
    const [run] = await db().select().from(courseRuns).where(eq(courseRuns.id, runId));
    const courseId = run?.courseId as string;
    const { runId: _r, ...toKampala } = runForm(runId, "kampala");
    const moved = await updateCourseRun(ACTOR, courseId, runId, {
      ...toKampala,
      startDate: run?.startDate ?? null,
      endDate: run?.endDate ?? null,
    });
    expect(moved).toMatchObject({ ok: true });
    expect((await db().select().from(courseRuns).where(eq(courseRuns.id, runId)))[0]).toMatchObject({
      sellingOffice: "kampala",
      currency: "UGX",
    });

    await book(runId, 1, "Mukasa");
    const back = await updateCourseRun(ACTOR, courseId, runId, {
      ...toKampala,
      sellingOffice: "nairobi",
      startDate: run?.startDate ?? null,
      endDate: run?.endDate ?? null,
    });
    expect(back).toMatchObject({
      ok: false,
      status: 409,
      message:
        "This course date has bookings in UGX: it cannot move to an office that sells in KES. Choose an office that sells in UGX, or cancel the bookings first.",
    });
    expect((await db().select().from(courseRuns).where(eq(courseRuns.id, runId)))[0]).toMatchObject({
      sellingOffice: "kampala",
      currency: "UGX",
    });
    // the database refuses it whatever the app says
    await expect(
      db().execute(sql`update course_runs set currency = 'KES' where id = ${runId}`),
    ).rejects.toThrow();
  });
});
