import crypto from "node:crypto";
import { C2B_ACCEPTED, type C2BAnswer, type C2BCallback, readC2B } from "#app/money/mpesa/mpesa.server";
import type { AuditActor } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { logger } from "#app/platform/logger.server";
import { getSettings } from "#app/platform/settings/setting.server";
import { today } from "#app/utils/dates";
import { getFinanceProfile } from "../documents/finance-profile.server";
import { holdPaymentForReview } from "../payments/payment-review.server";
import { recordPaymentThenReceipt } from "../payments/receipt-after-commit.server";
import { C2B_TEST_ACCEPTED, isTestConfirmation } from "./test-confirmation.server";

const digest = (value: string) => crypto.createHash("sha256").update(value, "utf8").digest();

/**
 * Whether a callback's secret path segment is the configured one (empty = callbacks switched off). Both are
 * compared as digests of the same length, so neither the secret's length nor a multi-byte character can
 * make the comparison throw or answer sooner.
 */
export async function callbackSecretMatches(given: string) {
  const { mpesa_callback_secret: secret } = await getSettings();
  if (!secret) return false;
  return crypto.timingSafeEqual(digest(given), digest(secret));
}

/** Validation: Safaricom asks before completing the payment; we refuse only what cannot be ours. */
export async function validateC2B(callback: C2BCallback): Promise<C2BAnswer> {
  const { paybill } = await getFinanceProfile(db());
  return readC2B(callback, paybill, today()).validation;
}

/**
 * How a receipt came when it did not come as a C2B confirmation: an M-PESA Express callback names its booking
 * by the prompt it answers, and may carry reasons of its own for a person to look first.
 */
export type ConfirmedVia = { source: "mpesa_stk"; bookingId: string | null; reviewReasons: string[] };

/**
 * Confirmation: the money has moved, so the payment is always kept. As it came, it goes into the ledger
 * (an unknown account number waits in the unmatched queue); anything odd about it (a date in the future or
 * not a date, an absurd amount, another shortcode, control characters) holds it for review instead, where a
 * person records or dismisses it. Idempotent by TransID: a replay finds what the first one stored. The answer
 * waits for the payment's commit, not for the receipt's PDF (decision 0652).
 */
export async function confirmC2B(
  callback: C2BCallback,
  actor: AuditActor,
  via?: ConfirmedVia,
): Promise<C2BAnswer> {
  // the settings' "Send a test confirmation" tries the URL: answered, never money
  if (!via && (await isTestConfirmation(callback))) {
    logger.info({ transId: callback.TransID }, "M-PESA test confirmation answered, not recorded");
    return C2B_TEST_ACCEPTED;
  }
  const { paybill } = await getFinanceProfile(db());
  const read = readC2B(callback, paybill, today());
  read.reviewReasons.push(...(via?.reviewReasons ?? []));
  const source = via?.source ?? "mpesa_callback";
  if (read.reviewReasons.length > 0 || read.amountCents === null || read.receivedOn === null) {
    const held = await moneyTransaction((tx) =>
      holdPaymentForReview(
        tx,
        {
          method: "mpesa",
          source,
          transactionCode: read.code,
          amountCents: read.amountCents,
          receivedOn: read.receivedOn,
          payer: read.payer,
          payerPhone: read.payerPhone,
          accountReference: read.accountReference || null,
          reasons: read.reviewReasons,
          payload: read.payload,
        },
        actor,
      ),
    );
    logger.warn(
      { transId: read.code, reasons: read.reviewReasons, held: held.status },
      "M-PESA confirmation held for review",
    );
    return C2B_ACCEPTED;
  }
  const { amountCents, receivedOn } = read;
  // Safaricom is answered once the payment commits; its receipt follows it (decision 0652)
  const outcome = await recordPaymentThenReceipt(
    {
      method: "mpesa",
      amountCents,
      receivedOn,
      transactionCode: read.code,
      payer: read.payer,
      payerPhone: read.payerPhone,
      accountReference: read.accountReference || null,
      bookingId: via?.bookingId ?? null,
      source,
    },
    actor,
  );
  if (outcome.status === "duplicate") logger.info({ transId: read.code }, "M-PESA confirmation replayed");
  return C2B_ACCEPTED;
}
