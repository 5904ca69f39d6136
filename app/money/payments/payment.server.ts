import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import {
  findBookingByReference,
  type LockedBooking,
  lockBooking,
  setParticipantsPaid,
} from "#app/booking/index.server";
import { bookings } from "#app/booking/tables.server";
import { paymentReviews, payments, withholdingCertificates } from "#app/money/tables.server";
import type { AuditActor } from "#app/platform/audit.server";
import { recordAudit } from "#app/platform/audit.server";
import type { Executor } from "#app/platform/db/client.server";
import type { PAYMENT_METHODS, PAYMENT_SOURCES } from "#app/platform/db/enums";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { formatKes } from "#app/utils/cents";
import {
  PAYMENT_METHOD_LABELS as METHOD_LABELS,
  type PaymentState,
  settledInCash,
  settlement,
} from "#app/utils/payment-state";
import { type FinanceDocument, issueReceipt, openProforma } from "../documents/finance-document.server";
import { syncTaxInvoice } from "../etims/tax-invoice.server";
import { paymentRecordedAudit } from "./payment-audit.server";
import { queueReceipt } from "./receipt-queue.server";

export type Payment = typeof payments.$inferSelect;
export type NewPayment = {
  method: (typeof PAYMENT_METHODS)[number];
  amountCents: number;
  receivedOn: string;
  transactionCode: string | null;
  payer: string | null;
  /** the payer's number as the provider sent it (M-PESA: plain, masked or hashed) */
  payerPhone?: string | null;
  accountReference: string | null;
  bookingId: string | null;
  source: (typeof PAYMENT_SOURCES)[number];
};

export type Balance = {
  invoicedCents: number;
  paidCents: number;
  /** what the open invoice expects withheld (income tax and VAT) and the certificates recorded (decision 0745) */
  withheldCents: number;
  certifiedCents: number;
  /** withheld and not yet certified: not debt */
  certificatesDueCents: number;
  /** the cash still owed; negative: paid beyond the invoice */
  balanceCents: number;
  state: PaymentState;
};

/** The live withholding certificates of a booking, summed. */
export async function certifiedCents(executor: Executor, bookingId: string) {
  const [row] = await executor
    .select({ cents: sql<string>`coalesce(sum(${withholdingCertificates.amountCents}), 0)` })
    .from(withholdingCertificates)
    .where(and(eq(withholdingCertificates.bookingId, bookingId), isNull(withholdingCertificates.voidedAt)));
  return Number(row?.cents ?? 0);
}

/**
 * What a booking owes: its open proforma against the ledger and its withholding certificates (DESIGN §7: derived,
 * never stored; the rule is `settlement`, decision 0745).
 */
export async function bookingBalance(
  executor: Executor,
  bookingId: string,
  proforma?: FinanceDocument | null,
): Promise<Balance> {
  const invoice = proforma === undefined ? await openProforma(executor, bookingId) : proforma;
  const [row] = await executor
    .select({ paid: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
    .from(payments)
    .where(eq(payments.bookingId, bookingId));
  const invoicedCents = invoice?.totalCents ?? 0;
  const paidCents = Number(row?.paid ?? 0);
  const withheldCents = invoice ? invoice.whtCents + invoice.whvatCents : 0;
  const certified = await certifiedCents(executor, bookingId);
  const settled = settlement(invoicedCents, paidCents, withheldCents, certified);
  return {
    invoicedCents,
    paidCents,
    withheldCents,
    certifiedCents: certified,
    certificatesDueCents: settled.certificatesDueCents,
    balanceCents: settled.balanceCents,
    state: settled.state,
  };
}

/**
 * When a booking's receipt is issued: in the transaction that paid it ("now"), or after that transaction
 * commits ("after-commit": a receipt job, see receipt-after-commit.server.ts), for a caller that must answer
 * without waiting for a PDF.
 */
export type ReceiptTiming = { receipt?: "now" | "after-commit" };

/**
 * After the ledger (or its withholding certificates) changed for a booking: paid in cash (the certificates may
 * still be due, decision 0745) moves its live registrations to "paid"; each payment gets its receipt; a reversal
 * that leaves it short moves them back to "confirmed"; the eTIMS tax invoice is queued or credited to match.
 * Audited.
 */
export async function settleBooking(
  tx: Executor,
  bookingId: string,
  actor: AuditActor,
  { receipt = "now" }: ReceiptTiming = {},
) {
  const booking = await lockBooking(tx, bookingId);
  if (!booking) return;
  const proforma = await openProforma(tx, bookingId);
  const balance = await bookingBalance(tx, bookingId, proforma);
  const paid = settledInCash(balance.state);
  // the eTIMS sale follows the money too: queued when due, credited when it no longer holds
  await syncTaxInvoice(tx, booking, proforma, paid, actor);
  // money paid before any invoice is not left quiet: each payment gets its advance receipt (issue 45)
  if (balance.invoicedCents === 0) {
    if (balance.paidCents <= 0) return;
    if (receipt === "after-commit") await queueReceipt(tx, bookingId);
    else await receiptEachPayment(tx, booking, null, 0, actor);
    return;
  }
  await setParticipantsPaid(tx, bookingId, paid, actor, {
    booking: booking.reference,
    balance_cents: balance.balanceCents,
  });
  if (receipt === "after-commit") await queueReceipt(tx, bookingId);
  else await receiptEachPayment(tx, booking, proforma, cashExpected(proforma), actor);
}

/**
 * What an invoice expects in cash: its total less what the buyer withholds (decision 0745). A receipt's balance
 * counts the payments against it, so a payment short by exactly the withheld amounts reads "nothing left to pay".
 */
export const cashExpected = (proforma: FinanceDocument | null) =>
  proforma ? proforma.totalCents - proforma.whtCents - proforma.whvatCents : 0;

/**
 * A receipt for every payment of the booking that has none yet, part payments included, each with the balance
 * after it: the ledger in the order received, so a receipt issued late (a payment made before the invoice, a
 * receipt job after the commit, or while the finance profile was incomplete) still states the balance as it stood
 * after that payment. A payment later reversed gets no receipt if it had none. Issues `most` at most; returns how
 * many it issued. `invoicedCents` is what the invoice expects in cash (`cashExpected`).
 */
export async function receiptEachPayment(
  tx: Executor,
  booking: LockedBooking,
  proforma: FinanceDocument | null,
  invoicedCents: number,
  actor: AuditActor,
  { most = Number.POSITIVE_INFINITY } = {},
) {
  const ledger = await tx
    .select({
      payment: payments,
      receipted: sql<boolean>`exists (select 1 from finance_documents d where d.payment_id = payments.id)`,
      reversed: sql<boolean>`exists (select 1 from payments r where r.reverses_id = payments.id)`,
    })
    .from(payments)
    .where(eq(payments.bookingId, booking.id))
    .orderBy(asc(payments.receivedOn), asc(payments.createdAt));
  let paidCents = 0;
  let issuedCount = 0;
  for (const { payment, receipted, reversed } of ledger) {
    paidCents += payment.amountCents;
    if (receipted || reversed || payment.amountCents <= 0) continue;
    if (issuedCount >= most) break;
    const issued = await issueReceipt(
      tx,
      booking,
      proforma,
      {
        id: payment.id,
        receivedOn: payment.receivedOn,
        method: METHOD_LABELS[payment.method],
        code: payment.transactionCode,
        amountCents: payment.amountCents,
      },
      invoicedCents - paidCents,
      actor,
    );
    // an incomplete finance profile: none can be issued now; the next settling issues them all
    if (!issued) break;
    issuedCount++;
  }
  return issuedCount;
}

/**
 * Payments held for review (payment_reviews) that these ledger rows now account for, by method and receipt
 * code: the same money arrived again by a statement, a callback or by hand, so the review is closed with it.
 */
export async function closeReviewsOf(tx: Executor, recorded: Payment[], actor: AuditActor) {
  const coded = recorded.filter((p) => p.transactionCode);
  if (coded.length === 0) return;
  await tx
    .update(paymentReviews)
    .set({
      state: "recorded",
      paymentId: sql`(select p.id from payments p where p.method = payment_reviews.method and p.transaction_code = payment_reviews.transaction_code)`,
      resolvedBy: actor.email ?? "system",
      resolvedAt: new Date(),
      resolution: "Recorded when the same receipt arrived again",
    })
    .where(
      and(
        eq(paymentReviews.state, "open"),
        or(
          ...coded.map((p) =>
            and(
              eq(paymentReviews.method, p.method),
              eq(paymentReviews.transactionCode, p.transactionCode as string),
            ),
          ),
        ),
      ),
    );
}

export type RecordOutcome =
  | { status: "recorded"; payment: Payment }
  | { status: "duplicate"; existing: Payment | null };

/**
 * Adds a payment to the ledger, in the caller's transaction (a `moneyTransaction`). The same transaction code
 * for the same method is recorded once whatever the route it arrives by (callback, statement, by hand): a
 * repeat changes nothing. Without a booking, the account reference is matched to one; a payment that matches
 * none waits unassigned. A payment held for review with the same code is closed by it.
 *
 * Locks: the booking row first (FOR UPDATE), before the insert takes its foreign-key share lock on it. Taking
 * the share lock first let two payments for one booking each hold it and wait for the other's FOR UPDATE: a
 * deadlock on PostgreSQL that lost one of them.
 */
export async function recordPayment(
  tx: Executor,
  input: NewPayment,
  actor: AuditActor,
  timing: ReceiptTiming = {},
): Promise<RecordOutcome> {
  const bookingId = input.bookingId ?? (await findBookingByReference(tx, input.accountReference));
  if (bookingId) await lockBooking(tx, bookingId);
  const code = input.transactionCode?.trim().toUpperCase() || null;
  const [payment] = await tx
    .insert(payments)
    // stamped at the insert, under the booking's lock, not at the transaction's start: two parts recorded at
    // once keep the order they were written in, the order each receipt's balance is counted in
    .values({
      ...input,
      transactionCode: code,
      bookingId,
      recordedBy: actor.email ?? "system",
      createdAt: sql`clock_timestamp()`,
    })
    .onConflictDoNothing()
    .returning();
  if (!payment) {
    const [existing] = code
      ? await tx
          .select()
          .from(payments)
          .where(and(eq(payments.method, input.method), eq(payments.transactionCode, code)))
      : [];
    return { status: "duplicate", existing: existing ?? null };
  }
  await closeReviewsOf(tx, [payment], actor);
  await recordAudit(tx, actor, paymentRecordedAudit(payment));
  if (payment.bookingId) await settleBooking(tx, payment.bookingId, actor, timing);
  return { status: "recorded", payment };
}

export type LedgerOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

/** A counter-entry for a payment recorded in error, with the reason; the payment itself stays. */
export async function reversePayment(
  actor: AuditActor,
  paymentId: string,
  reason: string,
): Promise<LedgerOutcome> {
  return moneyTransaction(async (tx) => {
    // the booking before the payment row: every money transaction locks in that order
    const [owner] = await tx
      .select({ bookingId: payments.bookingId })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (owner?.bookingId) await lockBooking(tx, owner.bookingId);
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!payment || payment.amountCents < 0) {
      return { ok: false, status: 404, message: "That payment is not in the ledger." };
    }
    const [reversal] = await tx
      .insert(payments)
      .values({
        method: payment.method,
        amountCents: -payment.amountCents,
        receivedOn: payment.receivedOn,
        payer: payment.payer,
        bookingId: payment.bookingId,
        reversesId: payment.id,
        reason,
        source: "manual",
        recordedBy: actor.email ?? "system",
        createdAt: sql`clock_timestamp()`,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (!reversal) return { ok: false, status: 409, message: "This payment was already reversed." };
    await recordAudit(tx, actor, {
      action: "Reversed payment",
      tableName: "payments",
      recordId: payment.id,
      oldValues: { amount: formatKes(payment.amountCents), code: payment.transactionCode },
      newValues: { reversal_id: reversal.id, reason },
    });
    if (payment.bookingId) await settleBooking(tx, payment.bookingId, actor);
    return {
      ok: true,
      message: `${formatKes(payment.amountCents)} (${payment.transactionCode ?? METHOD_LABELS[payment.method]}) was reversed.`,
    };
  });
}

/** Gives an unmatched payment its booking (once; the ledger trigger refuses any other change). */
export async function assignPayment(
  actor: AuditActor,
  paymentId: string,
  reference: string,
): Promise<LedgerOutcome> {
  return moneyTransaction(async (tx) => {
    const bookingId = await findBookingByReference(tx, reference);
    if (!bookingId)
      return { ok: false, status: 400, message: `No booking has the reference "${reference}".` };
    await lockBooking(tx, bookingId);
    const [payment] = await tx
      .update(payments)
      .set({ bookingId })
      .where(and(eq(payments.id, paymentId), isNull(payments.bookingId)))
      .returning();
    if (!payment)
      return { ok: false, status: 409, message: "That payment is already assigned to a booking." };
    const [booking] = await tx
      .select({ reference: bookings.reference })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    await recordAudit(tx, actor, {
      action: "Assigned payment to booking",
      tableName: "payments",
      recordId: payment.id,
      oldValues: { booking_id: null },
      newValues: { booking_id: bookingId, booking: booking?.reference },
    });
    await settleBooking(tx, bookingId, actor);
    return {
      ok: true,
      message: `${formatKes(payment.amountCents)} (${payment.transactionCode ?? METHOD_LABELS[payment.method]}) now pays ${booking?.reference}.`,
    };
  });
}
