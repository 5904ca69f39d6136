import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { getDashboard } from "#app/back-office/index.server";
import { bookings } from "#app/booking/tables.server";
import {
  bookingBalance,
  dismissPaymentReview,
  getFinanceOverview,
  listPayments,
  recordReviewedPayment,
} from "#app/money/index.server";
import { paymentReviews, payments } from "#app/money/tables.server";
import { db, executeRows } from "#app/platform/db/client.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as paymentsRoute from "#app/routes/money/finance-payments";
import { setClock } from "#app/utils/clock";
import { addDays, today } from "#app/utils/dates";
import { safaricomMsisdn } from "#app/utils/phone";
import { answer, signedInAdmin } from "../helpers/admin-session";
import { ACTOR, book, c2b, callback, confirmAll, newRun, SECRET } from "../helpers/money";

/** What Safaricom sends as MSISDN since July 2024: the SHA-256 hex digest of 2547XXXXXXXX. */
const hashed = (phone: string) =>
  crypto
    .createHash("sha256")
    .update(safaricomMsisdn(phone) ?? "")
    .digest("hex");

const stamp = (day: string) => `${day.replaceAll("-", "")}101500`;
let receipt = 0;
/** A fresh M-PESA receipt number: ten upper-case letters and digits, as Safaricom issues them. */
const nextCode = () =>
  `TK${String(++receipt).padStart(4, "0")}${crypto.randomBytes(2).toString("hex").toUpperCase()}`;

const ledgerRow = (code: string) =>
  db()
    .select()
    .from(payments)
    .where(and(eq(payments.method, "mpesa"), eq(payments.transactionCode, code)));
const reviewRow = (code: string) =>
  db()
    .select()
    .from(paymentReviews)
    .where(and(eq(paymentReviews.method, "mpesa"), eq(paymentReviews.transactionCode, code)));

/** A payment recorded on Finance → Payments by a signed-in admin, as the form posts it. */
async function typedByHand(code: string, fields: Record<string, string> = {}) {
  const { args } = await signedInAdmin();
  const form = {
    intent: "record",
    method: "mpesa",
    amount: "1000",
    receivedOn: today(),
    transactionCode: code,
  };
  return answer(() =>
    paymentsRoute.action(args("/admin/finance/payments", { form: { ...form, ...fields } }) as never),
  );
}

beforeEach(async () => {
  await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
});
afterEach(() => setClock(null));

describe("the payer's MSISDN as Safaricom sends it today", () => {
  test("a hashed MSISDN is accepted and kept; masked and plain ones too", async () => {
    for (const msisdn of [hashed("0712345678"), "2547*****126", "254712345678"]) {
      const code = nextCode();
      expect((await callback("validation", c2b({ TransID: code, MSISDN: msisdn }))).body.ResultCode).toBe(
        "0",
      );
      const answer = await callback("confirmation", c2b({ TransID: code, MSISDN: msisdn, MiddleName: "" }));
      expect(answer).toEqual({ status: 200, body: { ResultCode: "0", ResultDesc: "Accepted" } });
      const [row] = await ledgerRow(code);
      expect(row).toMatchObject({ amountCents: 100_000, payerPhone: msisdn });
    }
  });

  test("empty fields sent as null and a receipt number sent as a number are recorded as they came", async () => {
    const code = `${Date.now()}`.slice(-10);
    const body = {
      ...c2b({ TransID: code }),
      TransID: Number(code),
      MiddleName: null,
      LastName: null,
      InvoiceNumber: null,
    };
    expect(await callback("confirmation", body)).toEqual({
      status: 200,
      body: { ResultCode: "0", ResultDesc: "Accepted" },
    });
    expect((await ledgerRow(code))[0]).toMatchObject({
      amountCents: 100_000,
      payer: "JANE · 2547 ***** 678",
    });
  });

  test("the ledger shows no digest as the payer's number", async () => {
    const code = nextCode();
    await callback("confirmation", c2b({ TransID: code, MSISDN: hashed("0712345678"), LastName: "" }));
    const [row] = await ledgerRow(code);
    expect(row?.payer).toBe("JANE");
  });

  test("the database hashes a phone exactly as Safaricom does, whatever way it was typed", async () => {
    for (const phone of ["0712 345 678", "+254 712-345-678", "712345678", "0112345678", "020 123 4567", ""]) {
      const [row] = await executeRows<{ hash: string | null }>(
        db(),
        sql`select mpesa_msisdn_sha256(${phone}) as hash`,
      );
      expect(row?.hash ?? null, phone).toBe(safaricomMsisdn(phone) ? hashed(phone) : null);
    }
  });

  test("a payment whose account number matches nothing is offered to the booking whose phone sent it", async () => {
    const runId = await newRun("10000.00");
    const { booking } = await book(runId, 1, "Phoneowner");
    await db().update(bookings).set({ contactPhone: "0722 000 111" }).where(eq(bookings.id, booking.id));
    const code = nextCode();
    await callback(
      "confirmation",
      c2b({
        TransID: code,
        TransAmount: "777.00",
        BillRefNumber: "my invoice",
        MSISDN: hashed("0722000111"),
      }),
    );
    const unmatched = await listPayments("unmatched");
    const row = unmatched.find((p) => p.transactionCode === code);
    expect(row?.bookingId).toBeNull();
    expect(row?.suggestions[0]).toEqual({
      reference: booking.reference,
      who: "County Government of Kisumu · phone matches",
    });
  });

  test("a participant's phone finds the booking too", async () => {
    const runId = await newRun("10000.00");
    const { booking } = await book(runId, 2, "Groupphone");
    await db().execute(
      sql`update course_registrations set phone = '+254 733 444 555' where booking_id = ${booking.id}`,
    );
    const code = nextCode();
    await callback(
      "confirmation",
      c2b({ TransID: code, TransAmount: "555.00", BillRefNumber: "", MSISDN: hashed("0733444555") }),
    );
    const row = (await listPayments("unmatched")).find((p) => p.transactionCode === code);
    expect(row?.suggestions.map((s) => s.reference)).toEqual([booking.reference]);
  });
});

describe("confirmations that cannot go into the ledger as they came are held for review, never lost", () => {
  test.each([
    ["a NUL in the account number", { BillRefNumber: "MF-\u0000X" }, /Control characters in BillRefNumber/],
    ["a NUL in a name", { FirstName: "JA\u0000NE" }, /Control characters in FirstName/],
    ["a NUL in the MSISDN", { MSISDN: "2547\u0000*****126" }, /Control characters in MSISDN/],
    ["year 0000", { TransTime: "00000101000000" }, /TransTime “00000101000000” is not a real date/],
    ["30 February", { TransTime: "20260230101500" }, /is not a real date/],
    ["a date in 2999", { TransTime: "29991201101500" }, /is not a real date/],
    ["next month", { TransTime: stamp(addDays(today(), 31)) }, /after today/],
    ["an absurd amount", { TransAmount: "9000000000.00" }, /more than one payment can plausibly be/],
    ["another shortcode", { BusinessShortCode: "600000" }, /not the firm's paybill 880142/],
    ["an amount that is not one", { TransAmount: "ten thousand" }, /is not an amount paid/],
    [
      "a name longer than M-PESA writes",
      { FirstName: "W".repeat(150) },
      /FirstName longer than M-PESA writes/,
    ],
  ])(
    "%s: answered 0, held with the reason, not in the ledger; a replay holds it once",
    async (_name, fields, reason) => {
      const code = nextCode();
      const before = await getFinanceOverview();
      const answer = await callback("confirmation", c2b({ TransID: code, ...fields }));
      expect(answer).toEqual({ status: 200, body: { ResultCode: "0", ResultDesc: "Accepted" } });
      expect(await ledgerRow(code)).toEqual([]);
      const [held, ...more] = await reviewRow(code);
      expect(more).toEqual([]);
      expect(held?.state).toBe("open");
      expect(held?.reasons.join(" ")).toMatch(reason);
      expect(JSON.stringify(held?.payload)).not.toContain("\u0000");
      expect((await callback("confirmation", c2b({ TransID: code, ...fields }))).status).toBe(200);
      expect(await reviewRow(code)).toHaveLength(1);
      const after = await getFinanceOverview();
      expect(after.months).toEqual(before.months);
      expect(after.unmatched).toEqual(before.unmatched);
    },
  );

  test("the dashboard's work for today counts what waits for review and leads to it", async () => {
    const waiting = async () => (await getDashboard()).today.items.find((i) => i.id === "payments-to-review");
    const before = (await waiting())?.count ?? 0;
    await callback("confirmation", c2b({ TransID: nextCode(), TransTime: "00000101000000" }));
    expect(await waiting()).toMatchObject({
      count: before + 1,
      to: "/admin/finance/payments#reviews-heading",
    });
  });

  test("validation refuses an impossible date and an absurd amount with Daraja's codes", async () => {
    expect((await callback("validation", c2b({ TransTime: "00000101000000" }))).body.ResultCode).toBe(
      "C2B00016",
    );
    expect((await callback("validation", c2b({ TransAmount: "9000000000.00" }))).body.ResultCode).toBe(
      "C2B00013",
    );
    expect((await callback("validation", c2b({ BillRefNumber: "MF-\u0000X" }))).body.ResultCode).toBe("0");
  });

  test("a person records a held payment with the checked date and booking, or dismisses it; each once", async () => {
    const runId = await newRun("10000.00");
    const { booking, participants } = await book(runId, 1, "Reviewed");
    await confirmAll(runId, participants);
    const code = nextCode();
    await callback(
      "confirmation",
      c2b({
        TransID: code,
        TransTime: "00000101000000",
        TransAmount: "10000.00",
        BillRefNumber: "MF-\u0000X",
      }),
    );
    const [held] = await reviewRow(code);
    const recorded = await recordReviewedPayment(ACTOR, held?.id as string, {
      amountCents: 1_000_000,
      receivedOn: today(),
      reference: booking.reference,
    });
    expect(recorded.ok).toBe(true);
    const [row] = await ledgerRow(code);
    expect(row).toMatchObject({ bookingId: booking.id, receivedOn: today(), source: "mpesa_callback" });
    expect((await bookingBalance(db(), booking.id)).state).toBe("paid");
    expect((await reviewRow(code))[0]).toMatchObject({ state: "recorded", paymentId: row?.id });
    expect(
      await recordReviewedPayment(ACTOR, held?.id as string, {
        amountCents: 1_000_000,
        receivedOn: today(),
        reference: null,
      }),
    ).toMatchObject({ ok: false, status: 409 });

    const forged = nextCode();
    await callback("confirmation", c2b({ TransID: forged, TransTime: "29991201101500" }));
    const [toDismiss] = await reviewRow(forged);
    expect((await dismissPaymentReview(ACTOR, toDismiss?.id as string, "Not in the M-PESA portal")).ok).toBe(
      true,
    );
    expect(await ledgerRow(forged)).toEqual([]);
    expect((await reviewRow(forged))[0]?.state).toBe("dismissed");
  });

  test("the same receipt arriving later through another route closes its review", async () => {
    const code = nextCode();
    await callback("confirmation", c2b({ TransID: code, FirstName: "A\u0001B" }));
    expect((await reviewRow(code))[0]?.state).toBe("open");
    const recorded = await typedByHand(code);
    expect(recorded).toMatchObject({ status: 200, data: { ok: true } });
    expect((await reviewRow(code))[0]?.state).toBe("recorded");
  });
});

describe("the callback's secret", () => {
  test("a guess of the right length in multi-byte characters is a 404, not a 500", async () => {
    const sameLength = "é".repeat(SECRET.length);
    expect((await callback("confirmation", c2b({ TransID: nextCode() }), sameLength)).status).toBe(404);
    expect((await callback("confirmation", c2b({ TransID: nextCode() }), `${SECRET}x`)).status).toBe(404);
  });
});

describe("payments typed by hand", () => {
  test.each([
    ["year 0000", { receivedOn: "0000-01-01" }, "receivedOn", /Enter the date the money was received/],
    ["30 February", { receivedOn: "2026-02-30" }, "receivedOn", /Enter the date the money was received/],
    ["next month", { receivedOn: addDays(today(), 31) }, "receivedOn", /after today/],
    ["an absurd amount", { amount: "9000000000.00" }, "amount", /more than one payment can plausibly be/],
  ])("%s is refused on its field and changes nothing", async (_name, fields, field, message) => {
    const code = nextCode();
    const refused = await typedByHand(code, fields);
    expect(refused).toMatchObject({ status: 400, data: { ok: false, field } });
    expect(JSON.stringify(refused.data)).toMatch(message);
    expect(await ledgerRow(code)).toEqual([]);
  });
});
