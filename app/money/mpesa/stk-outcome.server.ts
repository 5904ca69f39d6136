import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { bookings } from "#app/booking/tables.server";
import { mpesaStkPushes } from "#app/money/tables.server";
import type { AuditActor } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { logger } from "#app/platform/logger.server";
import { formatKes, parseCents } from "#app/utils/cents";
import { now } from "#app/utils/clock";
import { hasControlCharacters, showControlCharacters } from "#app/utils/control-characters";
import { safaricomMsisdn } from "#app/utils/phone";
import { getFinanceProfile } from "../documents/finance-profile.server";
import { queryStkPush } from "./daraja.server";
import { confirmC2B } from "./mpesa-callback.server";
import { type StkCallback, stkMetadata } from "./stk-callback.server";
import { duePushes, mpesaPaymentId, STK_QUERY_AFTER_MS, type StkPush } from "./stk-push.server";
import { stkSetup } from "./stk-setup.server";

/** A prompt still unanswered this long after it was sent is given up as unknown: its phone prompt has long gone. */
const GIVE_UP_AFTER_MS = 15 * 60_000;
/** How often the sweep asks again about one prompt. */
const QUERY_EVERY_MS = 60_000;

const OPEN_STATES = ["sending", "pending", "unknown"] as const;

export type StkCallbackOutcome = { ok: true } | { ok: false; message: string };

async function findPush(checkoutRequestId: string) {
  // no prompt of ours has an ID with a control character, and PostgreSQL cannot even compare one with a NUL
  if (hasControlCharacters(checkoutRequestId, { oneLine: true })) return null;
  const [push] = await db()
    .select()
    .from(mpesaStkPushes)
    .where(eq(mpesaStkPushes.checkoutRequestId, checkoutRequestId));
  return push ?? null;
}

/** A prompt's failure, written once and only over an open state: a paid prompt never turns failed. */
async function markFailed(push: StkPush, resultCode: string, resultDesc: string | null) {
  await db()
    .update(mpesaStkPushes)
    .set({ state: "failed", resultCode, resultDesc, updatedAt: now() })
    .where(and(eq(mpesaStkPushes.id, push.id), inArray(mpesaStkPushes.state, [...OPEN_STATES])));
}

/**
 * Why a success callback needs a person's eye before its money goes into the ledger: the secret path is the only
 * credential Daraja gives, so a success that does not answer a prompt of ours, or answers it with another
 * amount or phone, waits for review instead of paying a booking.
 */
function successDoubts(
  push: StkPush | null,
  checkoutRequestId: string,
  amountCents: number | null,
  phone: string | null,
) {
  if (!push) {
    return [
      `No M-PESA Express prompt of ours has CheckoutRequestID “${showControlCharacters(checkoutRequestId)}”.`,
    ];
  }
  const doubts: string[] = [];
  if (amountCents !== null && amountCents !== push.amountCents) {
    doubts.push(`Paid ${formatKes(amountCents)} where the prompt asked for ${formatKes(push.amountCents)}.`);
  }
  if (phone !== null && safaricomMsisdn(phone) !== push.phone) {
    doubts.push("Paid from another phone number than the one prompted.");
  }
  return doubts;
}

/**
 * Daraja's callback for a prompt. A failure closes the prompt with its result code. A success is an M-PESA
 * receipt like any other and is recorded by the same function as a C2B confirmation (`confirmC2B`), so the
 * receipt code makes one payment whichever of the callback, the confirmation or the statement comes first.
 * A success without a receipt code is refused: there is nothing to record it by.
 */
export async function applyStkCallback(
  callback: StkCallback,
  actor: AuditActor,
): Promise<StkCallbackOutcome> {
  const result = callback.Body.stkCallback;
  const push = await findPush(result.CheckoutRequestID);
  if (result.ResultCode !== "0") {
    // what Daraja said is kept as text a person can read and PostgreSQL can store (a NUL it cannot)
    const [code, desc] = [result.ResultCode, result.ResultDesc].map((text) =>
      text === undefined ? null : showControlCharacters(text),
    );
    if (push) await markFailed(push, code ?? "", desc ?? null);
    else logger.warn({ checkout: result.CheckoutRequestID }, "M-PESA Express failure for an unknown prompt");
    return { ok: true };
  }
  const meta = stkMetadata(result);
  if (!meta.receipt || !meta.amount) {
    return { ok: false, message: "CallbackMetadata lacks the Amount or the MpesaReceiptNumber" };
  }
  const { paybill } = await getFinanceProfile(db());
  const [booking] = push
    ? await db()
        .select({ reference: bookings.reference })
        .from(bookings)
        .where(eq(bookings.id, push.bookingId))
    : [];
  await confirmC2B(
    {
      TransactionType: "CustomerPayBillOnline",
      TransID: meta.receipt,
      TransTime: meta.transactionDate ?? "",
      TransAmount: meta.amount,
      BusinessShortCode: paybill,
      BillRefNumber: booking?.reference ?? "",
      InvoiceNumber: "",
      OrgAccountBalance: "",
      ThirdPartyTransID: result.MerchantRequestID,
      MSISDN: meta.phone ?? "",
      FirstName: "",
      MiddleName: "",
      LastName: "",
    },
    actor,
    {
      source: "mpesa_stk",
      bookingId: push?.bookingId ?? null,
      reviewReasons: successDoubts(push, result.CheckoutRequestID, parseCents(meta.amount), meta.phone),
    },
  );
  const code = meta.receipt.trim().toUpperCase();
  const paymentId = push ? await mpesaPaymentId(db(), code, push.bookingId) : null;
  // held for review (or a code that paid another booking), the prompt stays open: the query tells how it ended
  if (push && paymentId) {
    await db()
      .update(mpesaStkPushes)
      .set({
        state: "paid",
        resultCode: "0",
        resultDesc: result.ResultDesc === undefined ? null : showControlCharacters(result.ResultDesc),
        receiptCode: code,
        paymentId,
        updatedAt: now(),
      })
      .where(
        and(
          eq(mpesaStkPushes.id, push.id),
          or(inArray(mpesaStkPushes.state, [...OPEN_STATES]), isNull(mpesaStkPushes.paymentId)),
        ),
      );
  }
  return { ok: true };
}

/**
 * The STK Query for one prompt whose callback has not come: its result closes it (a success without the receipt
 * code, which only the callback, the C2B confirmation or the statement carries, shows as paid and waits for it);
 * "still processing" leaves it open; a prompt unanswered for long is given up as unknown.
 */
async function queryPush(push: StkPush) {
  const setup = await stkSetup();
  if (!setup || !push.checkoutRequestId) return;
  const answer = await queryStkPush(setup.credentials, push.checkoutRequestId);
  const open = and(eq(mpesaStkPushes.id, push.id), eq(mpesaStkPushes.state, "pending"));
  if (answer.kind === "result") {
    if (answer.resultCode === "0") {
      await db()
        .update(mpesaStkPushes)
        .set({
          state: "paid",
          resultCode: "0",
          resultDesc: answer.resultDesc,
          queriedAt: now(),
          updatedAt: now(),
        })
        .where(open);
    } else {
      await markFailed(push, answer.resultCode, answer.resultDesc);
    }
    return;
  }
  const givenUp = now().getTime() - push.createdAt.getTime() > GIVE_UP_AFTER_MS;
  await db()
    .update(mpesaStkPushes)
    .set(
      givenUp
        ? {
            state: "unknown",
            resultDesc: "M-PESA never said how the prompt ended.",
            queriedAt: now(),
            updatedAt: now(),
          }
        : { queriedAt: now() },
    )
    .where(open);
}

/** "Check again": asks M-PESA about the booking's prompt once its callback is two minutes late. */
export async function checkStkPush(bookingId: string) {
  for (const push of await duePushes(db(), bookingId)) await queryPush(push);
}

/**
 * The periodic pass: claims the late prompts not asked about in the last minute (SKIP LOCKED, so processes share
 * them) and asks M-PESA about each.
 */
export async function sweepStkPushes() {
  const claimed = await db().transaction(async (tx) => {
    const late = new Date(now().getTime() - QUERY_EVERY_MS);
    const due = await tx
      .select({ id: mpesaStkPushes.id })
      .from(mpesaStkPushes)
      .where(
        and(
          eq(mpesaStkPushes.state, "pending"),
          lt(mpesaStkPushes.createdAt, new Date(now().getTime() - STK_QUERY_AFTER_MS)),
          or(isNull(mpesaStkPushes.queriedAt), lt(mpesaStkPushes.queriedAt, late)),
        ),
      )
      .limit(20)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mpesaStkPushes)
      .set({ queriedAt: now() })
      .where(
        inArray(
          mpesaStkPushes.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
  for (const push of claimed) await queryPush(push);
  return claimed.length;
}
