import crypto from "node:crypto";
import { db } from "#app/db/client.server";
import type { AuditActor } from "#app/services/audit.server";
import { logger } from "#app/services/logger.server";
import { C2B_ACCEPTED, type C2BCallback, readC2B } from "#app/services/mpesa.server";
import { getFinanceProfile } from "./finance-profile.server";
import { recordPayment } from "./payment.server";
import { getSettings } from "./setting.server";

export type C2BAnswer = { ResultCode: string; ResultDesc: string };

/** Whether a callback's secret path segment is the configured one (empty = callbacks switched off). */
export async function callbackSecretMatches(given: string) {
  const { mpesa_callback_secret: secret } = await getSettings();
  if (!secret || given.length !== secret.length) return false;
  return crypto.timingSafeEqual(Buffer.from(given), Buffer.from(secret));
}

/** Validation: Safaricom asks before completing the payment; we refuse only what cannot be ours. */
export async function validateC2B(callback: C2BCallback): Promise<C2BAnswer> {
  const { paybill } = await getFinanceProfile(db());
  const read = readC2B(callback, paybill);
  return read.ok ? C2B_ACCEPTED : read.answer;
}

/**
 * Confirmation: the money has moved, so the payment is recorded whatever its account number says (an
 * unknown one waits in the unmatched queue). Idempotent by TransID: a replay finds the recorded payment.
 */
export async function confirmC2B(callback: C2BCallback, actor: AuditActor): Promise<C2BAnswer> {
  return db().transaction(async (tx) => {
    const { paybill } = await getFinanceProfile(tx);
    const read = readC2B(callback, paybill);
    if (!read.ok) {
      logger.warn({ transId: callback.TransID, answer: read.answer }, "M-PESA confirmation refused");
      return read.answer;
    }
    const { payment } = read;
    const outcome = await recordPayment(
      tx,
      {
        method: "mpesa",
        amountCents: payment.amountCents,
        receivedOn: payment.receivedOn,
        transactionCode: payment.code,
        payer: payment.payer,
        accountReference: payment.accountReference,
        bookingId: null,
        source: "mpesa_callback",
      },
      actor,
    );
    if (outcome.status === "duplicate")
      logger.info({ transId: payment.code }, "M-PESA confirmation replayed");
    return C2B_ACCEPTED;
  });
}
