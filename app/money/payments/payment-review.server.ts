import { and, asc, count, eq } from "drizzle-orm";
import { findBookingByReference, lockBooking } from "#app/booking/index.server";
import { paymentReviews, payments } from "#app/money/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import type { PAYMENT_METHODS, PAYMENT_SOURCES } from "#app/platform/db/enums";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { formatKes } from "#app/utils/cents";
import { type LedgerOutcome, recordPayment } from "./payment.server";

export type PaymentReview = typeof paymentReviews.$inferSelect;

export type HeldPayment = {
  method: (typeof PAYMENT_METHODS)[number];
  source: (typeof PAYMENT_SOURCES)[number];
  transactionCode: string;
  amountCents: number | null;
  receivedOn: string | null;
  payer: string | null;
  payerPhone: string | null;
  accountReference: string | null;
  reasons: string[];
  payload: Record<string, unknown>;
};

/**
 * Keeps a payment that cannot go into the ledger as it came, whole, for a person to decide on. Held once per
 * receipt: a replay changes nothing, and a receipt already in the ledger is not held again.
 */
export async function holdPaymentForReview(tx: Executor, held: HeldPayment, actor: AuditActor) {
  const [inLedger] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.method, held.method), eq(payments.transactionCode, held.transactionCode)));
  if (inLedger) return { status: "in-ledger" as const };
  const [row] = await tx.insert(paymentReviews).values(held).onConflictDoNothing().returning();
  if (!row) return { status: "duplicate" as const };
  await recordAudit(tx, actor, {
    action: "Held payment for review",
    tableName: "payment_reviews",
    recordId: row.id,
    newValues: {
      code: row.transactionCode,
      amount: row.amountCents === null ? null : formatKes(row.amountCents),
      reasons: row.reasons,
    },
  });
  return { status: "held" as const, review: row };
}

export async function listOpenPaymentReviews() {
  return db()
    .select()
    .from(paymentReviews)
    .where(eq(paymentReviews.state, "open"))
    .orderBy(asc(paymentReviews.createdAt))
    .limit(200);
}

export async function countOpenPaymentReviews(executor: Executor = db()) {
  const [row] = await executor
    .select({ n: count() })
    .from(paymentReviews)
    .where(eq(paymentReviews.state, "open"));
  return row?.n ?? 0;
}

async function lockOpenReview(tx: Executor, id: string) {
  const [review] = await tx
    .select()
    .from(paymentReviews)
    .where(and(eq(paymentReviews.id, id), eq(paymentReviews.state, "open")))
    .for("update");
  return review ?? null;
}

/**
 * A person has checked a held payment: it goes into the ledger with the amount and date they confirmed (and
 * the booking reference they give, or the one it came with), and the review is closed with it.
 */
export async function recordReviewedPayment(
  actor: AuditActor,
  id: string,
  checked: { amountCents: number; receivedOn: string; reference: string | null },
): Promise<LedgerOutcome> {
  return moneyTransaction(async (tx) => {
    // the booking it will pay first, as every money transaction locks: then the review, then the ledger
    const [held] = await tx
      .select({ reference: paymentReviews.accountReference })
      .from(paymentReviews)
      .where(eq(paymentReviews.id, id));
    const bookingId = await findBookingByReference(tx, checked.reference ?? held?.reference ?? null);
    if (bookingId) await lockBooking(tx, bookingId);
    const review = await lockOpenReview(tx, id);
    if (!review) return { ok: false, status: 409, message: "That payment was already dealt with." };
    const outcome = await recordPayment(
      tx,
      {
        method: review.method,
        amountCents: checked.amountCents,
        receivedOn: checked.receivedOn,
        transactionCode: review.transactionCode,
        payer: review.payer,
        payerPhone: review.payerPhone,
        accountReference: checked.reference ?? review.accountReference,
        bookingId,
        source: review.source,
      },
      actor,
    );
    const paymentId = outcome.status === "recorded" ? outcome.payment.id : (outcome.existing?.id ?? null);
    await tx
      .update(paymentReviews)
      .set({
        state: "recorded",
        paymentId,
        resolvedBy: actor.email ?? "system",
        resolvedAt: new Date(),
        resolution: `Recorded as ${formatKes(checked.amountCents)} received on ${checked.receivedOn}`,
      })
      .where(eq(paymentReviews.id, id));
    await recordAudit(tx, actor, {
      action: "Recorded reviewed payment",
      tableName: "payment_reviews",
      recordId: id,
      oldValues: { amount: review.amountCents, received_on: review.receivedOn },
      newValues: { amount: checked.amountCents, received_on: checked.receivedOn, payment_id: paymentId },
    });
    return outcome.status === "recorded"
      ? { ok: true, message: `${review.transactionCode}: ${formatKes(checked.amountCents)} recorded.` }
      : { ok: true, message: `${review.transactionCode} was already in the ledger; the review is closed.` };
  });
}

/** A held payment that is not the firm's money (a test, a forgery): closed with the reason, never recorded. */
export async function dismissPaymentReview(
  actor: AuditActor,
  id: string,
  reason: string,
): Promise<LedgerOutcome> {
  return moneyTransaction(async (tx) => {
    const review = await lockOpenReview(tx, id);
    if (!review) return { ok: false, status: 409, message: "That payment was already dealt with." };
    await tx
      .update(paymentReviews)
      .set({
        state: "dismissed",
        resolvedBy: actor.email ?? "system",
        resolvedAt: new Date(),
        resolution: reason,
      })
      .where(eq(paymentReviews.id, id));
    await recordAudit(tx, actor, {
      action: "Dismissed payment review",
      tableName: "payment_reviews",
      recordId: id,
      newValues: { code: review.transactionCode, reason },
    });
    return { ok: true, message: `${review.transactionCode} was dismissed.` };
  });
}
