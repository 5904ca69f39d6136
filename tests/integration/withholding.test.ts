import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { linkBookingToOrganisation } from "#app/booking/index.server";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import {
  bookingBalance,
  bookingStatement,
  certificatesDue,
  changeBookingWithholding,
  getMoneySummary,
  moneyDocumentsForBooking,
  moneyToday,
  organisationStatement,
  recordPayment,
  sendDueTaxInvoices,
  sendPaymentReminder,
  statementPdf,
  withholdingCredits,
} from "#app/money/index.server";
import { withholdingCertificates } from "#app/money/tables.server";
import { createOrganisation } from "#app/organisations/index.server";
import { db } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { env } from "#app/platform/env.server";
import { storage } from "#app/platform/files/storage.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as withholdingScreen from "#app/routes/money/finance-withholding";
import * as statementRoute from "#app/routes/money/statement-file";
import { setClock } from "#app/utils/clock";
import { addDays, today } from "#app/utils/dates";
import { type FilePart, multipartRequest } from "../helpers/admin-actions";
import { answer, outcome, signedInAdmin } from "../helpers/admin-session";
import { etimsForFile, invoicesOf } from "../helpers/etims-sale";
import { ACTOR, book, confirmAll, documentsOf, newRun } from "../helpers/money";
import { extractPdfText, squash } from "../helpers/pdf-text";

// Issue 47, item 1: a county that withholds income tax (5 %) and VAT (2 %) pays the cash part of its invoice by
// bank; the booking waits for two iTax certificates, never as debt, and settles when finance records them.

// KRA's stand-in and the firm's device, sending a sale once it is paid: "paid in cash" must send it
const kra = etimsForFile();
let finance: Awaited<ReturnType<typeof signedInAdmin>>;

/** A PDF as iTax issues it: only its bytes' kind matters to the upload check. */
const ITAX_PDF = "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

beforeAll(async () => {
  finance = await signedInAdmin({ roles: ["finance"] });
});

beforeEach(async () => {
  await setSettingValue(db(), "vat_registered", true, null);
  await setSettingValue(db(), "vat_rate", 16, null);
  // the county's price is before VAT: 3 × 110,000 + VAT 16 % = 382,800
  await setSettingValue(db(), "prices_include_vat", false, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
});
afterEach(() => setClock(null));

let pinCounter = 0;
/** A county with its bookings linked, withholding as asked. */
async function county(withholds: { withholdsIncomeTax: boolean; withholdsVat: boolean }) {
  pinCounter++;
  const created = await createOrganisation(ACTOR, {
    name: `County Government of Test ${pinCounter} ${crypto.randomUUID().slice(0, 4)}`,
    type: "county_government",
    kraPin: `P${String(100_000_000 + Math.floor(Math.random() * 899_999_999)).padStart(9, "0")}Z`,
    nitaLevyNumber: null,
    address: null,
    contacts: null,
    notes: null,
    ...withholds,
  });
  if (!created.ok) throw new Error(created.message);
  return created.id;
}

/** A confirmed booking of `size` participants at KES 110,000 each, for the organisation. */
async function countyBooking(organisationId: string, size = 3) {
  const runId = await newRun("110000.00");
  const { booking, participants } = await book(runId, size);
  await linkBookingToOrganisation(db(), booking.id, organisationId);
  await confirmAll(runId, participants);
  return booking;
}

const payByBank = (reference: string, amountCents: number, code: string) =>
  moneyTransaction((tx) =>
    recordPayment(
      tx,
      {
        method: "bank",
        amountCents,
        receivedOn: today(),
        transactionCode: code,
        payer: "County Treasury",
        accountReference: reference,
        bookingId: null,
        source: "manual",
      },
      ACTOR,
    ),
  );

const screenUrl = "http://localhost/admin/finance/withholding";
/** Finance records a certificate on its screen, the PDF attached, as a browser posts the form. */
const recordOnScreen = async (
  who: { cookie: string; args: typeof finance.args },
  fields: Record<string, string>,
  file: FilePart | null = { name: "certificate.pdf", type: "application/pdf", bytes: ITAX_PDF },
) =>
  answer(() =>
    withholdingScreen.action(
      who.args(
        multipartRequest(screenUrl, who.cookie, { intent: "record", ...fields }, file ?? undefined),
      ) as never,
    ),
  );

const expectText = (text: string, expected: string) => expect(squash(text)).toContain(squash(expected));

const remindersTo = (email: string) =>
  db()
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "payment_reminder"), eq(emailOutbox.toAddress, email)));

describe("the county: withholding tax and withholding VAT", () => {
  test("3 × KES 110,000 → the cash amount by bank → certificates due, no reminder → two certificates → settled; the credits are reported", async () => {
    const organisationId = await county({ withholdsIncomeTax: true, withholdsVat: true });
    const booking = await countyBooking(organisationId);

    // the invoice: 330,000 + VAT 52,800 = 382,800; withheld 5 % and 2 % of 330,000; 359,700 in cash
    const [proforma] = await documentsOf(booking.id);
    expect(proforma).toMatchObject({
      kind: "proforma",
      netCents: 33_000_000,
      vatCents: 5_280_000,
      totalCents: 38_280_000,
      whtCents: 1_650_000,
      whvatCents: 660_000,
    });
    const object = await storage().get(proforma?.storageKey as string);
    const chunks: Buffer[] = [];
    for await (const chunk of object?.body ?? []) chunks.push(Buffer.from(chunk));
    const invoiceText = extractPdfText(Buffer.concat(chunks));
    for (const expected of [
      "Withholding tax 5 %",
      "-KES 16,500.00",
      "Withholding VAT 2 %",
      "-KES 6,600.00",
      "To pay in cash (KES)",
      "KES 359,700.00",
    ]) {
      expectText(invoiceText, expected);
    }
    expect((await bookingBalance(db(), booking.id)).balanceCents).toBe(35_970_000);
    // its e-mail asks the cash amount and names what the certificates settle
    const [invoiceMail] = await db()
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.kind, "finance_proforma"), eq(emailOutbox.relatedId, proforma?.id as string)),
      );
    expect(invoiceMail?.text).toContain("Amount due: KES 359,700.00");
    expect(invoiceMail?.text).toContain("Withheld, settled by your iTax certificates: KES 23,100.00");

    // the exact cash amount by bank: paid in cash, certificates due, which is not debt
    const paidOn = today();
    expect((await payByBank(booking.reference, 35_970_000, "FT26CNTY0001")).status).toBe("recorded");
    const waiting = await bookingBalance(db(), booking.id);
    expect(waiting).toMatchObject({
      state: "certificates_due",
      balanceCents: 0,
      certificatesDueCents: 2_310_000,
      certifiedCents: 0,
    });
    const people = await db()
      .select({ status: courseRegistrations.status })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.bookingId, booking.id));
    expect(people.map((p) => p.status)).toEqual(["paid", "paid", "paid"]);
    // its receipt says nothing is left to pay in cash, and the NITA pack has it: paid, as far as cash goes
    const receipts = (await documentsOf(booking.id)).filter((d) => d.kind === "receipt");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.balanceAfterCents).toBe(0);
    const [receiptMail] = await db()
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.relatedId, receipts[0]?.id as string));
    expect(receiptMail?.text).toContain(
      "Paid in full in cash: nothing is left to pay. The withholding certificates for KES 23,100.00 from iTax settle the rest of the invoice.",
    );
    expect((await moneyDocumentsForBooking(booking.id)).note).toBeNull();
    // the eTIMS tax invoice, sent once the booking is paid, goes now, for the whole invoice
    const [sale] = await invoicesOf(booking.id);
    expect(sale).toMatchObject({ receiptType: "S", totalCents: 38_280_000 });
    await sendDueTaxInvoices();
    const [sent] = await invoicesOf(booking.id);
    expect(sent?.state).toBe("sent");
    expect(kra().sales.get(sent?.invoiceNo as number)?.rcptTyCd).toBe("S");
    const taxPdf = await storage().get(sent?.storageKey as string);
    const taxChunks: Buffer[] = [];
    for await (const chunk of taxPdf?.body ?? []) taxChunks.push(Buffer.from(chunk));
    expectText(extractPdfText(Buffer.concat(taxChunks)), "To pay in cash (KES) KES 359,700.00");

    // past the invoice's due date it is not overdue, and no reminder goes out
    const later = addDays(proforma?.dueOn as string, 10);
    setClock(`${later}T09:00:00+03:00`);
    const summary = await getMoneySummary();
    const reminder = await sendPaymentReminder(ACTOR, booking.id);
    expect(reminder).toMatchObject({ ok: false, status: 409 });
    expect(reminder.message).toContain("withholding certificates for KES 23,100.00 are due");
    // the ageing list and "What needs doing today" name it
    const due = (await certificatesDue()).find((row) => row.reference === booking.reference);
    expect(due).toMatchObject({
      whtDueCents: 1_650_000,
      whvatDueCents: 660_000,
      cashOwedCents: 0,
      daysSincePayment: Math.round((Date.parse(later) - Date.parse(paidOn)) / 86_400_000),
    });
    expect(summary.overdueCount).toBe(0);
    setClock(null);
    const today_ = await moneyToday({ today: today(), money: summary });
    expect(today_.find((item) => item.id === "withholding-certificates-due")?.count).toBeGreaterThanOrEqual(
      1,
    );

    // two certificates, recorded by finance on its screen with their PDFs
    const wht = await recordOnScreen(finance, {
      reference: booking.reference,
      kind: "wht",
      certificateNumber: "KRAWHT0012345",
      certificateDate: today(),
      amount: "16,500",
    });
    expect(wht.status).toBe(302);
    expect(await bookingBalance(db(), booking.id)).toMatchObject({
      state: "certificates_due",
      certificatesDueCents: 660_000,
    });
    const whvat = await recordOnScreen(finance, {
      reference: booking.reference,
      kind: "whvat",
      certificateNumber: "KRAWHVAT0067890",
      certificateDate: today(),
      amount: "6600.00",
    });
    expect(whvat.status).toBe(302);
    expect(await bookingBalance(db(), booking.id)).toMatchObject({
      state: "paid",
      balanceCents: 0,
      certificatesDueCents: 0,
      certifiedCents: 2_310_000,
    });
    expect((await certificatesDue()).some((row) => row.reference === booking.reference)).toBe(false);
    const stored = await db()
      .select()
      .from(withholdingCertificates)
      .where(eq(withholdingCertificates.bookingId, booking.id));
    for (const certificate of stored) expect(await storage().get(certificate.storageKey)).not.toBeNull();

    // no reminder was sent in between
    expect(await remindersTo(booking.contactEmail)).toEqual([]);

    // the reports give the credits of the month
    const month = (await withholdingCredits()).find((row) => row.month === today().slice(0, 7));
    expect(month?.whtCents).toBeGreaterThanOrEqual(1_650_000);
    expect(month?.whvatCents).toBeGreaterThanOrEqual(660_000);

    // the statement of account: invoice, payment, two certificates, nothing left
    const statement = await bookingStatement(booking.reference);
    expect(statement?.lines.map((line) => [line.debitCents, line.creditCents])).toEqual([
      [38_280_000, 0],
      [0, 35_970_000],
      [0, 1_650_000],
      [0, 660_000],
    ]);
    expect(statement).toMatchObject({ balanceCents: 0, certificatesDueCents: 0, cashOwedCents: 0 });
    const organisation = await organisationStatement(organisationId);
    expect(organisation?.balanceCents).toBe(0);
    const pdfText = extractPdfText(Buffer.from(await statementPdf(statement as never)));
    for (const expected of ["Statement of account", booking.reference, "KRAWHT0012345", "KES 382,800.00"]) {
      expectText(pdfText, expected);
    }
  });
});

describe("what finance records, and who may", () => {
  test("a certificate is refused with its reason and changes nothing: no PDF, not a PDF, a future date, too much, twice", async () => {
    const organisationId = await county({ withholdsIncomeTax: true, withholdsVat: false });
    const booking = await countyBooking(organisationId, 1);
    // 110,000 + VAT 17,600 = 127,600; 5,500 withheld; 122,100 in cash
    expect((await documentsOf(booking.id))[0]).toMatchObject({ whtCents: 550_000, whvatCents: 0 });
    await payByBank(booking.reference, 12_210_000, "FT26CNTY0002");
    const fields = {
      reference: booking.reference,
      kind: "wht",
      certificateNumber: "KRAWHT0099001",
      certificateDate: today(),
      amount: "5500",
    };
    const pdf: FilePart = { name: "certificate.pdf", type: "application/pdf", bytes: ITAX_PDF };
    const refusals: [Record<string, string>, FilePart | null, number, string][] = [
      [fields, null, 400, "Attach the certificate's PDF"],
      [
        fields,
        { name: "certificate.pdf", bytes: "just text, not a PDF" },
        415,
        "must be the PDF iTax issued",
      ],
      [{ ...fields, certificateDate: addDays(today(), 3) }, pdf, 400, "after today"],
      [{ ...fields, amount: "9000" }, pdf, 409, "is more than"],
      [{ ...fields, amount: "-5" }, pdf, 400, "Enter the amount certified"],
      [{ ...fields, certificateNumber: "<script>" }, pdf, 400, "as iTax prints it"],
      [{ ...fields, reference: "MF-NOSUCH00" }, pdf, 400, "No booking has the reference"],
    ];
    const pdfsStored = () => {
      const folder = path.join(env().DATA_DIR, "uploads", "withholding-certificates");
      return fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
    };
    const storedBefore = pdfsStored();
    for (const [form, file, status, message] of refusals) {
      const got = await recordOnScreen(finance, form, file);
      expect(got.status, message).toBe(status);
      expect(String(got.data?.error), message).toContain(message);
    }
    expect(
      await db()
        .select()
        .from(withholdingCertificates)
        .where(eq(withholdingCertificates.bookingId, booking.id)),
    ).toEqual([]);
    // a refused certificate leaves no PDF behind
    expect(pdfsStored()).toBe(storedBefore);

    expect((await recordOnScreen(finance, fields)).status).toBe(302);
    const twice = await recordOnScreen(finance, fields);
    expect(twice.status).toBe(409);
    expect(twice.data?.error).toContain("already recorded");
    expect((await bookingBalance(db(), booking.id)).state).toBe("paid");
  });

  test("a wrong certificate is voided with a reason, never deleted or edited; the booking waits for it again", async () => {
    const organisationId = await county({ withholdsIncomeTax: true, withholdsVat: false });
    const booking = await countyBooking(organisationId, 1);
    await payByBank(booking.reference, 12_210_000, "FT26CNTY0003");
    await recordOnScreen(finance, {
      reference: booking.reference,
      kind: "wht",
      certificateNumber: "KRAWHT0099002",
      certificateDate: today(),
      amount: "5500",
    });
    const [certificate] = await db()
      .select()
      .from(withholdingCertificates)
      .where(eq(withholdingCertificates.bookingId, booking.id));
    await expect(
      db()
        .delete(withholdingCertificates)
        .where(eq(withholdingCertificates.id, certificate?.id as string)),
    ).rejects.toThrow();
    await expect(
      db()
        .update(withholdingCertificates)
        .set({ amountCents: 1 })
        .where(eq(withholdingCertificates.id, certificate?.id as string)),
    ).rejects.toThrow();

    const voided = await answer(() =>
      withholdingScreen.action(
        finance.args(
          multipartRequest(screenUrl, finance.cookie, {
            intent: "void",
            id: certificate?.id as string,
            reason: "Another booking's certificate",
          }),
        ) as never,
      ),
    );
    expect(voided.status).toBe(302);
    expect(await bookingBalance(db(), booking.id)).toMatchObject({
      state: "certificates_due",
      certificatesDueCents: 550_000,
    });
    const statement = await bookingStatement(booking.reference);
    expect(statement?.lines.at(-1)).toMatchObject({ debitCents: 550_000 });
    expect(statement?.certificatesDueCents).toBe(550_000);
  });

  test("only finance and owners record certificates; those who read money read the screen and the statement", async () => {
    const organisationId = await county({ withholdsIncomeTax: true, withholdsVat: true });
    const booking = await countyBooking(organisationId, 1);
    await payByBank(booking.reference, 11_990_000, "FT26CNTY0004");
    for (const roles of [["registrar"], ["viewer"], ["trainer"]] as const) {
      const someone = await signedInAdmin({ roles: [...roles] });
      const tried = await recordOnScreen(someone, {
        reference: booking.reference,
        kind: "wht",
        certificateNumber: `KRAWHT00${roles[0]}`,
        certificateDate: today(),
        amount: "5500",
      });
      expect(tried.status, roles[0]).toBe(403);
    }
    expect(
      await db()
        .select()
        .from(withholdingCertificates)
        .where(eq(withholdingCertificates.bookingId, booking.id)),
    ).toEqual([]);
    const viewer = await signedInAdmin({ roles: ["viewer"] });
    expect(
      (await answer(() => withholdingScreen.loader(viewer.args("/admin/finance/withholding") as never)))
        .status,
    ).toBe(200);
    const pdf = await statementRoute.loader(
      viewer.args(
        `/admin/finance/statement/booking/${booking.reference}`,
        {},
        {
          scope: "booking",
          key: booking.reference,
        },
      ) as never,
    );
    expect(outcome(pdf).status).toBe(200);
    expect((pdf as Response).headers.get("Content-Type")).toBe("application/pdf");
    const trainer = await signedInAdmin({ roles: ["trainer"] });
    expect(
      (await answer(() => withholdingScreen.loader(trainer.args("/admin/finance/withholding") as never)))
        .status,
    ).toBe(403);
  });

  test("a booking says otherwise than its organisation: the invoice is revised to match, and back", async () => {
    const organisationId = await county({ withholdsIncomeTax: true, withholdsVat: true });
    const booking = await countyBooking(organisationId, 1);
    expect((await documentsOf(booking.id)).at(-1)).toMatchObject({ whtCents: 550_000, whvatCents: 220_000 });
    const changed = await changeBookingWithholding(ACTOR, booking.id, {
      intent: "withholding",
      incomeTax: "organisation",
      vat: "no",
    });
    expect(changed.ok).toBe(true);
    const [first, second] = (await documentsOf(booking.id)).filter((d) => d.kind === "proforma");
    expect(second).toMatchObject({ relatesToId: first?.id, whtCents: 550_000, whvatCents: 0 });
    const [row] = await db()
      .select({ incomeTax: bookings.withholdsIncomeTax, vat: bookings.withholdsVat })
      .from(bookings)
      .where(inArray(bookings.id, [booking.id]));
    expect(row).toEqual({ incomeTax: null, vat: false });
    expect((await bookingBalance(db(), booking.id)).balanceCents).toBe(12_760_000 - 550_000);
  });
});
