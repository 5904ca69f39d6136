import { and, desc, eq, inArray, lt } from "drizzle-orm";
import { lockBooking } from "#app/booking/index.server";
import { bookings } from "#app/booking/tables.server";
import { mpesaStkPushes, payments } from "#app/money/tables.server";
import type { AuditActor } from "#app/platform/audit.server";
import { recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { logger } from "#app/platform/logger.server";
import { getSetting } from "#app/platform/settings/setting.server";
import { formatKes } from "#app/utils/cents";
import { now } from "#app/utils/clock";
import { safaricomMsisdn } from "#app/utils/phone";
import { openProforma, reviseBookingInvoice } from "../documents/finance-document.server";
import { hasOpenMobileMoneyPrompt } from "../mobile-money/prompt.server";
import { bookingBalance } from "../payments/payment.server";
import { requestStkPush } from "./daraja.server";
import { overLimitMessage } from "./mpesa-limit";
import { stkStateText } from "./stk-result";
import { stkSetup } from "./stk-setup.server";

/** Daraja's callback usually comes within a minute; after two without one, the STK Query asks (issue 34). */
export const STK_QUERY_AFTER_MS = 2 * 60_000;
/** A prompt still `sending` this long after it was written belongs to a process that died mid-call. */
const SENDING_ABANDONED_MS = 2 * 60_000;

export type StkPush = typeof mpesaStkPushes.$inferSelect;
export type StkOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

const NOT_SET_UP =
  "Paying from this page is not available just now. Please pay by paybill with the details on your invoice.";

/** The booking's open prompt, if any; one left `sending` by a process that died is given up as unknown. */
async function openPush(tx: Executor, bookingId: string) {
  const [open] = await tx
    .select()
    .from(mpesaStkPushes)
    .where(
      and(eq(mpesaStkPushes.bookingId, bookingId), inArray(mpesaStkPushes.state, ["sending", "pending"])),
    );
  if (open?.state === "sending" && now().getTime() - open.createdAt.getTime() > SENDING_ABANDONED_MS) {
    await tx
      .update(mpesaStkPushes)
      .set({ state: "unknown", resultDesc: "M-PESA did not answer.", updatedAt: now() })
      .where(eq(mpesaStkPushes.id, open.id));
    return null;
  }
  return open ?? null;
}

/**
 * "Pay with M-PESA": sends a prompt for `amountCents` (the balance or a part of it, at most the M-PESA limit of
 * the `mpesa_transaction_limit` setting) to `phone`. One prompt per
 * booking at a time: under the booking's lock a second one is refused while the first is open, and the partial
 * unique index refuses it on any process. A booking without an invoice yet gets its proforma first, so the
 * payment has a document to be received against. Daraja is called outside the transaction; its answer is
 * written after.
 */
export async function startStkPush(
  bookingId: string,
  input: { phone: string; amountCents: number },
  actor: AuditActor,
): Promise<StkOutcome> {
  const setup = await stkSetup();
  if (!setup) return { ok: false, status: 409, message: NOT_SET_UP };
  const phone = safaricomMsisdn(input.phone);
  if (!phone) return { ok: false, status: 400, message: "Enter a Kenyan mobile number such as 0712 345 678" };
  // Safaricom declines a payment above the mobile-money limit: asking for one only bothers the payer's phone
  const limitShillings = await getSetting("mpesa_transaction_limit");
  if (input.amountCents > limitShillings * 100) {
    return { ok: false, status: 400, message: overLimitMessage(limitShillings) };
  }
  const opened = await moneyTransaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking || booking.status === "cancelled") {
      return {
        ok: false as const,
        status: 409,
        message: "This booking is cancelled: there is nothing to pay.",
      };
    }
    // one prompt per booking at a time, on any way (an MTN MoMo or Airtel Money one included)
    if ((await openPush(tx, bookingId)) || (await hasOpenMobileMoneyPrompt(tx, bookingId))) {
      return {
        ok: false as const,
        status: 409,
        message: "A prompt is already on its way to the phone. Answer it, or check again in a minute.",
      };
    }
    if (!(await openProforma(tx, bookingId))) {
      const invoiced = await reviseBookingInvoice(tx, bookingId, actor, { onDemand: true });
      if (!invoiced.ok) return { ok: false as const, status: 409, message: NOT_SET_UP };
    }
    const balance = await bookingBalance(tx, bookingId);
    if (balance.balanceCents <= 0) {
      return { ok: false as const, status: 409, message: `Booking ${booking.reference} is paid in full.` };
    }
    if (input.amountCents > balance.balanceCents) {
      return {
        ok: false as const,
        status: 400,
        message: `Enter at most the balance, ${formatKes(balance.balanceCents)}.`,
      };
    }
    const [push] = await tx
      .insert(mpesaStkPushes)
      .values({ bookingId, phone, amountCents: input.amountCents })
      .returning();
    if (!push) throw new Error("The prompt was not stored");
    await recordAudit(tx, actor, {
      action: "Requested M-PESA payment prompt",
      tableName: "mpesa_stk_pushes",
      recordId: push.id,
      newValues: { booking: booking.reference, amount: formatKes(input.amountCents) },
    });
    return { ok: true as const, push, reference: booking.reference };
  });
  if (!opened.ok) return opened;
  const { push, reference } = opened;
  const answer = await requestStkPush(setup.credentials, {
    amountShillings: push.amountCents / 100,
    phone,
    callbackUrl: setup.callbackUrl,
    accountReference: reference,
    description: `Booking ${reference}`.slice(0, 13),
  });
  const update =
    answer.kind === "accepted"
      ? {
          state: "pending" as const,
          merchantRequestId: answer.merchantRequestId,
          checkoutRequestId: answer.checkoutRequestId,
        }
      : answer.kind === "refused"
        ? { state: "failed" as const, resultCode: answer.code, resultDesc: answer.message }
        : { state: "unknown" as const, resultDesc: answer.message };
  const [written] = await db()
    .update(mpesaStkPushes)
    .set({ ...update, updatedAt: now() })
    .where(and(eq(mpesaStkPushes.id, push.id), eq(mpesaStkPushes.state, "sending")))
    .returning();
  if (answer.kind !== "accepted") logger.warn({ push: push.id, answer }, "M-PESA Express prompt not sent");
  const shown = written ?? push;
  return answer.kind === "accepted"
    ? { ok: true, message: stkStateText(shown) }
    : { ok: false, status: 409, message: stkStateText(shown) };
}

/** Shows a number as 0712 ••• 678: enough for the payer to recognise it, not for a passer-by to read it. */
const maskedPhone = (msisdn: string) => `0${msisdn.slice(3, 6)} ••• ${msisdn.slice(-3)}`;

/** The booking's newest prompt as its page shows it, or null before the first. */
export async function stkPushView(bookingId: string, executor: Executor = db()) {
  const [push] = await executor
    .select()
    .from(mpesaStkPushes)
    .where(eq(mpesaStkPushes.bookingId, bookingId))
    .orderBy(desc(mpesaStkPushes.createdAt))
    .limit(1);
  if (!push) return null;
  return {
    state: push.state,
    open: push.state === "sending" || push.state === "pending",
    amountCents: push.amountCents,
    phone: maskedPhone(push.phone),
    message: stkStateText(push),
    requestedAt: push.createdAt.toISOString(),
  };
}
export type StkPushView = NonNullable<Awaited<ReturnType<typeof stkPushView>>>;

/** The pushes of a booking that a query may settle: open, and past the callback's two minutes. */
export async function duePushes(executor: Executor, bookingId?: string) {
  const before = new Date(now().getTime() - STK_QUERY_AFTER_MS);
  return executor
    .select()
    .from(mpesaStkPushes)
    .where(
      and(
        eq(mpesaStkPushes.state, "pending"),
        lt(mpesaStkPushes.createdAt, before),
        bookingId ? eq(mpesaStkPushes.bookingId, bookingId) : undefined,
      ),
    );
}

/** The booking a prompt belongs to, by reference: the page's address carries the reference. */
export async function bookingIdByReference(reference: string) {
  const [row] = await db()
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.reference, reference));
  return row?.id ?? null;
}

/** The ledger row of an M-PESA receipt code that paid this booking, once it is there. */
export async function mpesaPaymentId(executor: Executor, code: string, bookingId: string) {
  const [row] = await executor
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.method, "mpesa"),
        eq(payments.transactionCode, code),
        eq(payments.bookingId, bookingId),
      ),
    );
  return row?.id ?? null;
}
