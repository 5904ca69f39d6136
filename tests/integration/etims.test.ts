import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { lockBooking } from "#app/booking/index.server";
import { cancelParticipant } from "#app/bookings/index.server";
import {
  getEtimsDevice,
  retryRefusedTaxInvoice,
  reversePayment,
  saveEtimsDevice,
  sendDueTaxInvoices,
} from "#app/money/index.server";
import { etimsDevice, payments, taxInvoices } from "#app/money/tables.server";
import { readyDevice, syncTaxInvoice } from "#app/money/testing.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { env } from "#app/platform/env.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as settingsRoute from "#app/routes/back-office/settings";
import * as bookingRoute from "#app/routes/bookings/booking";
import * as taxInvoicesRoute from "#app/routes/money/finance-tax-invoices";
import * as taxInvoiceFileRoute from "#app/routes/money/tax-invoice-file";
import { courses } from "#app/site/tables.server";
import { answer, signedInAdmin } from "../helpers/admin-session";
import {
  CLASS_CODE,
  confirmedBooking,
  DEVICE,
  dueNow,
  etimsForFile,
  invoicesOf,
} from "../helpers/etims-sale";
import { ACTOR, SLUG } from "../helpers/money";
import { extractPdfText } from "../helpers/pdf-text";

const kra = etimsForFile();
const SERIAL_OK = DEVICE.deviceSerial;

describe("the eTIMS device", () => {
  test("a device KRA does not know keeps KRA's message; the right one is ready with its key sealed", async () => {
    const refused = await saveEtimsDevice(ACTOR, { ...DEVICE, deviceSerial: "NOT-APPROVED-9" });
    expect(refused).toEqual({
      ok: false,
      message: "KRA did not initialise the device. 901: It is not valid device",
    });
    expect((await getEtimsDevice())?.state).toBe("901: It is not valid device");
    expect(await readyDevice()).toBeNull();

    kra().setMode({ kind: "http-500" });
    expect((await saveEtimsDevice(ACTOR, DEVICE)).message).toContain("eTIMS answered HTTP 500.");
    expect(await readyDevice()).toBeNull();
    kra().setMode({ kind: "ok" });

    expect(await saveEtimsDevice(ACTOR, DEVICE)).toEqual({
      ok: true,
      message: "eTIMS is ready: KRA initialised the device.",
    });
    const [row] = await db().select().from(etimsDevice);
    expect(row?.state).toBe("ready");
    expect(row?.cmcKey).toMatch(/^seal1:/);
    const init = kra()
      .requests.filter((r) => r.path === "selectInitOsdcInfo")
      .at(-1);
    expect(init?.body).toEqual({ tin: DEVICE.tin, bhfId: "00", dvcSrlNo: DEVICE.deviceSerial });
  });
});

describe("tax invoices", () => {
  test("a booking paid in full is sent once as a tax invoice: buyer PIN, class, tax type; signed, printed, e-mailed", async () => {
    const { booking, proforma, pay } = await confirmedBooking(2);
    expect(await invoicesOf(booking.id)).toEqual([]);
    await pay();
    const [queued, ...more] = await invoicesOf(booking.id);
    expect(more).toEqual([]);
    expect(queued).toMatchObject({ state: "waiting", receiptType: "S", totalCents: proforma.totalCents });
    // 16 % included in the price: the tax is 16/116 of it
    expect(queued?.taxCents).toBe(Math.round((proforma.totalCents * 16) / 116));

    await sendDueTaxInvoices();
    const [sent] = await invoicesOf(booking.id);
    expect(sent).toMatchObject({ state: "sent", resultCode: "000", lastError: null });
    expect(sent?.receiptNo).toBeGreaterThan(0);
    expect(sent?.signature).toMatch(/^[A-Z2-7]+$/);
    const recorded = kra().sales.get(sent?.invoiceNo as number);
    expect(recorded?.rcptTyCd).toBe("S");
    expect(recorded?.body).toMatchObject({
      invcNo: sent?.invoiceNo,
      custTin: "P051234567X",
      totAmt: proforma.totalCents / 100,
      taxblAmtB: proforma.totalCents / 100,
      taxRtB: 16,
    });
    expect((recorded?.body.itemList as Record<string, unknown>[] | undefined)?.[0]).toMatchObject({
      itemClsCd: CLASS_CODE,
      taxTyCd: "B",
      qty: 2,
    });
    const lastSale = kra()
      .requests.filter((r) => r.path === "saveTrnsSalesOsdc")
      .at(-1);
    expect(lastSale?.headers).toMatchObject({ tin: DEVICE.tin, bhfid: "00" });
    expect(lastSale?.headers.cmckey).toMatch(/^[0-9a-f]{32}$/);

    const pdf = extractPdfText(
      fs.readFileSync(path.join(env().DATA_DIR, "uploads", sent?.storageKey as string)),
    );
    expect(pdf).toContain(`TAX INVOICE No. ${sent?.invoiceNo}`);
    expect(pdf).toContain(`${sent?.receiptNo}`);
    expect(pdf.replace(/\s+/g, " ")).toContain("Buyer PIN: P051234567X");
    // on the document kit: the firm's letterhead, the lines with their class and tax type, totals that add
    // up, and every field of KRA's signature
    const squashed = pdf.replace(/\s+/g, " ");
    for (const expected of [
      "Mafunzo Training & Consultancy Ltd",
      `Booking ${booking.reference}`,
      `Item class ${CLASS_CODE} · VAT 16 % (B)`,
      "Net amount 16 % (B)",
      "VAT 16 % (B)",
      "Total net amount",
      "Total VAT",
      "Total amount (KES)",
      "Internal data",
      "Receipt signature",
      "Page 1 of 1",
    ]) {
      expect(squashed).toContain(expected);
    }
    expect(squashed).toContain(`Receipt number ${sent?.receiptNo}`);
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "etims_tax_invoice"), eq(emailOutbox.relatedId, sent?.id as string)));
    expect(mail?.toAddress).toBe(booking.contactEmail);
    expect(mail?.textBody).toContain(`KRA receipt number: ${sent?.receiptNo}`);
    expect(mail?.textBody).toContain("indexEtimsReceiptData?Data=P051111111Q00");
    expect(mail?.attachments).toEqual([
      {
        filename: `tax-invoice-${sent?.invoiceNo}.pdf`,
        contentType: "application/pdf",
        storageKey: sent?.storageKey,
      },
    ]);

    // a second pass and the same payment again send nothing more
    await sendDueTaxInvoices();
    expect(kra().attemptsFor(sent?.invoiceNo as number)).toBe(1);
    expect(await invoicesOf(booking.id)).toHaveLength(1);
  });

  test("KRA down, then slow: the invoice waits and is retried, then goes exactly once", async () => {
    const { booking, pay } = await confirmedBooking(1);
    kra().setMode({ kind: "http-500" });
    await pay();
    await sendDueTaxInvoices();
    let [row] = await invoicesOf(booking.id);
    expect(row).toMatchObject({ state: "waiting", attempts: 1, lastError: "eTIMS answered HTTP 500." });
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // not due yet: the backoff holds it
    await sendDueTaxInvoices();
    expect(kra().attemptsFor(row?.invoiceNo as number)).toBe(1);

    kra().setMode({ kind: "timeout" });
    await dueNow();
    await sendDueTaxInvoices();
    [row] = await invoicesOf(booking.id);
    expect(row).toMatchObject({
      state: "waiting",
      attempts: 2,
      lastError: "eTIMS did not answer within 1 s.",
    });

    kra().setMode({ kind: "ok" });
    await dueNow();
    await sendDueTaxInvoices();
    [row] = await invoicesOf(booking.id);
    expect(row?.state).toBe("sent");
    expect(kra().attemptsFor(row?.invoiceNo as number)).toBe(3);
    expect([...kra().sales.values()].filter((s) => s.invcNo === row?.invoiceNo)).toHaveLength(1);
  });

  test("an answer lost after KRA recorded the sale: the retry is refused as overlapped, never a second sale", async () => {
    const { booking, pay } = await confirmedBooking(1);
    kra().setMode({ kind: "lose-answer" });
    await pay();
    await sendDueTaxInvoices();
    let [row] = await invoicesOf(booking.id);
    expect(row).toMatchObject({ state: "waiting", lastError: "eTIMS did not answer within 1 s." });
    expect(kra().sales.has(row?.invoiceNo as number)).toBe(true);

    kra().setMode({ kind: "ok" });
    await dueNow();
    await sendDueTaxInvoices();
    [row] = await invoicesOf(booking.id);
    expect(row).toMatchObject({
      state: "refused",
      resultCode: "994",
      lastError: "994: There is an overlapped Data",
    });
    expect([...kra().sales.values()].filter((sale) => sale.invcNo === row?.invoiceNo)).toHaveLength(1);
  });

  test("two outbox passes at once send each tax invoice once", async () => {
    const paid = await Promise.all(Array.from({ length: 4 }, () => confirmedBooking(1)));
    for (const b of paid) await b.pay();
    await Promise.all([sendDueTaxInvoices(), sendDueTaxInvoices(), sendDueTaxInvoices()]);
    for (const b of paid) {
      const [row] = await invoicesOf(b.booking.id);
      expect(row?.state).toBe("sent");
      expect(kra().attemptsFor(row?.invoiceNo as number)).toBe(1);
    }
  });

  test("refusals keep KRA's message, ours say they are ours; finance corrects the data and retries under the same number", async () => {
    const { booking, pay } = await confirmedBooking(1);
    await pay();
    // a tax invoice queued before courses were registered as items: its lines name no item
    let [row] = await invoicesOf(booking.id);
    await db()
      .update(taxInvoices)
      .set({ lines: (row?.lines ?? []).map(({ itemCode: _none, ...line }) => line) })
      .where(eq(taxInvoices.id, row?.id as string));
    const before = kra().requests.length;
    await sendDueTaxInvoices();
    [row] = await invoicesOf(booking.id);
    expect(row).toMatchObject({ state: "refused", resultCode: null });
    expect(row?.lastError).toMatch(/^Our check \(not sent to KRA\): ".*" has no KRA item classification/);
    expect(kra().requests.length).toBe(before);
    // nothing to retry but a refused one
    const other = await confirmedBooking(1);

    kra().setMode({ kind: "refuse", code: "910", message: "Request parameter error" });
    expect(await retryRefusedTaxInvoice(ACTOR, row?.id as string)).toEqual({
      ok: true,
      message: `Tax invoice ${row?.invoiceNo} waits to be sent to eTIMS again.`,
    });
    [row] = await invoicesOf(booking.id);
    expect(row?.lines[0]?.itemClassCode).toBe(CLASS_CODE);
    await sendDueTaxInvoices();
    [row] = await invoicesOf(booking.id);
    expect(row).toMatchObject({
      state: "refused",
      resultCode: "910",
      lastError: "910: Request parameter error",
    });

    kra().setMode({ kind: "ok" });
    await retryRefusedTaxInvoice(ACTOR, row?.id as string);
    await sendDueTaxInvoices();
    const [sent] = await invoicesOf(booking.id);
    expect(sent?.state).toBe("sent");
    expect(sent?.invoiceNo).toBe(row?.invoiceNo);
    expect((await retryRefusedTaxInvoice(ACTOR, sent?.id as string)).ok).toBe(false);
    expect(await invoicesOf(other.booking.id)).toEqual([]);
  });

  test("a cancelled booking's tax invoice gets a credit note (R) referring to it, sent after it", async () => {
    const { runId, booking, participants, pay } = await confirmedBooking(1);
    await pay();
    for (const id of participants) expect((await cancelParticipant(ACTOR, runId, id)).ok).toBe(true);
    const [sale, credit] = await invoicesOf(booking.id);
    expect(sale).toMatchObject({ receiptType: "S", state: "waiting" });
    expect(credit).toMatchObject({
      receiptType: "R",
      originalId: sale?.id,
      totalCents: sale?.totalCents,
      state: "waiting",
    });

    await sendDueTaxInvoices();
    const [sentSale, sentCredit] = await invoicesOf(booking.id);
    expect(sentSale?.state).toBe("sent");
    expect(sentCredit?.state).toBe("sent");
    expect(kra().sales.get(sentCredit?.invoiceNo as number)).toMatchObject({
      rcptTyCd: "R",
      orgInvcNo: sentSale?.invoiceNo,
    });
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.relatedId, sentCredit?.id as string));
    expect(mail?.textBody).toContain(`cancels tax invoice ${sentSale?.invoiceNo}`);
  });

  test("sent on confirmation when the firm chooses; an exempt course carries no tax; a reversal that leaves it unpaid is credited", async () => {
    await saveEtimsDevice(ACTOR, { ...DEVICE, sendOn: "confirmed" });
    await db().update(courses).set({ etimsTaxType: "A" }).where(eq(courses.slug, SLUG));
    try {
      const { booking, proforma } = await confirmedBooking(1);
      const [sale] = await invoicesOf(booking.id);
      expect(sale).toMatchObject({
        receiptType: "S",
        state: "waiting",
        totalCents: proforma.totalCents,
        taxCents: 0,
      });
      await sendDueTaxInvoices();
      expect(kra().sales.get(sale?.invoiceNo as number)?.body).toMatchObject({
        taxblAmtA: proforma.totalCents / 100,
        taxAmtA: 0,
        taxblAmtB: 0,
        totTaxAmt: 0,
      });
    } finally {
      await saveEtimsDevice(ACTOR, DEVICE);
    }
    await db().update(courses).set({ etimsTaxType: "B" }).where(eq(courses.slug, SLUG));

    // paid, then the payment reversed (refunded): the sale no longer holds
    const { booking, pay } = await confirmedBooking(1);
    await pay();
    await sendDueTaxInvoices();
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, booking.id));
    expect((await reversePayment(ACTOR, payment?.id as string, "Refunded to the client")).ok).toBe(true);
    const [sale, credit] = await invoicesOf(booking.id);
    expect(credit).toMatchObject({ receiptType: "R", originalId: sale?.id, state: "waiting" });
    await sendDueTaxInvoices();
    expect(kra().sales.get((await invoicesOf(booking.id))[1]?.invoiceNo as number)).toMatchObject({
      rcptTyCd: "R",
      orgInvcNo: sale?.invoiceNo,
    });
  });

  test("issued tax invoices are never deleted, and a sent one never changes", async () => {
    const { booking, pay } = await confirmedBooking(1);
    await pay();
    await sendDueTaxInvoices();
    const [sent] = await invoicesOf(booking.id);
    await expect(
      db()
        .delete(taxInvoices)
        .where(eq(taxInvoices.id, sent?.id as string)),
    ).rejects.toThrow();
    await expect(
      db()
        .update(taxInvoices)
        .set({ totalCents: 1 })
        .where(eq(taxInvoices.id, sent?.id as string)),
    ).rejects.toThrow();
  });

  test("invoice numbers are gap-free and race-free: concurrent sales, and a rolled-back one gives its number back", async () => {
    const bookingsPaid = await Promise.all(Array.from({ length: 6 }, () => confirmedBooking(1)));
    const numbersNow = async () =>
      (await db().select({ n: taxInvoices.invoiceNo }).from(taxInvoices)).map((r) => r.n);
    const start = Math.max(0, ...(await numbersNow()));
    // a transaction that queued a sale and then failed
    const { booking, proforma } = bookingsPaid[0] as Awaited<ReturnType<typeof confirmedBooking>>;
    await expect(
      db().transaction(async (tx) => {
        const locked = await lockBooking(tx, booking.id);
        await syncTaxInvoice(tx, locked as never, proforma, true, ACTOR);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await Promise.all(bookingsPaid.map((b) => b.pay()));
    const numbers = (await numbersNow()).filter((n) => n > start).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 6 }, (_, i) => start + 1 + i));
  });
});

describe("the screens' actions", () => {
  test("the eTIMS section: bad input answers 400 naming the field and changes nothing; finance saves and initialises", async () => {
    const finance = await signedInAdmin({ roles: ["finance"] });
    const before = await getEtimsDevice();
    const form = {
      intent: "etims-device",
      branchId: "00",
      deviceSerial: SERIAL_OK,
      environment: "sandbox",
      sendOn: "paid",
    };
    // the KRA PIN is the Company section's, typed once (issue 49): without it eTIMS says where to enter it
    await setSettingValue(db(), "finance_kra_pin", "", null);
    const refused = await answer(() =>
      settingsRoute.action(finance.args("/admin/settings", { form }) as never),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      ok: false,
      field: "tin",
      message: expect.stringContaining("KRA PIN under Company first"),
    });
    await setSettingValue(db(), "finance_kra_pin", DEVICE.tin, null);
    // a PIN posted beside the form is not a second source: the Company one is used
    const posted = await answer(() =>
      settingsRoute.action(
        finance.args("/admin/settings", { form: { ...form, tin: "P05", branchId: "0A" } }) as never,
      ),
    );
    expect(posted.data).toMatchObject({ ok: false, field: "branchId" });
    for (const [field, value] of [
      ["branchId", "0A"],
      ["deviceSerial", "bad serial"],
      ["environment", "live"],
      ["sendOn", "never"],
    ]) {
      const bad = await answer(() =>
        settingsRoute.action(
          finance.args("/admin/settings", {
            form: { ...form, [field as string]: value as string },
          }) as never,
        ),
      );
      expect(bad.status).toBe(400);
      expect(bad.data).toMatchObject({ ok: false, field });
    }
    expect(await getEtimsDevice()).toEqual(before);

    const saved = await answer(() =>
      settingsRoute.action(
        finance.args("/admin/settings", {
          form: { ...form, sendOn: "confirmed" },
        }) as never,
      ),
    );
    expect(saved).toMatchObject({
      status: 200,
      data: { ok: true, message: "eTIMS is ready: KRA initialised the device." },
    });
    expect(await getEtimsDevice()).toMatchObject({ tin: DEVICE.tin, sendOn: "confirmed", state: "ready" });
    await saveEtimsDevice(ACTOR, DEVICE);
  });

  test("the Tax invoices screen opens for finance; a malformed or unknown retry is refused with a message", async () => {
    const owner = await signedInAdmin();
    const listed = await answer(() =>
      taxInvoicesRoute.loader(owner.args("/admin/finance/tax-invoices") as never),
    );
    expect(listed.status).toBe(200);
    const bad = await answer(() =>
      taxInvoicesRoute.action(
        owner.args("/admin/finance/tax-invoices", { form: { intent: "retry", id: "nope" } }) as never,
      ),
    );
    expect(bad).toMatchObject({ status: 400, data: { ok: false, message: "Choose a tax invoice" } });
    const unknown = await answer(() =>
      taxInvoicesRoute.action(
        owner.args("/admin/finance/tax-invoices", {
          form: { intent: "retry", id: crypto.randomUUID() },
        }) as never,
      ),
    );
    expect(unknown).toMatchObject({
      status: 409,
      data: { ok: false, message: "That tax invoice is not on the list." },
    });
  });

  test("a sent tax invoice's PDF downloads for finance; a waiting one, or an unknown id, is a 404", async () => {
    const finance = await signedInAdmin({ roles: ["finance"] });
    const { booking, pay } = await confirmedBooking(1);
    kra().setMode({ kind: "http-500" });
    await pay();
    await sendDueTaxInvoices();
    const [waiting] = await invoicesOf(booking.id);
    const file = (id: string) =>
      answer(() =>
        taxInvoiceFileRoute.loader(
          finance.args(`/admin/finance/tax-invoices/${id}/pdf`, {}, { id }) as never,
        ),
      );
    expect((await file(waiting?.id as string)).status).toBe(404);
    expect((await file(crypto.randomUUID())).status).toBe(404);
    expect((await file("not-an-id")).status).toBe(404);

    kra().setMode({ kind: "ok" });
    await dueNow();
    await sendDueTaxInvoices();
    const response = (await taxInvoiceFileRoute.loader(
      finance.args(
        `/admin/finance/tax-invoices/${waiting?.id}/pdf`,
        {},
        { id: waiting?.id as string },
      ) as never,
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(`tax-invoice-${waiting?.invoiceNo}.pdf`);
    expect(extractPdfText(Buffer.from(await response.arrayBuffer()))).toContain(
      `TAX INVOICE No. ${waiting?.invoiceNo}`,
    );
  });

  test("the booking page shows its own tax invoices as KRA has them, to a viewer too, with the sent one's PDF", async () => {
    const viewer = await signedInAdmin({ roles: ["viewer"] });
    const page = async (reference: string) => {
      const loaded = await answer(() =>
        bookingRoute.loader(viewer.args(`/admin/bookings/${reference}`, {}, { reference }) as never),
      );
      expect(loaded.status).toBe(200);
      return loaded.data?.taxInvoices as {
        id: string;
        state: string;
        lastError: string;
        receiptNo: number;
      }[];
    };
    const down = await confirmedBooking(1);
    const refused = await confirmedBooking(1);
    expect(await page(down.booking.reference)).toEqual([]);
    kra().setMode({ kind: "http-500" });
    await down.pay();
    await sendDueTaxInvoices();
    kra().setMode({ kind: "refuse", code: "910", message: "Request parameter error" });
    await refused.pay();
    await sendDueTaxInvoices();

    const [waiting, ...notOurs] = await page(down.booking.reference);
    expect(notOurs).toEqual([]);
    expect(waiting).toMatchObject({ state: "waiting", lastError: expect.stringContaining("HTTP 500") });
    const [kraSaidNo] = await page(refused.booking.reference);
    expect(kraSaidNo).toMatchObject({ state: "refused", lastError: "910: Request parameter error" });

    kra().setMode({ kind: "ok" });
    await retryRefusedTaxInvoice(ACTOR, kraSaidNo?.id as string);
    await dueNow();
    await sendDueTaxInvoices();
    const [sent] = await page(refused.booking.reference);
    expect(sent).toMatchObject({ state: "sent", receiptNo: expect.any(Number) });
    const pdf = (await taxInvoiceFileRoute.loader(
      viewer.args(`/admin/finance/tax-invoices/${sent?.id}/pdf`, {}, { id: sent?.id as string }) as never,
    )) as Response;
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
  });
});
