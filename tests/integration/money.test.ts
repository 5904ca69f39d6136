import fs from "node:fs";
import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { getDashboard } from "#app/back-office/index.server";
import { courseRegistrations } from "#app/booking/tables.server";
import { cancelParticipant } from "#app/bookings/index.server";
import { findDeliveryRun, gatherNitaPack, nitaPackPdf } from "#app/delivery/index.server";
import {
  assignPayment,
  bookingBalance,
  commitImport,
  createImport,
  findImport,
  getFinanceOverview,
  issueDueReceipts,
  moneyDocumentsForBooking,
  previewImport,
  reversePayment,
  sendPaymentReminder,
} from "#app/money/index.server";
import { financeDocuments, payments, statementImports } from "#app/money/tables.server";
import { documentUrl, previewFingerprint, reviseBookingInvoice } from "#app/money/testing.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { env } from "#app/platform/env.server";
import { storage } from "#app/platform/files/storage.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as billingRoute from "#app/routes/money/public/billing-document";
import { setClock } from "#app/utils/clock";
import { addDays, today } from "#app/utils/dates";
import { ACTOR, book, c2b, callback, confirmAll, newRun, SECRET, SLUG } from "../helpers/money";
import { extractPdfText } from "../helpers/pdf-text";

const documentsOf = (bookingId: string) =>
  db()
    .select()
    .from(financeDocuments)
    .where(eq(financeDocuments.bookingId, bookingId))
    .orderBy(asc(financeDocuments.createdAt));

/** The database itself refuses to change or delete the row (the migration's triggers), whoever asks. */
async function expectUnchangeable(
  table: typeof financeDocuments | typeof payments,
  id: string,
  change: Record<string, unknown>,
) {
  await expect(db().update(table).set(change).where(eq(table.id, id))).rejects.toThrow();
  await expect(db().delete(table).where(eq(table.id, id))).rejects.toThrow();
}

const mailsOf = (kind: string, to: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to)));

function storedPdf(key: string) {
  return fs.readFileSync(path.join(env().DATA_DIR, "uploads", key));
}

beforeEach(async () => {
  await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
  await setSettingValue(db(), "vat_registered", true, null);
  await setSettingValue(db(), "vat_rate", 16, null);
  await setSettingValue(db(), "prices_include_vat", true, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
});
afterEach(() => setClock(null));

describe("proforma invoices", () => {
  test("confirming a booking issues its proforma, PDF stored, e-mailed and linked; changes make versions and a credit note", async () => {
    const runId = await newRun();
    const { booking, participants } = await book(runId, 3);
    expect(await documentsOf(booking.id)).toEqual([]);

    await confirmAll(runId, participants);
    const [proforma, ...more] = await documentsOf(booking.id);
    expect(more).toEqual([]);
    const year = today().slice(0, 4);
    expect(proforma).toMatchObject({
      kind: "proforma",
      version: 1,
      totalCents: 13_500_000,
      vatCents: 1_862_069,
      netCents: 11_637_931,
      vatRatePercent: 16,
      dueOn: addDays(today(), 14),
    });
    expect(proforma?.number).toMatch(new RegExp(`^PRO-${year}-\\d{4}$`));
    expect(proforma?.lines).toEqual([
      expect.objectContaining({ quantity: 3, unitCents: 4_500_000, amountCents: 13_500_000 }),
    ]);

    const text = extractPdfText(storedPdf(proforma?.storageKey as string));
    // written for the client: the title block, the people billed, no note about how the sums are computed
    expect(text).not.toContain("VAT is computed");
    const billed = await db()
      .select({ name: courseRegistrations.name })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.bookingId, booking.id));
    expect(billed).toHaveLength(3);
    for (const person of billed) expect(text).toContain(person.name);
    for (const expected of [
      "Proforma Invoice",
      "Mafunzo Training & Consultancy Ltd",
      "Page 1 of 1",
      "Total (KES)",
      "not a tax invoice",
      proforma?.number,
      "P051111111Q",
      "P051234567X",
      "LPO-2026-88",
      "County Government of Kisumu",
      "KES 135,000.00",
      "VAT 16%",
      `account number ${booking.reference}`,
    ]) {
      // a phrase may wrap across lines, which the extracted text shows as a run of spaces
      expect(text.replace(/\s+/g, " ")).toContain(expected);
    }

    const [mail] = await mailsOf("finance_proforma", booking.contactEmail);
    expect(mail?.attachments).toEqual([
      {
        filename: `${proforma?.number}.pdf`,
        contentType: "application/pdf",
        storageKey: proforma?.storageKey,
      },
    ]);
    const url = documentUrl(proforma?.id as string);
    expect(mail?.textBody).toContain(url);

    // the signed link serves the PDF without a login; a changed signature serves nothing
    const [, , documentId, signature] = new URL(url).pathname.split("/");
    const ok = (await billingRoute.loader({
      request: new Request(url),
      params: { documentId, signature },
    } as never)) as Response;
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("application/pdf");
    const forged = (await billingRoute.loader({
      request: new Request(url),
      // the last character changed (to "A", or to "B" when it was an "A": the same signature would pass)
      params: { documentId, signature: `${signature?.slice(0, -1)}${signature?.endsWith("A") ? "B" : "A"}` },
    } as never)) as Response;
    expect(forged.status).toBe(404);

    // one participant cancelled: a new version with a new number; the old one is untouched
    await cancelParticipant(ACTOR, runId, participants[2] as string);
    const afterCancel = await documentsOf(booking.id);
    expect(afterCancel).toHaveLength(2);
    expect(afterCancel[0]).toEqual(proforma);
    expect(afterCancel[1]).toMatchObject({ version: 2, relatesToId: proforma?.id, totalCents: 9_000_000 });
    expect(afterCancel[1]?.number).not.toBe(proforma?.number);

    // the whole booking cancelled: a credit note for the open version
    await cancelParticipant(ACTOR, runId, participants[0] as string);
    await cancelParticipant(ACTOR, runId, participants[1] as string);
    const final = await documentsOf(booking.id);
    expect(final.map((d) => [d.kind, d.version, d.totalCents])).toEqual([
      ["proforma", 1, 13_500_000],
      ["proforma", 2, 9_000_000],
      ["proforma", 3, 4_500_000],
      ["credit_note", 3, 4_500_000],
    ]);
    expect(final[3]?.relatesToId).toBe(final[2]?.id);
    expect(final[3]?.number).toMatch(new RegExp(`^CN-${year}-\\d{4}$`));
    expect(await mailsOf("finance_credit_note", booking.contactEmail)).toHaveLength(1);

    // issued documents cannot be edited or deleted
    await expectUnchangeable(financeDocuments, proforma?.id as string, { totalCents: 1 });
  });

  test("a date without a price is not invoiced, and the back office is told why", async () => {
    await db().execute(sql`update courses set cost = null where slug = ${SLUG}`);
    try {
      const runId = await newRun(null);
      const { booking, participants } = await book(runId, 1);
      await confirmAll(runId, participants);
      expect(await documentsOf(booking.id)).toEqual([]);
      const outcome = await db().transaction((tx) =>
        reviseBookingInvoice(tx, booking.id, ACTOR, { onDemand: true }),
      );
      expect(outcome).toMatchObject({ ok: false, message: expect.stringContaining("Set a price") });
    } finally {
      await db().execute(sql`update courses set cost = '45000.00' where slug = ${SLUG}`);
    }
  });

  test("concurrent issues take consecutive numbers with no gap and no repeat", async () => {
    const runId = await newRun("1000.00");
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await book(runId, 1, `Con${i}`));
    const year = today().slice(0, 4);
    const [before] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(financeDocuments)
      .where(sql`kind = 'proforma' and issued_on >= ${`${year}-01-01`}`);
    await Promise.all(
      made.map(({ booking }) =>
        db().transaction((tx) => reviseBookingInvoice(tx, booking.id, ACTOR, { onDemand: true })),
      ),
    );
    const numbers = (
      await db()
        .select({ number: financeDocuments.number })
        .from(financeDocuments)
        .where(sql`kind = 'proforma' and issued_on >= ${`${year}-01-01`}`)
    )
      .map((row) => Number(row.number.split("-")[2]))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    expect(numbers.length).toBe(Number(before?.n) + 12);
  });
});

describe("M-PESA callbacks", () => {
  test("only the secret path answers, and nothing else is recorded", async () => {
    const before = await db().$count(payments);
    expect(
      (await callback("confirmation", c2b({ TransID: "SEC0000001" }), "wrong-secret-0123456789abcdefgh"))
        .status,
    ).toBe(404);
    expect((await callback("refund", c2b({ TransID: "SEC0000002" }))).status).toBe(404);
    await setSettingValue(db(), "mpesa_callback_secret", "", null);
    expect((await callback("confirmation", c2b({ TransID: "SEC0000003" }), "")).status).toBe(404);
    await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
    // malformed bodies get Daraja's own error format
    const bad = await callback("confirmation", "{not json");
    expect(bad).toMatchObject({ status: 400, body: { ResultCode: "C2B00016" } });
    expect((await callback("confirmation", { TransID: "x" })).status).toBe(400);
    expect(await db().$count(payments)).toBe(before);
  });

  test("validation refuses another shortcode or a bad amount and accepts the rest", async () => {
    expect((await callback("validation", c2b({ BusinessShortCode: "600000" }))).body.ResultCode).toBe(
      "C2B00015",
    );
    expect((await callback("validation", c2b({ TransAmount: "-5" }))).body.ResultCode).toBe("C2B00013");
    expect((await callback("validation", c2b({ BillRefNumber: "anything" }))).body).toEqual({
      ResultCode: "0",
      ResultDesc: "Accepted",
    });
  });

  test("a confirmation pays the booking its account names; a replay changes nothing; each payment gets its receipt, paid in full moves the participants", async () => {
    const runId = await newRun("10000.00");
    const { booking, participants } = await book(runId, 2, "Payer");
    await confirmAll(runId, participants);
    const spaced = ` ${booking.reference.toLowerCase().replace("-", " ")} `;
    const first = await callback(
      "confirmation",
      c2b({ TransID: "TKP0000001", TransAmount: "5000.00", BillRefNumber: spaced }),
    );
    expect(first.body).toEqual({ ResultCode: "0", ResultDesc: "Accepted" });
    expect(await bookingBalance(db(), booking.id)).toMatchObject({
      state: "part_paid",
      balanceCents: 1_500_000,
    });

    const replay = await callback(
      "confirmation",
      c2b({ TransID: "TKP0000001", TransAmount: "5000.00", BillRefNumber: spaced }),
    );
    expect(replay.body.ResultCode).toBe("0");
    expect(await db().$count(payments, eq(payments.transactionCode, "TKP0000001"))).toBe(1);

    await callback(
      "confirmation",
      c2b({ TransID: "TKP0000002", TransAmount: "15000", BillRefNumber: booking.reference }),
    );
    expect(await bookingBalance(db(), booking.id)).toMatchObject({ state: "paid", balanceCents: 0 });
    const statuses = await db()
      .select({ status: courseRegistrations.status })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.bookingId, booking.id));
    expect(statuses.map((s) => s.status)).toEqual(["paid", "paid"]);
    // Safaricom was answered before the receipts were made: they follow the commit (decision 0652)
    expect((await documentsOf(booking.id)).filter((d) => d.kind === "receipt")).toHaveLength(0);
    expect(await issueDueReceipts()).toEqual({ claimed: 1, issued: 2 });
    // a receipt for each payment, the part payment's with the balance after it
    const receipts = (await documentsOf(booking.id)).filter((d) => d.kind === "receipt");
    expect(receipts.map((r) => [r.paidCents, r.balanceAfterCents])).toEqual([
      [500_000, 1_500_000],
      [1_500_000, 0],
    ]);
    const partText = extractPdfText(storedPdf(receipts[0]?.storageKey as string));
    expect(partText).toContain("TKP0000001");
    expect(partText).toContain("Balance still to pay: KES 15,000.00.");
    expect(extractPdfText(storedPdf(receipts[1]?.storageKey as string))).toContain("TKP0000002");
    const receiptMails = await mailsOf("finance_receipt", booking.contactEmail);
    expect(receiptMails).toHaveLength(2);
    expect(JSON.stringify(receiptMails)).toContain("Balance still to pay: KES 15,000.00.");
    expect(JSON.stringify(receiptMails)).toContain("M-PESA TKP0000001");
    // the NITA claim pack takes the invoice and the receipt as issued
    const forPack = await moneyDocumentsForBooking(booking.id);
    expect(forPack.note).toBeNull();
    expect(forPack.documents.map((d) => d.filename)).toEqual(
      (await documentsOf(booking.id)).filter((d) => d.kind !== "credit_note").map((d) => `${d.number}.pdf`),
    );
    expect(extractPdfText(Buffer.from(forPack.documents[0]?.pdf as Uint8Array))).toContain(
      "Proforma Invoice",
    );
    // and binds them into the one-PDF pack after its invoice section
    const gathered = await gatherNitaPack(
      (await findDeliveryRun(runId)) as NonNullable<Awaited<ReturnType<typeof findDeliveryRun>>>,
      "County Government of Kisumu",
    );
    const packText = extractPdfText(Buffer.from(await nitaPackPdf(gathered as NonNullable<typeof gathered>)));
    expect(packText).toContain("follows this page");
    // the bound documents themselves, not only their listing: the firm's PIN and the receipt's payments
    for (const expected of ["P051111111Q", "How to pay", "Payment received", "TKP0000002"]) {
      expect(packText).toContain(expected);
    }
    expect(packText.indexOf("Payment received")).toBeLessThan(packText.lastIndexOf("Attendance register"));

    // a reversal is a counter-entry; the booking is owed again and its participants go back to confirmed
    const [payment] = await db().select().from(payments).where(eq(payments.transactionCode, "TKP0000002"));
    expect(await reversePayment(ACTOR, payment?.id as string, "Paid by mistake")).toMatchObject({ ok: true });
    expect(await reversePayment(ACTOR, payment?.id as string, "Again")).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await bookingBalance(db(), booking.id)).toMatchObject({
      state: "part_paid",
      balanceCents: 1_500_000,
    });
    const after = await db()
      .select({ status: courseRegistrations.status })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.bookingId, booking.id));
    expect(after.map((s) => s.status)).toEqual(["confirmed", "confirmed"]);
    // the ledger itself cannot be edited or deleted
    await expectUnchangeable(payments, payment?.id as string, { amountCents: 1 });
  });

  test("a payment that names no booking waits unassigned until the admin gives it one", async () => {
    const runId = await newRun("2000.00");
    const { booking, participants } = await book(runId, 1, "Later");
    await confirmAll(runId, participants);
    await callback(
      "confirmation",
      c2b({ TransID: "TKU0000001", TransAmount: "2000", BillRefNumber: "KISUMU COUNTY" }),
    );
    const [waiting] = await db().select().from(payments).where(eq(payments.transactionCode, "TKU0000001"));
    expect(waiting?.bookingId).toBeNull();
    expect((await getFinanceOverview()).unmatched.count).toBeGreaterThanOrEqual(1);
    expect(await assignPayment(ACTOR, waiting?.id as string, "MF-NOTAREF1")).toMatchObject({ ok: false });
    expect(await assignPayment(ACTOR, waiting?.id as string, booking.reference)).toMatchObject({ ok: true });
    expect(await assignPayment(ACTOR, waiting?.id as string, booking.reference)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await bookingBalance(db(), booking.id)).toMatchObject({ state: "paid" });
  });
});

const mpesaCsv = (rows: string[][]) =>
  [
    "Account Holder:,Mafunzo Training and Consultancy Ltd",
    "Short Code:,880142",
    "",
    "Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.",
    // as the portal writes CSV (RFC 4180): a cell with a comma or a quote is quoted, its quotes doubled
    ...rows.map((r) => r.map((c) => (/[",]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(",")),
  ].join("\r\n");

const line = (
  code: string,
  amount: string,
  account: string,
  status = "Completed",
  payer = "254712345678 - JANE DOE",
) => [
  code,
  `${today()} 09:30:00`,
  `${today()} 09:30:00`,
  `Pay Bill from ${payer}`,
  status,
  amount,
  "",
  "100000.00",
  "true",
  "Pay Bill Online",
  payer,
  "",
  account,
];

describe("statement imports", () => {
  test("the preview sorts lines into matched, unmatched, already recorded and refused; committing twice adds nothing", async () => {
    const runId = await newRun("3000.00");
    const { booking, participants } = await book(runId, 1, "Import");
    await confirmAll(runId, participants);
    await callback(
      "confirmation",
      c2b({ TransID: "TKI0000009", TransAmount: "100", BillRefNumber: booking.reference }),
    );
    const csv = mpesaCsv([
      line("TKI0000001", "2,900.00", booking.reference.toLowerCase()),
      line("TKI0000002", "750.00", "ACME LTD"),
      line("TKI0000009", "100.00", booking.reference),
      line("TKI0000003", "500.00", "X", "Failed"),
      line("TKI0000004", "", "X"),
      line("TKI0000005", "900.00", '=HYPERLINK("http://evil")'),
    ]);
    const created = await createImport(ACTOR, "mpesa", "statement.csv", Buffer.from(csv));
    if (!created.ok) throw new Error(created.message);
    const item = await findImport(created.id);
    const preview = await previewImport(item as never);
    expect(preview.map((l) => [l.code, l.state])).toEqual([
      ["TKI0000001", "matched"],
      ["TKI0000002", "unmatched"],
      ["TKI0000009", "recorded"],
      ["TKI0000003", "refused"],
      ["TKI0000004", "refused"],
      ["TKI0000005", "refused"],
    ]);
    expect(preview[3]?.refusal).toContain("Not completed");
    expect(preview[5]?.refusal).toContain("formula");

    const all = { leftOut: new Set<number>(), fingerprint: previewFingerprint(preview) };
    expect(await commitImport(ACTOR, item as never, all)).toMatchObject({ ok: true, recorded: 2 });
    expect(await bookingBalance(db(), booking.id)).toMatchObject({ state: "paid" });
    expect(await db().$count(payments, eq(payments.transactionCode, "TKI0000005"))).toBe(0);

    const again = await createImport(ACTOR, "mpesa", "statement.csv", Buffer.from(csv));
    if (!again.ok) throw new Error(again.message);
    const second = await findImport(again.id);
    expect(await commitImport(ACTOR, second as never, all)).toMatchObject({ ok: true, recorded: 0 });
  });

  test("a bank statement is read with the admin's column mapping", async () => {
    const runId = await newRun("5000.00");
    const { booking, participants } = await book(runId, 1, "Bank");
    await confirmAll(runId, participants);
    const csv = [
      "Value Date,Narrative,Debit,Credit,Bank Ref,Remitter",
      `${today().split("-").reverse().join("/")},TRF ${booking.reference} KISUMU,,"5,000.00",FT2611ABC,COUNTY GOVT OF KISUMU`,
      `${today()},ATM WITHDRAWAL,200.00,,FT2611ABD,`,
    ].join("\n");
    const created = await createImport(ACTOR, "bank", "bank.csv", Buffer.from(csv));
    if (!created.ok) throw new Error(created.message);
    const { setImportMapping } = await import("#app/money/index.server");
    const item = await findImport(created.id);
    expect(
      await setImportMapping(ACTOR, item as never, {
        date: "Value Date",
        amount: "Credit",
        code: "Bank Ref",
        reference: "Narrative",
        payer: "Nope",
      }),
    ).toMatchObject({ ok: false });
    expect(
      await setImportMapping(ACTOR, item as never, {
        date: "Value Date",
        amount: "Credit",
        code: "Bank Ref",
        reference: "Narrative",
        payer: "Remitter",
      }),
    ).toMatchObject({ ok: true });
    const mapped = await findImport(created.id);
    const preview = await previewImport(mapped as never);
    expect(preview.map((l) => [l.code, l.state, l.bookingReference])).toEqual([
      ["FT2611ABC", "matched", booking.reference],
      ["FT2611ABD", "refused", null],
    ]);
    await commitImport(ACTOR, mapped as never, {
      leftOut: new Set(),
      fingerprint: previewFingerprint(preview),
    });
    expect(await bookingBalance(db(), booking.id)).toMatchObject({ state: "paid" });
  });

  test("hostile files are refused with a clear message and nothing is stored", async () => {
    const before = await db().$count(statementImports);
    const stores = vi.spyOn(storage(), "put");
    const cases: [string, Uint8Array, RegExp][] = [
      ["wrong columns", Buffer.from("Date,Amount,Who\n2026-01-01,5,x\n"), /no “Receipt No\.” column/],
      ["non-UTF-8", Buffer.from([0x52, 0x65, 0x63, 0xe9, 0x0a, 0xff, 0xfe, 0x41]), /not UTF-8/],
      ["binary", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), /not a CSV text file/],
      ["empty", Buffer.from(""), /empty/],
      [
        "too many lines",
        Buffer.from(
          mpesaCsv(
            Array.from({ length: 20_100 }, (_, i) => line(`TKZ${String(i).padStart(7, "0")}`, "1", "x")),
          ),
        ),
        /more than 20,000 lines/,
      ],
    ];
    for (const [name, bytes, message] of cases) {
      const outcome = await createImport(ACTOR, "mpesa", `${name}.csv`, bytes);
      expect(outcome.ok, name).toBe(false);
      if (!outcome.ok) expect(outcome.message, name).toMatch(message);
    }
    const bank = await createImport(ACTOR, "bank", "bank.csv", Buffer.from("=cmd|' /C calc'!A0,b,c\n1,2,3"));
    expect(bank).toMatchObject({ ok: false, message: expect.stringContaining("formula") });
    expect(await db().$count(statementImports)).toBe(before);
    // no file reached the storage (watched in this process: other test files store statements meanwhile)
    expect(stores).not.toHaveBeenCalled();
    stores.mockRestore();
  });
});

describe("overdue invoices", () => {
  test("an unpaid invoice past its due date is aged and can be reminded; a paid or current one cannot", async () => {
    const runId = await newRun("8000.00");
    const { booking, participants } = await book(runId, 1, "Late");
    await confirmAll(runId, participants);
    expect(await sendPaymentReminder(ACTOR, booking.id)).toMatchObject({ ok: false, status: 409 });
    setClock(new Date(Date.now() + 50 * 86_400_000));
    const overview = await getFinanceOverview();
    const row = overview.overdue.find((o) => o.bookingId === booking.id);
    expect(row?.daysOverdue).toBe(36);
    expect(overview.buckets.find((b) => b.key === "31-60")?.count).toBeGreaterThanOrEqual(1);
    const dashboard = await getDashboard();
    expect(dashboard.today.items.find((i) => i.id === "overdue-payments")?.count).toBeGreaterThanOrEqual(1);
    // the dashboard's sums in SQL agree with the finance overview's, worked out row by row
    expect(dashboard.money).toEqual({
      overdueCount: overview.overdue.length,
      overdueCents: overview.overdue.reduce((sum, o) => sum + o.outstandingCents, 0),
      receivedThisMonthCents:
        overview.months.find((m) => m.month === today().slice(0, 7))?.receivedCents ?? 0,
    });
    expect(await sendPaymentReminder(ACTOR, booking.id)).toMatchObject({ ok: true });
    const [mail] = await mailsOf("payment_reminder", booking.contactEmail);
    expect(mail?.subject).toContain("Payment reminder");
    expect(mail?.textBody).toContain("36 days past its due date");
  });
});

describe("the finance screens' actions", () => {
  test("a statement over 10 MB is refused before it is read, and bad ledger input changes nothing", async () => {
    const { signedInAdmin, outcome } = await import("../helpers/admin-session");
    const { multipartRequest } = await import("../helpers/admin-actions");
    const importsRoute = await import("#app/routes/money/finance-imports");
    const paymentsRoute = await import("#app/routes/money/finance-payments");
    const admin = await signedInAdmin();
    const before = { imports: await db().$count(statementImports), payments: await db().$count(payments) };

    const huge = Buffer.alloc(10 * 1024 * 1024 + 10, "a");
    const refused = outcome(
      await importsRoute.action(
        admin.args(
          multipartRequest(
            "http://localhost/admin/finance/imports",
            admin.cookie,
            { kind: "mpesa" },
            {
              name: "big.csv",
              type: "text/csv",
              bytes: huge,
            },
          ),
        ) as never,
      ),
    );
    expect(refused.status).toBe(413);
    expect(refused.data?.error).toContain("at most 10 MB");

    const post = async (fields: Record<string, string>) =>
      outcome(
        await paymentsRoute.action(
          admin.args("/admin/finance/payments", { form: { intent: "record", ...fields } }) as never,
        ),
      );
    const good = {
      method: "mpesa",
      amount: "1500",
      receivedOn: today(),
      transactionCode: "TKV0000001",
      payer: "",
      reference: "",
    };
    const cases: [Record<string, string>, string][] = [
      [{ ...good, amount: "-5" }, "Enter an amount"],
      [{ ...good, amount: "12.345" }, "Enter an amount"],
      [{ ...good, receivedOn: "2026-02-30" }, "Enter the date"],
      [{ ...good, method: "check" }, "Choose how it was paid"],
      [{ ...good, transactionCode: "" }, "Enter the transaction code"],
      [{ ...good, reference: "not-a-ref" }, "Enter a booking reference"],
    ];
    for (const [fields, message] of cases) {
      const answer = await post(fields);
      expect(answer.status, message).toBe(400);
      expect(String(answer.data?.message)).toContain(message);
    }
    expect((await post(good)).status).toBe(200);
    const again = await post(good);
    expect(again.status).toBe(409);
    expect(String(again.data?.message)).toContain("already in the ledger");
    expect(await db().$count(statementImports)).toBe(before.imports);
    expect(await db().$count(payments)).toBe(before.payments + 1);
  });
});
