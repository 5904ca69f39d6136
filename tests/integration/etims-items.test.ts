import fs from "node:fs";
import path from "node:path";
import { and, eq, ne } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { getTodayWork } from "#app/back-office/testing.server";
import { cancelParticipant, getClientBooking, updateBookingDetails } from "#app/bookings/index.server";
import { DEFAULT_ITEM_CLASS_CODE, getEtimsDevice, sendDueTaxInvoices } from "#app/money/index.server";
import { etimsItems, taxInvoices } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { env } from "#app/platform/env.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { addDays, today } from "#app/utils/dates";
import { signedInAdmin } from "../helpers/admin-session";
import { CLASS_CODE, confirmedBooking, etimsForFile, invoicesOf } from "../helpers/etims-sale";
import { ACTOR, book, c2b, callback, confirmAll, SLUG } from "../helpers/money";
import { extractPdfText } from "../helpers/pdf-text";

/*
 * Issue 45, findings 6–9: eTIMS as KRA's OSCU validates it. KRA's stand-in keeps its ledger (items
 * registered, sales accepted, credit notes against accepted sales only); every test ends with that ledger
 * checked for a doubled declaration (etimsForFile).
 */
const kra = etimsForFile();
const OFFICE = { actor: ACTOR, overridesNotice: false };

const itemOf = (courseId: string) =>
  db()
    .select()
    .from(etimsItems)
    .where(eq(etimsItems.itemKey, courseId))
    .then((rows) => rows[0]);

/** Pays a booking while KRA refuses its sale (910, as for a wrong buyer PIN), and sends it once. */
async function paidButRefused(pay: () => Promise<void>) {
  kra().setMode({
    kind: "refuse",
    code: "910",
    message: "Request parameter error",
    path: "saveTrnsSalesOsdc",
  });
  await pay();
  await sendDueTaxInvoices();
  kra().setMode({ kind: "ok" });
}

/** The lines of a sale KRA accepted, as it received them. */
const soldLines = (invoiceNo: number | undefined) =>
  (kra().sales.get(invoiceNo as number)?.body.itemList ?? []) as Record<string, unknown>[];

/** Another active course than SLUG's, with a run to book. */
async function otherCourseRun() {
  const [course] = await db()
    .select({ id: courses.id, title: courses.title, slug: courses.slug })
    .from(courses)
    .where(and(ne(courses.slug, SLUG), eq(courses.status, "active")))
    .limit(1);
  if (!course) throw new Error("no second course");
  const [run] = await db()
    .insert(courseRuns)
    .values({
      courseId: course.id,
      startDate: addDays(today(), 40),
      endDate: addDays(today(), 44),
      venue: "Nairobi, Kenya",
      capacity: 40,
      costOverride: "30000.00",
    })
    .returning({ id: courseRuns.id });
  return { course, runId: run?.id as string };
}

describe("finding 7: each course is registered with KRA as its own item before its first sale", () => {
  test("saveItem goes first, per course, under KRA's item-code structure; the sale names the registered code", async () => {
    const [course] = await db().select().from(courses).where(eq(courses.slug, SLUG));
    const first = await confirmedBooking(1);
    await first.pay();
    const before = kra().requests.length;
    await sendDueTaxInvoices();
    const [sale] = await invoicesOf(first.booking.id);
    expect(sale?.state).toBe("sent");

    const item = await itemOf(course?.id as string);
    expect(item).toMatchObject({ state: "registered", itemClassCode: CLASS_CODE, taxType: "B" });
    // KE (origin) 3 (service) NT (no packaging) U (unit) and a 7-digit increment
    expect(item?.itemCode).toMatch(/^KE3NTU\d{7}$/);
    const calls = kra().requests.slice(before);
    expect(calls.map((r) => r.path)).toEqual(["saveItem", "saveTrnsSalesOsdc"]);
    expect(calls[0]?.body).toEqual({
      itemCd: item?.itemCode,
      itemClsCd: CLASS_CODE,
      itemTyCd: "3",
      itemNm: course?.title,
      itemStdNm: null,
      orgnNatCd: "KE",
      pkgUnitCd: "NT",
      qtyUnitCd: "U",
      taxTyCd: "B",
      btchNo: null,
      bcd: null,
      dftPrc: 45000,
      addInfo: null,
      sftyQty: null,
      isrcAplcbYn: "N",
      useYn: "Y",
      regrId: "mafunzo",
      regrNm: "Mafunzo",
      modrId: "mafunzo",
      modrNm: "Mafunzo",
    });
    expect(kra().items.get(item?.itemCode as string)).toMatchObject({ itemClsCd: CLASS_CODE, taxTyCd: "B" });
    const line = soldLines(sale?.invoiceNo)[0];
    expect(line).toMatchObject({ itemCd: item?.itemCode, itemClsCd: CLASS_CODE, taxTyCd: "B" });

    // the same course sold again: no second registration
    const again = await confirmedBooking(1);
    await again.pay();
    const mark = kra().requests.length;
    await sendDueTaxInvoices();
    expect(
      kra()
        .requests.slice(mark)
        .map((r) => r.path),
    ).toEqual(["saveTrnsSalesOsdc"]);

    // another course: its own item, its own code
    const other = await otherCourseRun();
    const { booking, participants } = await book(other.runId, 1, "Wanjiru", other.course.slug);
    await confirmAll(other.runId, participants);
    await callback(
      "confirmation",
      c2b({ TransID: "ETI0000001", TransAmount: "30000.00", BillRefNumber: booking.reference }),
    );
    const mark2 = kra().requests.length;
    await sendDueTaxInvoices();
    expect(
      kra()
        .requests.slice(mark2)
        .map((r) => r.path),
    ).toEqual(["saveItem", "saveTrnsSalesOsdc"]);
    const otherItem = await itemOf(other.course.id);
    expect(otherItem?.itemCode).toMatch(/^KE3NTU\d{7}$/);
    expect(otherItem?.itemCode).not.toBe(item?.itemCode);
    expect((await invoicesOf(booking.id))[0]?.state).toBe("sent");

    // a changed classification registers the same item code again before the next sale
    await db().update(courses).set({ etimsItemClassCode: "8610170100" }).where(eq(courses.slug, SLUG));
    try {
      const changed = await confirmedBooking(1);
      await changed.pay();
      const mark3 = kra().requests.length;
      await sendDueTaxInvoices();
      expect(
        kra()
          .requests.slice(mark3)
          .map((r) => r.path),
      ).toEqual(["saveItem", "saveTrnsSalesOsdc"]);
      expect(kra().items.get(item?.itemCode as string)?.itemClsCd).toBe("8610170100");
    } finally {
      await db().update(courses).set({ etimsItemClassCode: CLASS_CODE }).where(eq(courses.slug, SLUG));
    }
  });

  test("KRA refuses a sale naming an item it never registered, and a refused registration stops the sale", async () => {
    const first = await confirmedBooking(1);
    await first.pay();
    await sendDueTaxInvoices();
    const [sold] = await invoicesOf(first.booking.id);
    const recorded = kra().sales.get(sold?.invoiceNo as number)?.body as Record<string, unknown>;
    const headers = Object.fromEntries(
      Object.entries(kra().requests.at(-1)?.headers ?? {}).filter(([name]) =>
        ["tin", "bhfid", "cmckey"].includes(name),
      ),
    ) as Record<string, string>;
    // the sale the old code sent: an item code made of the class, which KRA never registered
    const unregistered = await fetch(`${kra().url}/saveTrnsSalesOsdc`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({
        ...recorded,
        invcNo: 888_888,
        remark: "Booking elsewhere",
        itemList: (recorded.itemList as Record<string, unknown>[]).map((line) => ({
          ...line,
          itemCd: `KE3NTU${CLASS_CODE}`,
        })),
      }),
    });
    expect(await unregistered.json()).toMatchObject({
      resultCd: "910",
      resultMsg: `Request parameter error: itemCd KE3NTU${CLASS_CODE}`,
    });
    expect(kra().sales.has(888_888)).toBe(false);

    const { booking, pay } = await confirmedBooking(1);
    await pay();
    kra().setMode({ kind: "refuse", code: "910", message: "Request parameter error" });
    await db().update(etimsItems).set({ state: "unregistered" });
    const mark = kra().requests.length;
    await sendDueTaxInvoices();
    const [row] = await invoicesOf(booking.id);
    expect(
      kra()
        .requests.slice(mark)
        .map((r) => r.path),
    ).toEqual(["saveItem"]);
    expect(row).toMatchObject({ state: "refused", resultCode: "910" });
    expect(row?.lastError).toMatch(
      /^KRA refused to register item KE3NTU\d{7} \(".*"\): 910: Request parameter error$/,
    );
    const [course] = await db().select({ id: courses.id }).from(courses).where(eq(courses.slug, SLUG));
    expect(await itemOf(course?.id as string)).toMatchObject({
      state: "refused",
      lastError: "910: Request parameter error",
    });
    kra().setMode({ kind: "ok" });
  });
});

describe("finding 6: 'Ready' means every active course can be sold; trouble is seen", () => {
  test("a course without its own classification sells under the default one, and the settings list it", async () => {
    await db().update(courses).set({ etimsItemClassCode: null }).where(eq(courses.slug, SLUG));
    try {
      const device = await getEtimsDevice();
      expect(device?.state).toBe("ready");
      const [course] = await db().select().from(courses).where(eq(courses.slug, SLUG));
      expect(device?.coursesOnDefault).toContainEqual({ id: course?.id, title: course?.title });
      const active = await db()
        .select({ id: courses.id, code: courses.etimsItemClassCode })
        .from(courses)
        .where(eq(courses.status, "active"));
      expect(device?.coursesOnDefault).toHaveLength(active.filter((c) => !c.code).length);

      const { booking, pay } = await confirmedBooking(1);
      await pay();
      await sendDueTaxInvoices();
      const [sale] = await invoicesOf(booking.id);
      expect(sale).toMatchObject({ state: "sent", resultCode: "000" });
      expect(sale?.lines[0]?.itemClassCode).toBe(DEFAULT_ITEM_CLASS_CODE);
      const line = soldLines(sale?.invoiceNo)[0];
      expect(line?.itemClsCd).toBe(DEFAULT_ITEM_CLASS_CODE);
    } finally {
      await db().update(courses).set({ etimsItemClassCode: CLASS_CODE }).where(eq(courses.slug, SLUG));
    }
  });

  test("a refused tax invoice is e-mailed to finance, is on 'What needs doing today', and the portal says it is pending and why", async () => {
    const finance = await signedInAdmin({ roles: ["finance"] });
    const { booking, pay } = await confirmedBooking(1);
    await paidButRefused(pay);
    const [row] = await invoicesOf(booking.id);
    expect(row).toMatchObject({ state: "refused", resultCode: "910" });

    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "etims_refused"), eq(emailOutbox.relatedId, row?.id as string)));
    expect(mails.map((m) => m.toAddress)).toContain(finance.user.email);
    expect(mails[0]?.subject).toBe(`Tax invoice ${row?.invoiceNo} (${booking.reference}) was not accepted`);
    expect(mails[0]?.textBody).toContain("910: Request parameter error");

    const today = await getTodayWork(Promise.resolve(0));
    expect(today.items.find((item) => item.id === "etims-refused")).toMatchObject({
      count: expect.any(Number),
      to: "/admin/finance/tax-invoices",
    });

    const page = await getClientBooking(
      { email: booking.contactEmail, sessionId: "test", actor: ACTOR },
      booking.reference,
    );
    expect(page?.taxInvoice).toEqual({
      state: "pending",
      invoiceNo: row?.invoiceNo,
      reason: expect.stringContaining("(KRA's answer: 910: Request parameter error)"),
    });
  });

  test("a tax invoice waiting hours for KRA is on 'What needs doing today'", async () => {
    const { booking, pay } = await confirmedBooking(1);
    kra().setMode({ kind: "http-500" });
    await pay();
    await sendDueTaxInvoices();
    kra().setMode({ kind: "ok" });
    const [row] = await invoicesOf(booking.id);
    expect(row?.state).toBe("waiting");
    const waitingItem = async () =>
      (await getTodayWork(Promise.resolve(0))).items.find((item) => item.id === "etims-waiting");
    const before = (await waitingItem())?.count ?? 0;
    await db()
      .update(taxInvoices)
      .set({ createdAt: new Date(Date.now() - 5 * 3_600_000) })
      .where(eq(taxInvoices.id, row?.id as string));
    expect((await waitingItem())?.count).toBe(before + 1);
    const page = await getClientBooking(
      { email: booking.contactEmail, sessionId: "test", actor: ACTOR },
      booking.reference,
    );
    expect(page?.taxInvoice).toMatchObject({
      state: "pending",
      reason: expect.stringContaining("waiting for KRA"),
    });
  });
});

describe("finding 8: the tax invoice prints net, VAT per band and gross", () => {
  test("net + VAT = gross for the 16 % band, and the totals are labelled as KRA lists them", async () => {
    const { booking, pay } = await confirmedBooking(2);
    await pay();
    await sendDueTaxInvoices();
    const [sent] = await invoicesOf(booking.id);
    const pdf = extractPdfText(
      fs.readFileSync(path.join(env().DATA_DIR, "uploads", sent?.storageKey as string)),
    ).replace(/\s+/g, " ");
    // KES 90,000.00 with 16 % included: 77,586.21 net, 12,413.79 VAT
    expect(pdf).toContain("Net amount 16 % (B) KES 77,586.21");
    expect(pdf).toContain("VAT 16 % (B) KES 12,413.79");
    expect(pdf).toContain("Total net amount KES 77,586.21");
    expect(pdf).toContain("Total VAT KES 12,413.79");
    expect(pdf).toContain("Total amount (KES) KES 90,000.00");
    expect(pdf).not.toContain("Taxable at 16 %");
  });
});

describe("finding 9: a sale KRA refused was never declared", () => {
  test("correcting the buyer's PIN re-sends the same invoice: one sale in KRA's ledger, no credit note", async () => {
    const { booking, pay } = await confirmedBooking(1);
    await paidButRefused(pay);
    const [refused] = await invoicesOf(booking.id);
    expect(refused).toMatchObject({ state: "refused", resultCode: "910" });

    // the README's fix: correct the booking's PIN (which re-issues the proforma)
    const outcome = await updateBookingDetails(OFFICE, booking.id, {
      kraPin: "A123456789Z",
      lpoNumber: "",
      nitaLevyNumber: "",
    });
    expect(outcome.ok).toBe(true);
    const rows = await invoicesOf(booking.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: refused?.id, invoiceNo: refused?.invoiceNo, state: "waiting" });
    expect(rows[0]?.buyer.kraPin).toBe("A123456789Z");
    expect(rows[0]?.proformaId).not.toBe(refused?.proformaId);

    await sendDueTaxInvoices();
    await sendDueTaxInvoices();
    const declared = [...kra().sales.values()].filter(
      (s) => s.body.remark === `Booking ${booking.reference}`,
    );
    expect(declared.map((s) => [s.rcptTyCd, s.invcNo, s.body.custTin])).toEqual([
      ["S", refused?.invoiceNo, "A123456789Z"],
    ]);
    const [sent, ...more] = await invoicesOf(booking.id);
    expect(more).toEqual([]);
    expect(sent?.state).toBe("sent");
  });

  test("a refused sale whose booking is cancelled is withdrawn: no credit note is ever sent for it", async () => {
    const { runId, booking, participants, pay } = await confirmedBooking(1);
    await paidButRefused(pay);
    for (const id of participants) expect((await cancelParticipant(ACTOR, runId, id)).ok).toBe(true);
    await sendDueTaxInvoices();
    const rows = await invoicesOf(booking.id);
    expect(rows.map((r) => [r.receiptType, r.state])).toEqual([["S", "withdrawn"]]);
    expect([...kra().sales.values()].filter((s) => s.body.remark === `Booking ${booking.reference}`)).toEqual(
      [],
    );
  });

  test("the stand-in refuses and reports a second live sale for one booking", async () => {
    const { booking, pay } = await confirmedBooking(1);
    await pay();
    await sendDueTaxInvoices();
    const [sale] = await invoicesOf(booking.id);
    const recorded = kra().sales.get(sale?.invoiceNo as number);
    const response = await fetch(`${kra().url}/saveTrnsSalesOsdc`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(Object.fromEntries(
          Object.entries(kra().requests.at(-1)?.headers ?? {}).filter(([name]) =>
            ["tin", "bhfid", "cmckey"].includes(name),
          ),
        ) as Record<string, string>),
      },
      body: JSON.stringify({ ...recorded?.body, invcNo: 999_999, trdInvcNo: "999999" }),
    });
    expect(await response.json()).toMatchObject({
      resultCd: "921",
      resultMsg: "Sales or sales invoice data which is declared cannot be received.",
    });
    expect(() => kra().expectCleanLedger()).toThrow(/declares "Booking .*" again/);
  });
});
