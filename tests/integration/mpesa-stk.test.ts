import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { payPath } from "#app/booking/index.server";
import {
  bookingBalance,
  checkStkPush,
  forgetDarajaTokens,
  saveDarajaCredentials,
  startStkPush,
  stkPushView,
  sweepStkPushes,
} from "#app/money/index.server";
import {
  darajaCredentials,
  financeDocuments,
  mpesaStkPushes,
  paymentReviews,
  payments,
} from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { env } from "#app/platform/env.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as payRoute from "#app/routes/money/public/pay";
import { advanceClock, setClock } from "#app/utils/clock";
import {
  DARAJA_KEYS,
  type DarajaStandIn,
  MPESA_TRANSACTION_LIMIT,
  startDarajaStandIn,
  stkCallbackBody,
} from "../helpers/daraja";
import { contextFor, formRequest } from "../helpers/form-post";
import { ACTOR, book, c2b, callback, confirmAll, newRun, SECRET } from "../helpers/money";
import { standInForFile } from "../helpers/stand-in-env";

const daraja = standInForFile(
  () => startDarajaStandIn({ sendCallbacks: false }),
  (standIn) => ({ DARAJA_URL: standIn.url, DARAJA_TIMEOUT_SECONDS: "1" }),
);
beforeEach(async () => {
  await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
  await saveDarajaCredentials(ACTOR, { environment: "sandbox", ...DARAJA_KEYS });
});
afterEach(() => setClock(null));

/** A confirmed booking of one participant at KES 10,000. */
async function confirmedBooking() {
  const runId = await newRun("10000.00");
  const { booking, participants } = await book(runId, 1, "Stk");
  await confirmAll(runId, participants);
  return booking;
}

const lastPush = () => daraja().pushes.at(-1) as DarajaStandIn["pushes"][number];
const pushRow = async (bookingId: string) =>
  (await db().select().from(mpesaStkPushes).where(eq(mpesaStkPushes.bookingId, bookingId))).at(-1);

describe("M-PESA Express", () => {
  test("the request Daraja gets: the booking's reference, the amount in shillings, the number as M-PESA writes it", async () => {
    const booking = await confirmedBooking();
    const started = await startStkPush(
      booking.id,
      { phone: "+254 712 345 678", amountCents: 400_000 },
      ACTOR,
    );
    expect(started).toMatchObject({ ok: true });
    expect(lastPush().body).toMatchObject({
      BusinessShortCode: "880142",
      TransactionType: "CustomerPayBillOnline",
      Amount: 4000,
      PartyA: "254712345678",
      PartyB: "880142",
      PhoneNumber: "254712345678",
      CallBackURL: expect.stringMatching(new RegExp(`/api/mpesa/${SECRET}/stk$`)),
      AccountReference: booking.reference.slice(0, 12),
    });
    expect((await pushRow(booking.id))?.state).toBe("pending");
  });

  test("the token is fetched once and reused until it expires", async () => {
    forgetDarajaTokens();
    const before = daraja().tokensIssued.length;
    for (let i = 0; i < 2; i++) {
      const booking = await confirmedBooking();
      await startStkPush(booking.id, { phone: "0712345678", amountCents: 100_000 }, ACTOR);
    }
    expect(daraja().tokensIssued.length - before).toBe(1);
    advanceClock(3600_000);
    const booking = await confirmedBooking();
    await startStkPush(booking.id, { phone: "0712345678", amountCents: 100_000 }, ACTOR);
    expect(daraja().tokensIssued.length - before).toBe(2);
  });

  test("one prompt per booking at a time; after its answer another may be sent", async () => {
    const booking = await confirmedBooking();
    daraja().next({ kind: "result", code: 1032 });
    expect(
      await startStkPush(booking.id, { phone: "0712345678", amountCents: 100_000 }, ACTOR),
    ).toMatchObject({ ok: true });
    const second = await startStkPush(booking.id, { phone: "0712345678", amountCents: 100_000 }, ACTOR);
    expect(second).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining("already on its way"),
    });
    expect(
      daraja().pushes.filter((p) => p.body.AccountReference === booking.reference.slice(0, 12)),
    ).toHaveLength(1);
    await callback("stk", lastPush().callback);
    expect(
      await startStkPush(booking.id, { phone: "0712345678", amountCents: 100_000 }, ACTOR),
    ).toMatchObject({ ok: true });
  });

  test("two prompts for one booking at once: one is sent", async () => {
    const booking = await confirmedBooking();
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => startStkPush(booking.id, { phone: "0712345678", amountCents: 100_000 }, ACTOR)),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(await db().$count(mpesaStkPushes, eq(mpesaStkPushes.bookingId, booking.id))).toBe(1);
  });

  test("more than the balance, or a booking paid in full, is refused and nothing is sent", async () => {
    const booking = await confirmedBooking();
    const pushed = daraja().pushes.length;
    expect(
      await startStkPush(booking.id, { phone: "0712345678", amountCents: 1_000_100 }, ACTOR),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: "Enter at most the balance, KES 10,000.00.",
    });
    expect(await startStkPush(booking.id, { phone: "0799", amountCents: 100 }, ACTOR)).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(daraja().pushes.length).toBe(pushed);
  });

  test("each result code told plainly; only 0 records a payment", async () => {
    const told: Record<number, string> = {
      0: "Paid. Thank you: your receipt is on its way by e-mail.",
      1032: "You cancelled the M-PESA prompt. Nothing was paid.",
      1037: "Your phone did not answer the M-PESA prompt in time (it may be off or out of network). Nothing was paid.",
      2001: "The M-PESA PIN was wrong. Nothing was paid.",
      1: "Your M-PESA balance was not enough for this payment. Nothing was paid.",
      1025: "The payment did not go through (M-PESA said: “An error occurred while sending a push request”). Nothing was paid.",
    };
    for (const [code, text] of Object.entries(told)) {
      const booking = await confirmedBooking();
      daraja().next({ kind: "result", code: Number(code) });
      await startStkPush(booking.id, { phone: "0712345678", amountCents: 250_000 }, ACTOR);
      expect(await callback("stk", lastPush().callback)).toEqual({
        status: 200,
        body: { ResultCode: 0, ResultDesc: "Accepted" },
      });
      const view = await stkPushView(booking.id);
      expect(view?.message, code).toContain(text);
      expect(view?.state).toBe(code === "0" ? "paid" : "failed");
      const paid = await db().$count(payments, eq(payments.bookingId, booking.id));
      expect(paid, code).toBe(code === "0" ? 1 : 0);
    }
  });

  test("a paid prompt records one payment with its receipt code, by M-PESA Express, and a replay changes nothing", async () => {
    const booking = await confirmedBooking();
    daraja().next({ kind: "result", code: 0, receipt: "TKS0000001" });
    await startStkPush(booking.id, { phone: "0712345678", amountCents: 1_000_000 }, ACTOR);
    await callback("stk", lastPush().callback);
    await callback("stk", lastPush().callback);
    const rows = await db().select().from(payments).where(eq(payments.transactionCode, "TKS0000001"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      bookingId: booking.id,
      amountCents: 1_000_000,
      source: "mpesa_stk",
      method: "mpesa",
    });
    expect(await bookingBalance(db(), booking.id)).toMatchObject({ state: "paid", balanceCents: 0 });
    expect(await pushRow(booking.id)).toMatchObject({
      state: "paid",
      receiptCode: "TKS0000001",
      paymentId: rows[0]?.id,
    });
  });

  test("Daraja's refusals, a 500 and a timeout end the prompt plainly and answer no 5xx", async () => {
    const cases = [
      {
        outcome: {
          kind: "refuse",
          status: 500,
          errorCode: "500.001.1001",
          errorMessage:
            "Unable to lock subscriber, a transaction is already in process for the current subscriber",
        },
        state: "failed",
        says: "Unable to lock subscriber",
      },
      {
        outcome: {
          kind: "refuse",
          status: 400,
          errorCode: "400.002.02",
          errorMessage: "Bad Request - Invalid PhoneNumber",
        },
        state: "failed",
        says: "Invalid PhoneNumber",
      },
      { outcome: { kind: "http500" }, state: "unknown", says: "M-PESA answered HTTP 500." },
      { outcome: { kind: "timeout" }, state: "unknown", says: "M-PESA did not answer in time." },
    ] as const;
    for (const c of cases) {
      const booking = await confirmedBooking();
      daraja().next(c.outcome);
      const started = await startStkPush(booking.id, { phone: "0712345678", amountCents: 100_000 }, ACTOR);
      expect(started).toMatchObject({ ok: false, status: 409, message: expect.stringContaining(c.says) });
      expect((await pushRow(booking.id))?.state).toBe(c.state);
      // the booking is free for another try
      expect(
        await startStkPush(booking.id, { phone: "0712345678", amountCents: 100_000 }, ACTOR),
      ).toMatchObject({ ok: true });
    }
  });

  test("no callback within two minutes: the query asks, 'still processing' keeps it open, its result closes it", async () => {
    const booking = await confirmedBooking();
    daraja().next({ kind: "unanswered" });
    await startStkPush(booking.id, { phone: "0712345678", amountCents: 100_000 }, ACTOR);
    await checkStkPush(booking.id);
    expect((await pushRow(booking.id))?.queriedAt).toBeNull();
    advanceClock(2 * 60_000 + 1000);
    await checkStkPush(booking.id);
    expect(await pushRow(booking.id)).toMatchObject({ state: "pending", queriedAt: expect.any(Date) });

    const other = await confirmedBooking();
    daraja().next({ kind: "result", code: 1037 });
    await startStkPush(other.id, { phone: "0712345678", amountCents: 100_000 }, ACTOR);
    advanceClock(2 * 60_000 + 1000);
    expect(await sweepStkPushes()).toBeGreaterThanOrEqual(1);
    expect(await stkPushView(other.id)).toMatchObject({
      state: "failed",
      message: expect.stringContaining("did not answer"),
    });
    // the callback arriving late changes nothing more
    await callback("stk", lastPush().callback);
    expect((await pushRow(other.id))?.state).toBe("failed");
  });
});

describe("tampered callbacks at the secret path", () => {
  test("a wrong secret is not found; a body that is not a callback is refused with no change", async () => {
    const booking = await confirmedBooking();
    daraja().next({ kind: "result", code: 0 });
    await startStkPush(booking.id, { phone: "0712345678", amountCents: 100_000 }, ACTOR);
    const body = lastPush().callback;
    expect((await callback("stk", body, "wrong-secret-0123456789abcdef")).status).toBe(404);
    expect((await callback("stk", "{not json")).status).toBe(400);
    expect((await callback("stk", { Body: { stkCallback: { ResultCode: 0 } } })).status).toBe(400);
    const noReceipt = structuredClone(body) as { Body: { stkCallback: { CallbackMetadata?: unknown } } };
    delete noReceipt.Body.stkCallback.CallbackMetadata;
    expect(await callback("stk", noReceipt)).toMatchObject({ status: 400 });
    expect(await db().$count(payments, eq(payments.bookingId, booking.id))).toBe(0);
    expect((await pushRow(booking.id))?.state).toBe("pending");
  });

  test("a success with another amount or phone, or for a prompt we never sent, waits for review and pays nothing", async () => {
    const booking = await confirmedBooking();
    daraja().next({ kind: "result", code: 0, amount: 10, receipt: "TKT0000001" });
    await startStkPush(booking.id, { phone: "0712345678", amountCents: 100_000 }, ACTOR);
    expect((await callback("stk", lastPush().callback)).status).toBe(200);
    const forged = stkCallbackBody(
      {
        merchantRequestId: "1-1-1",
        checkoutRequestId: "ws_CO_forged",
        body: { Amount: 5000, PhoneNumber: "254700000000" },
      },
      { kind: "result", code: 0, receipt: "TKT0000002" },
    );
    expect((await callback("stk", forged)).status).toBe(200);
    for (const code of ["TKT0000001", "TKT0000002"]) {
      expect(await db().$count(payments, eq(payments.transactionCode, code))).toBe(0);
      const [review] = await db()
        .select()
        .from(paymentReviews)
        .where(eq(paymentReviews.transactionCode, code));
      expect(review?.state).toBe("open");
    }
    expect(await bookingBalance(db(), booking.id)).toMatchObject({ paidCents: 0 });
    // the prompt is not told paid by a doubtful callback: it stays open for the query to settle
    expect((await pushRow(booking.id))?.state).toBe("pending");
  });
});

describe("one receipt code, one payment", () => {
  test("the STK callback and the C2B confirmation of the same receipt together: one payment", async () => {
    for (let round = 0; round < 5; round++) {
      const booking = await confirmedBooking();
      const receipt = `TKC${String(round).padStart(3, "0")}${Date.now() % 10_000}`.slice(0, 10);
      daraja().next({ kind: "result", code: 0, receipt });
      await startStkPush(booking.id, { phone: "0712345678", amountCents: 1_000_000 }, ACTOR);
      const answers = await Promise.all([
        callback("stk", lastPush().callback),
        callback(
          "confirmation",
          c2b({
            TransID: receipt,
            TransAmount: "10000.00",
            BillRefNumber: booking.reference,
            MSISDN: "254712345678",
          }),
        ),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(
        await db().$count(payments, and(eq(payments.method, "mpesa"), eq(payments.transactionCode, receipt))),
      ).toBe(1);
      expect(await bookingBalance(db(), booking.id)).toMatchObject({ state: "paid" });
      expect((await pushRow(booking.id))?.state).toBe("paid");
    }
  });
});

test("the credentials are sealed at rest", async () => {
  const [row] = await db().select().from(darajaCredentials);
  for (const secret of [DARAJA_KEYS.consumerKey, DARAJA_KEYS.consumerSecret, DARAJA_KEYS.passkey]) {
    expect(JSON.stringify(row)).not.toContain(secret);
  }
  expect(row?.passkeySealed).toMatch(/^seal1:/);
});

describe("the pay page's action", () => {
  const payAction = async (signed: string, fields: Record<string, string>) => {
    try {
      const result = (await payRoute.action({
        request: formRequest(`/pay/${signed}`, fields),
        params: { booking: signed },
        context: contextFor(),
      } as never)) as {
        data: { ok: boolean; message: string; fieldErrors?: Record<string, string[]> };
        init: { status?: number } | null;
      };
      return { status: result.init?.status ?? 200, body: result.data };
    } catch (thrown) {
      return { status: (thrown as { init?: { status?: number } }).init?.status ?? 500, body: null };
    }
  };

  test("bad input gets a specific message and sends nothing; a forged link opens nothing", async () => {
    const booking = await confirmedBooking();
    const signed = payPath(booking.reference).slice("/pay/".length);
    const pushed = daraja().pushes.length;
    const bad = await payAction(signed, { intent: "pay", phone: "0201234567", amount: "12.50" });
    expect(bad.status).toBe(400);
    expect(bad.body?.fieldErrors).toEqual({
      phone: ["Enter a Kenyan mobile number such as 0712 345 678"],
      amount: ["Enter a whole number of shillings, at least 1"],
    });
    expect(
      (await payAction(`${booking.reference}.forged`, { intent: "pay", phone: "0712345678", amount: "100" }))
        .status,
    ).toBe(404);
    expect(daraja().pushes.length).toBe(pushed);
    expect(await db().$count(mpesaStkPushes, eq(mpesaStkPushes.bookingId, booking.id))).toBe(0);

    const paid = await payAction(signed, { intent: "pay", phone: "0712 345 678", amount: "1,000" });
    expect(paid).toMatchObject({ status: 200, body: { ok: true } });
    expect(lastPush().body).toMatchObject({ Amount: 1000, PhoneNumber: "254712345678" });
  });
});

describe("a balance above M-PESA's per-payment limit (issue 45)", () => {
  const pageOf = async (reference: string) => {
    const signed = payPath(reference).slice("/pay/".length);
    const result = (await payRoute.loader({ params: { booking: signed } } as never)) as unknown as {
      data: Record<string, unknown> & { prompts: number[] };
    };
    return result.data;
  };

  test("is offered in prompts under the limit, with what is paid for; one prompt above it is never sent", async () => {
    // three participants at KES 110,000 (VAT included): KES 330,000, as the county officer's booking
    const runId = await newRun("110000.00");
    const { booking, participants } = await book(runId, 3, "Limit");
    await confirmAll(runId, participants);
    const page = await pageOf(booking.reference);
    expect(page).toMatchObject({
      dueCents: 330_000_00,
      limitShillings: 250_000,
      prompts: [250_000, 80_000],
      subject: "Strategic Planning and Performance Management",
      when: expect.stringContaining("Naivasha"),
      participants: expect.arrayContaining([expect.stringMatching(/^Participant /)]),
      invoice: { number: expect.stringMatching(/^PRO-/), path: expect.stringMatching(/^\/billing\//) },
    });
    expect(page.participants).toHaveLength(3);

    const pushed = daraja().pushes.length;
    const whole = await startStkPush(booking.id, { phone: "0712345678", amountCents: 330_000_00 }, ACTOR);
    expect(whole).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringContaining("M-PESA takes at most KES 250,000.00 in one payment"),
    });
    expect(daraja().pushes.length).toBe(pushed);
    expect(await db().$count(mpesaStkPushes, eq(mpesaStkPushes.bookingId, booking.id))).toBe(0);

    // the parts the page offers go through, and after the first the page offers the rest
    expect(
      await startStkPush(booking.id, { phone: "0712345678", amountCents: 250_000_00 }, ACTOR),
    ).toMatchObject({ ok: true });
    await callback("stk", lastPush().callback);
    expect(await pageOf(booking.reference)).toMatchObject({ dueCents: 80_000_00, prompts: [80_000] });
  });

  test("the limit is a setting; Daraja itself refuses a push above M-PESA's limit", async () => {
    await setSettingValue(db(), "mpesa_transaction_limit", 500_000, null);
    try {
      const runId = await newRun("330000.00");
      const { booking, participants } = await book(runId, 1, "Raised");
      await confirmAll(runId, participants);
      expect((await pageOf(booking.reference)).prompts).toEqual([330_000]);
      const started = await startStkPush(
        booking.id,
        { phone: "0712345678", amountCents: (MPESA_TRANSACTION_LIMIT + 1) * 100 },
        ACTOR,
      );
      expect(started).toMatchObject({ ok: false, message: expect.stringContaining("Invalid Amount") });
      expect((await pushRow(booking.id))?.state).toBe("failed");
    } finally {
      await setSettingValue(db(), "mpesa_transaction_limit", 250_000, null);
    }
  });
});

describe("the proforma e-mail", () => {
  /** The text of the proforma e-mail the booking's confirmation queued. */
  const proformaMail = async (bookingId: string) => {
    const [doc] = await db()
      .select({ id: financeDocuments.id })
      .from(financeDocuments)
      .where(and(eq(financeDocuments.bookingId, bookingId), eq(financeDocuments.kind, "proforma")));
    const [mail] = await db()
      .select({ text: emailOutbox.textBody, html: emailOutbox.htmlBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.relatedId, doc?.id as string), eq(emailOutbox.kind, "finance_proforma")));
    return mail as { text: string; html: string };
  };

  test("carries the booking's signed Pay with M-PESA link when M-PESA Express is set up, and none when not", async () => {
    const booking = await confirmedBooking();
    const link = `${env().PUBLIC_URL.replace(/\/$/, "")}${payPath(booking.reference)}`;
    const mail = await proformaMail(booking.id);
    expect(mail.text).toContain(`Pay with M-PESA: ${link}`);
    expect(mail.html).toContain(link);

    await db().delete(darajaCredentials);
    const unset = await proformaMail((await confirmedBooking()).id);
    expect(unset.text).not.toContain("Pay with M-PESA");
    expect(unset.text).not.toContain("/pay/");
  });
});
