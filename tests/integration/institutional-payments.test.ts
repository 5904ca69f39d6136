import { and, asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { countFound, findPersonalData, getDashboard } from "#app/back-office/index.server";
import { courseRegistrations } from "#app/booking/tables.server";
import { getBookingPage } from "#app/bookings/index.server";
import {
  bookingBalance,
  bounceCheque,
  clearCheque,
  issueDueReceipts,
  recordCheque,
  recordPayment,
} from "#app/money/index.server";
import { cheques, financeDocuments, payments } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as paymentsRoute from "#app/routes/money/finance-payments";
import { addDays, today } from "#app/utils/dates";
import { answer, outcome, signedInAdmin } from "../helpers/admin-session";
import { ACTOR, book, c2b, callback, confirmAll, newRun, SECRET } from "../helpers/money";

// Issue 47, item 2: a booking paid in parts by M-PESA, bank transfer and cheques; cheques count once they
// clear and a returned one reverses (decision 0756). Runs on PGlite and, in CI, on PostgreSQL.

beforeEach(async () => {
  await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
  await setSettingValue(db(), "vat_registered", true, null);
  await setSettingValue(db(), "vat_rate", 16, null);
  await setSettingValue(db(), "prices_include_vat", true, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
});

let serial = 0;
const unique = () => `${Date.now() % 1_000_000}${++serial}`.padStart(8, "0").slice(-8);

/** A confirmed county booking of two at KES 45,000 each (KES 90,000 with VAT included). */
async function countyBooking(contact: string) {
  const runId = await newRun("45000.00");
  const { booking, participants } = await book(runId, 2, contact);
  await confirmAll(runId, participants);
  return { booking, participants };
}

/** The booking's receipts in ledger order (two may be issued in one transaction, with one creation time). */
const receiptsOf = (bookingId: string) =>
  db()
    .select({
      number: financeDocuments.number,
      paymentId: financeDocuments.paymentId,
      paid: financeDocuments.paidCents,
      balance: financeDocuments.balanceAfterCents,
    })
    .from(financeDocuments)
    .innerJoin(payments, eq(payments.id, financeDocuments.paymentId))
    .where(and(eq(financeDocuments.bookingId, bookingId), eq(financeDocuments.kind, "receipt")))
    .orderBy(asc(payments.receivedOn), asc(payments.createdAt));

const statusesOf = async (bookingId: string) =>
  (
    await db()
      .select({ status: courseRegistrations.status })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.bookingId, bookingId))
  ).map((r) => r.status);

const mailsTo = (kind: string, to: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to)));

function cheque(reference: string, amount: string, fields: Record<string, string> = {}) {
  return {
    intent: "cheque",
    number: unique(),
    bank: "Kenya Commercial Bank",
    chequeDate: today(),
    receivedOn: today(),
    clearsOn: addDays(today(), 3),
    amount,
    payer: "County Government of Kisumu",
    reference,
    ...fields,
  };
}

const chequeOf = async (number: string) =>
  (await db().select().from(cheques).where(eq(cheques.number, number)))[0];

describe("a booking paid in parts by several means", () => {
  test("M-PESA, bank, a cheque that clears and bounces, and another cheque: every part receipted with what remains", async () => {
    const finance = await signedInAdmin({ roles: ["finance"] });
    const post = async (form: Record<string, string>) =>
      outcome(await paymentsRoute.action(finance.args("/admin/finance/payments", { form }) as never));
    const { booking } = await countyBooking("Akinyi");
    expect((await bookingBalance(db(), booking.id)).invoicedCents).toBe(9_000_000);

    // part 1: M-PESA, KES 30,000
    const mpesa = `TKP${unique().slice(-7)}`;
    await callback(
      "confirmation",
      c2b({ TransID: mpesa, TransAmount: "30000.00", BillRefNumber: booking.reference }),
    );
    // part 2: an RTGS transfer of KES 20,000 recorded by finance with the bank's reference
    const rtgs = await post({
      intent: "record",
      method: "bank",
      amount: "20,000",
      receivedOn: today(),
      transactionCode: `RTGS${unique()}`,
      payer: "County Government of Kisumu",
      reference: booking.reference,
    });
    expect(rtgs).toMatchObject({ status: 200, data: { ok: true } });

    // part 3: a cheque of KES 40,000: recorded, not money yet
    const first = cheque(booking.reference, "40000");
    const recorded = await post(first);
    expect(recorded.status).toBe(200);
    expect(String(recorded.data?.message)).toContain("pays the booking once it clears");
    expect(await bookingBalance(db(), booking.id)).toMatchObject({
      paidCents: 5_000_000,
      state: "part_paid",
    });
    expect(await receiptsOf(booking.id)).toHaveLength(2);
    expect(await statusesOf(booking.id)).toEqual(["confirmed", "confirmed"]);
    // shown beside the balance on the booking's page and in the portal, not in it
    expect((await getBookingPage(booking.reference))?.cheques).toEqual([
      expect.objectContaining({ number: first.number, state: "pending", amountCents: 4_000_000 }),
    ]);

    // it clears: in the ledger, the booking paid, its receipt says nothing remains
    const firstRow = await chequeOf(first.number);
    const cleared = await post({ intent: "cheque-clear", id: firstRow?.id as string, clearedOn: today() });
    expect(cleared).toMatchObject({ status: 200, data: { ok: true } });
    expect(await bookingBalance(db(), booking.id)).toMatchObject({ balanceCents: 0, state: "paid" });
    expect(await statusesOf(booking.id)).toEqual(["paid", "paid"]);
    expect((await receiptsOf(booking.id)).map((r) => [r.paid, r.balance])).toEqual([
      [3_000_000, 6_000_000],
      [2_000_000, 4_000_000],
      [4_000_000, 0],
    ]);
    const clearedRow = await chequeOf(first.number);
    expect(clearedRow).toMatchObject({ state: "cleared", settledOn: today() });
    const [ledgerRow] = await db()
      .select()
      .from(payments)
      .where(eq(payments.id, clearedRow?.paymentId as string));
    expect(ledgerRow).toMatchObject({
      method: "cheque",
      amountCents: 4_000_000,
      transactionCode: `${first.number} KENYA COMMERCIAL BANK`,
    });

    // the bank returns it: a reversal row, the booking owes again, the client told, nothing destroyed
    const bounced = await post({
      intent: "cheque-bounce",
      id: firstRow?.id as string,
      bouncedOn: today(),
      reason: "Insufficient funds",
      bankCharge: "1,500",
    });
    expect(bounced).toMatchObject({ status: 200, data: { ok: true } });
    expect(String(bounced.data?.message)).toContain("its payment reversed");
    const [reversal] = await db()
      .select()
      .from(payments)
      .where(eq(payments.reversesId, clearedRow?.paymentId as string));
    expect(reversal).toMatchObject({
      amountCents: -4_000_000,
      reason: "Cheque returned unpaid: Insufficient funds",
    });
    expect(await bookingBalance(db(), booking.id)).toMatchObject({
      balanceCents: 4_000_000,
      state: "part_paid",
    });
    expect(await statusesOf(booking.id)).toEqual(["confirmed", "confirmed"]);
    expect(await chequeOf(first.number)).toMatchObject({
      state: "bounced",
      bounceReason: "Insufficient funds",
      bankChargeCents: 150_000,
      paymentId: clearedRow?.paymentId,
    });
    const receipts = await receiptsOf(booking.id);
    expect(receipts).toHaveLength(3);
    const [told] = await mailsTo("cheque_returned", booking.contactEmail);
    expect(told?.subject).toBe(`Cheque returned unpaid (${booking.reference})`);
    expect(told?.textBody).toContain(
      `Receipt ${receipts[2]?.number}, issued when the cheque cleared, is cancelled`,
    );
    expect(told?.textBody).toContain("The booking's balance is now KES 40,000");
    expect(told?.textBody).toContain("Our bank charged KES 1,500");
    expect(told?.textBody).toContain(`quote ${booking.reference} as the reference`);
    // a second return of the same cheque changes nothing
    expect(
      await post({
        intent: "cheque-bounce",
        id: firstRow?.id as string,
        bouncedOn: today(),
        reason: "Again",
      }),
    ).toMatchObject({ status: 409 });

    // a replacement cheque clears: paid again, its own receipt, the ledger adds up
    const second = cheque(booking.reference, "40,000.00", { bank: "Equity Bank" });
    expect((await post(second)).status).toBe(200);
    const secondRow = await chequeOf(second.number);
    expect(
      (await post({ intent: "cheque-clear", id: secondRow?.id as string, clearedOn: today() })).status,
    ).toBe(200);
    expect(await bookingBalance(db(), booking.id)).toMatchObject({ balanceCents: 0, state: "paid" });
    expect((await receiptsOf(booking.id)).map((r) => [r.paid, r.balance])).toEqual([
      [3_000_000, 6_000_000],
      [2_000_000, 4_000_000],
      [4_000_000, 0],
      [4_000_000, 0],
    ]);
    expect(await statusesOf(booking.id)).toEqual(["paid", "paid"]);
  });

  test("a cheque returned before it cleared never touched the ledger; the client is still told", async () => {
    const { booking } = await countyBooking("Wekesa");
    const number = unique();
    const input = {
      reference: booking.reference,
      number,
      bank: "Co-operative Bank",
      chequeDate: today(),
      receivedOn: today(),
      clearsOn: addDays(today(), 2),
      amountCents: 9_000_000,
      payer: null,
    };
    expect(await recordCheque(ACTOR, input)).toMatchObject({ ok: true });
    expect(await recordCheque(ACTOR, input)).toMatchObject({ ok: false, status: 409 });
    const row = await chequeOf(number);
    const ledgerBefore = await db().$count(payments, eq(payments.bookingId, booking.id));
    expect(
      await bounceCheque(ACTOR, row?.id as string, {
        bouncedOn: today(),
        reason: "Drawer's signature differs",
        bankChargeCents: null,
      }),
    ).toMatchObject({ ok: true });
    expect(await db().$count(payments, eq(payments.bookingId, booking.id))).toBe(ledgerBefore);
    expect(await bookingBalance(db(), booking.id)).toMatchObject({ balanceCents: 9_000_000 });
    expect(await clearCheque(ACTOR, row?.id as string, today())).toMatchObject({ ok: false, status: 409 });
    const [told] = await mailsTo("cheque_returned", booking.contactEmail);
    expect(told?.textBody).toContain("The cheque had not cleared, so it was never counted as paid.");
    // the contact's data request finds it, and keeps it (a payment record)
    const found = await findPersonalData({ kind: "email", value: booking.contactEmail.toLowerCase() });
    expect(found.cheques).toEqual([
      expect.objectContaining({ number, state: "bounced", bookingReference: booking.reference }),
    ]);
    expect(countFound(found).cheques).toBe(1);
    // the row stands, its details fixed: the database refuses a change or a delete
    await expect(
      db()
        .update(cheques)
        .set({ amountCents: 1 })
        .where(eq(cheques.id, row?.id as string)),
    ).rejects.toThrow();
    await expect(
      db()
        .delete(cheques)
        .where(eq(cheques.id, row?.id as string)),
    ).rejects.toThrow();
  });
});

describe("recording cheques: validation and permissions", () => {
  test("bad input gets its own message and changes nothing; only finance and owners record", async () => {
    const finance = await signedInAdmin({ roles: ["finance"] });
    const { booking } = await countyBooking("Chebet");
    // a refusal by the policy is thrown (403), the rest returned: `answer` tells either
    const post = (form: Record<string, string>, who = finance) =>
      answer(() => paymentsRoute.action(who.args("/admin/finance/payments", { form }) as never));
    const before = await db().$count(cheques);
    const good = cheque(booking.reference, "10000");
    const cases: [Record<string, string>, string][] = [
      [{ ...good, number: "12AB" }, "digits only"],
      [{ ...good, bank: "" }, "Enter the bank"],
      [{ ...good, amount: "0" }, "Enter an amount"],
      [{ ...good, chequeDate: "2026-02-30" }, "date written on the cheque"],
      [{ ...good, clearsOn: "" }, "expected to clear"],
      [{ ...good, reference: "" }, "Enter a booking reference"],
      [{ ...good, reference: "MF-ZZZZZZZZ" }, "No booking has the reference"],
      [{ ...good, clearsOn: addDays(today(), -1) }, "cannot clear before it was received"],
      [{ ...good, chequeDate: addDays(today(), 10) }, "post-dated cheque cannot clear before its date"],
      [{ ...good, chequeDate: addDays(today(), -200) }, "stale"],
      [{ ...good, receivedOn: addDays(today(), 5) }, "after today"],
    ];
    for (const [form, message] of cases) {
      const answer = await post(form);
      expect(answer.status, message).toBeGreaterThanOrEqual(400);
      expect(String(answer.data?.message), message).toContain(message);
    }
    expect(await db().$count(cheques)).toBe(before);

    // a cheque is its own form: the plain payment form refuses the method
    const asPayment = await post({
      intent: "record",
      method: "cheque",
      amount: "10000",
      receivedOn: today(),
      transactionCode: "000777",
      payer: "",
      reference: booking.reference,
    });
    expect(asPayment.status).toBe(400);
    expect(String(asPayment.data?.message)).toContain("Record a cheque in the cheque form");

    const registrar = await signedInAdmin({ roles: ["registrar"] });
    expect((await post(good, registrar)).status).toBe(403);
    expect(await db().$count(cheques)).toBe(before);

    expect((await post(good)).status).toBe(200);
    const row = await chequeOf(good.number);
    expect(
      (await post({ intent: "cheque-clear", id: row?.id as string, clearedOn: addDays(today(), 1) })).data
        ?.message,
    ).toContain("day still to come");
    expect(
      (await post({ intent: "cheque-clear", id: row?.id as string, clearedOn: today() }, registrar)).status,
    ).toBe(403);
    expect(
      (await post({ intent: "cheque-bounce", id: row?.id as string, bouncedOn: today(), reason: "x" })).data
        ?.message,
    ).toContain("Say why the bank returned it");
    expect(await chequeOf(good.number)).toMatchObject({ state: "pending", paymentId: null });
  });
});

describe("parts recorded at the same moment", () => {
  test("a bank transfer, a cheque clearing and an M-PESA payment at once: none lost, each receipted in ledger order", async () => {
    const { booking } = await countyBooking("Njeri");
    const number = unique();
    const toCheck = async () =>
      (await getDashboard()).today.items.find((i) => i.id === "cheques-to-check")?.count ?? 0;
    const checking = await toCheck();
    expect(
      await recordCheque(ACTOR, {
        reference: booking.reference,
        number,
        bank: "NCBA Bank",
        chequeDate: today(),
        receivedOn: today(),
        clearsOn: today(),
        amountCents: 3_000_000,
        payer: "Njeri Holdings",
      }),
    ).toMatchObject({ ok: true });
    // due to clear today: the dashboard asks finance to check it with the bank
    expect(await toCheck()).toBe(checking + 1);
    const row = await chequeOf(number);
    const finance = await signedInAdmin({ roles: ["finance"] });
    const [bank, cleared, mpesa] = await Promise.all([
      paymentsRoute.action(
        finance.args("/admin/finance/payments", {
          form: {
            intent: "record",
            method: "bank",
            amount: "30000",
            receivedOn: today(),
            transactionCode: `PSL${unique()}`,
            payer: "",
            reference: booking.reference,
          },
        }) as never,
      ),
      clearCheque(ACTOR, row?.id as string, today()),
      callback(
        "confirmation",
        c2b({
          TransID: `TKC${unique().slice(-7)}`,
          TransAmount: "30000.00",
          BillRefNumber: booking.reference,
        }),
      ),
    ]);
    expect(outcome(bank).status).toBe(200);
    expect(cleared).toMatchObject({ ok: true });
    expect(await toCheck()).toBe(checking);
    expect(mpesa.body.ResultCode).toBe("0");
    expect(await bookingBalance(db(), booking.id)).toMatchObject({ paidCents: 9_000_000, state: "paid" });
    // the M-PESA receipt may be issued after its commit (decision 0652): wait for it like the worker would
    await issueDueReceipts();
    const receipts = await receiptsOf(booking.id);
    expect(receipts.map((r) => [r.paid, r.balance])).toEqual([
      [3_000_000, 6_000_000],
      [3_000_000, 3_000_000],
      [3_000_000, 0],
    ]);
  });

  // PGlite runs one transaction at a time, so a transaction that waits with another one's lock free is PostgreSQL's
  test.runIf(Boolean(process.env.DATABASE_URL))(
    "a part whose transaction began first but wrote second is counted second: its receipt says what remains after both",
    async () => {
      const { booking } = await countyBooking("Mutua");
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      // the bank part's transaction begins (its clock starts), then waits before it writes
      const bank = moneyTransaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await gate;
        return recordPayment(
          tx,
          {
            method: "bank",
            amountCents: 3_000_000,
            receivedOn: today(),
            transactionCode: `EFT${unique()}`,
            payer: null,
            accountReference: booking.reference,
            bookingId: null,
            source: "manual",
          },
          ACTOR,
        );
      });
      // meanwhile an M-PESA part is written and committed
      await callback(
        "confirmation",
        c2b({
          TransID: `TKG${unique().slice(-7)}`,
          TransAmount: "30000.00",
          BillRefNumber: booking.reference,
        }),
      );
      await issueDueReceipts();
      release();
      expect((await bank).status).toBe("recorded");
      expect((await receiptsOf(booking.id)).map((r) => [r.paid, r.balance])).toEqual([
        [3_000_000, 6_000_000],
        [3_000_000, 3_000_000],
      ]);
    },
  );
});
