import { and, asc, desc, eq, getTableColumns, lte, sql } from "drizzle-orm";
import { findBookingByReference, lockBooking } from "#app/booking/index.server";
import { bookings } from "#app/booking/tables.server";
import { cheques, financeDocuments, payments } from "#app/money/tables.server";
import type { AuditActor } from "#app/platform/audit.server";
import { recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { render } from "#app/platform/email/layout.server";
import { enqueueEmails, wakeOutboxWorker } from "#app/platform/email/outbox.server";
import { formatKes } from "#app/utils/cents";
import { addDays, formatLongDate, today } from "#app/utils/dates";
import { getFinanceProfile, paymentInstructions } from "../documents/finance-profile.server";
import { bookingBalance, type LedgerOutcome, recordPayment, settleBooking } from "./payment.server";

export type Cheque = typeof cheques.$inferSelect;
export type ChequeRow = Cheque & { reference: string; receiptNumber: string | null };

export type NewCheque = {
  reference: string;
  number: string;
  bank: string;
  chequeDate: string;
  receivedOn: string;
  clearsOn: string;
  amountCents: number;
  payer: string | null;
};

/** A cheque's code in the ledger once it clears: its number and bank, so two banks' cheque 000123 stay apart. */
export const chequeLedgerCode = (cheque: Pick<Cheque, "number" | "bank">) =>
  `${cheque.number} ${cheque.bank}`.toUpperCase();

const label = (cheque: Pick<Cheque, "number" | "bank">) => `Cheque ${cheque.number} (${cheque.bank})`;

/**
 * Records a cheque received for a booking (decision 0756). It is not money yet: the booking's balance, its paid
 * state and its receipts do not change until the cheque clears. A cheque is recorded once per bank and number.
 */
export async function recordCheque(actor: AuditActor, input: NewCheque): Promise<LedgerOutcome> {
  if (input.clearsOn < input.receivedOn) {
    return { ok: false, status: 400, message: "A cheque cannot clear before it was received." };
  }
  if (input.chequeDate < addDays(input.receivedOn, -183)) {
    return {
      ok: false,
      status: 400,
      message:
        "That cheque is dated more than six months before it was received: it is stale and no bank clears it.",
    };
  }
  if (input.clearsOn < input.chequeDate) {
    return { ok: false, status: 400, message: "A post-dated cheque cannot clear before its date." };
  }
  return moneyTransaction(async (tx) => {
    const bookingId = await findBookingByReference(tx, input.reference);
    if (!bookingId) {
      return { ok: false, status: 400, message: `No booking has the reference "${input.reference}".` };
    }
    const booking = await lockBooking(tx, bookingId);
    if (!booking)
      return { ok: false, status: 400, message: `No booking has the reference "${input.reference}".` };
    const [cheque] = await tx
      .insert(cheques)
      .values({
        bookingId,
        number: input.number,
        bank: input.bank,
        chequeDate: input.chequeDate,
        receivedOn: input.receivedOn,
        clearsOn: input.clearsOn,
        amountCents: input.amountCents,
        payer: input.payer,
        recordedBy: actor.email ?? "system",
      })
      .onConflictDoNothing()
      .returning();
    if (!cheque) {
      return {
        ok: false,
        status: 409,
        message: `${label(input)} is already recorded: a cheque is recorded once.`,
      };
    }
    await recordAudit(tx, actor, {
      action: "Received cheque",
      tableName: "cheques",
      recordId: cheque.id,
      newValues: {
        number: cheque.number,
        bank: cheque.bank,
        cheque_date: cheque.chequeDate,
        clears_on: cheque.clearsOn,
        amount: formatKes(cheque.amountCents),
        booking: booking.reference,
      },
    });
    return {
      ok: true,
      message: `${label(cheque)} for ${formatKes(cheque.amountCents)} is recorded for ${booking.reference}: it pays the booking once it clears (expected ${formatLongDate(cheque.clearsOn)}).`,
    };
  });
}

/** The cheque, its booking locked first (the house order: the booking, then the rows that hang from it). */
async function lockCheque(tx: Executor, chequeId: string) {
  const [owner] = await tx
    .select({ bookingId: cheques.bookingId })
    .from(cheques)
    .where(eq(cheques.id, chequeId));
  if (!owner) return null;
  const booking = await lockBooking(tx, owner.bookingId);
  const [cheque] = await tx.select().from(cheques).where(eq(cheques.id, chequeId)).for("update");
  return booking && cheque ? { booking, cheque } : null;
}

const NOT_FOUND: LedgerOutcome = { ok: false, status: 404, message: "That cheque is not recorded." };

/**
 * The bank cleared the cheque: its payment goes into the ledger dated the day it cleared, which settles the
 * booking and issues the cheque's receipt with what remains (decision 0756).
 */
export async function clearCheque(
  actor: AuditActor,
  chequeId: string,
  clearedOn: string,
): Promise<LedgerOutcome> {
  if (clearedOn > today()) {
    return { ok: false, status: 400, message: "A cheque cannot be cleared on a day still to come." };
  }
  return moneyTransaction(async (tx) => {
    const locked = await lockCheque(tx, chequeId);
    if (!locked) return NOT_FOUND;
    const { booking, cheque } = locked;
    if (cheque.state !== "pending") {
      return { ok: false, status: 409, message: `${label(cheque)} is already ${cheque.state}.` };
    }
    if (clearedOn < cheque.receivedOn || clearedOn < cheque.chequeDate) {
      return {
        ok: false,
        status: 400,
        message: `${label(cheque)} cannot clear before ${formatLongDate(cheque.chequeDate > cheque.receivedOn ? cheque.chequeDate : cheque.receivedOn)}.`,
      };
    }
    const outcome = await recordPayment(
      tx,
      {
        method: "cheque",
        amountCents: cheque.amountCents,
        receivedOn: clearedOn,
        transactionCode: chequeLedgerCode(cheque),
        payer: cheque.payer,
        accountReference: booking.reference,
        bookingId: booking.id,
        source: "manual",
      },
      actor,
    );
    if (outcome.status === "duplicate") {
      return {
        ok: false,
        status: 409,
        message: `${chequeLedgerCode(cheque)} is already in the ledger: a payment is recorded once.`,
      };
    }
    await tx
      .update(cheques)
      .set({ state: "cleared", settledOn: clearedOn, paymentId: outcome.payment.id, updatedAt: new Date() })
      .where(eq(cheques.id, cheque.id));
    await recordAudit(tx, actor, {
      action: "Cleared cheque",
      tableName: "cheques",
      recordId: cheque.id,
      oldValues: { state: "pending" },
      newValues: { state: "cleared", settled_on: clearedOn, payment_id: outcome.payment.id },
    });
    return {
      ok: true,
      message: `${label(cheque)} cleared: ${formatKes(cheque.amountCents)} now pays ${booking.reference}.`,
    };
  });
}

export type Bounce = { bouncedOn: string; reason: string; bankChargeCents: number | null };

/**
 * The bank returned the cheque unpaid (decision 0756). One that had cleared is reversed in the ledger (its
 * receipt stands, cancelled by the reversal, and the booking owes again); one still pending never was money, so
 * the ledger is untouched. Either way the cheque is marked bounced with the reason and the bank's charge, and
 * the client is told what is owed now.
 */
export async function bounceCheque(
  actor: AuditActor,
  chequeId: string,
  bounce: Bounce,
): Promise<LedgerOutcome> {
  if (bounce.bouncedOn > today()) {
    return { ok: false, status: 400, message: "A cheque cannot be returned on a day still to come." };
  }
  const outcome = await moneyTransaction(async (tx): Promise<LedgerOutcome> => {
    const locked = await lockCheque(tx, chequeId);
    if (!locked) return NOT_FOUND;
    const { booking, cheque } = locked;
    if (cheque.state === "bounced") {
      return { ok: false, status: 409, message: `${label(cheque)} is already marked returned unpaid.` };
    }
    if (bounce.bouncedOn < cheque.receivedOn) {
      return {
        ok: false,
        status: 400,
        message: `${label(cheque)} cannot be returned before it was received (${formatLongDate(cheque.receivedOn)}).`,
      };
    }
    let receiptNumber: string | null = null;
    if (cheque.paymentId) {
      const [reversal] = await tx
        .insert(payments)
        .values({
          method: "cheque",
          amountCents: -cheque.amountCents,
          receivedOn: bounce.bouncedOn,
          payer: cheque.payer,
          bookingId: booking.id,
          reversesId: cheque.paymentId,
          reason: `Cheque returned unpaid: ${bounce.reason}`,
          source: "manual",
          recordedBy: actor.email ?? "system",
          createdAt: sql`clock_timestamp()`,
        })
        .onConflictDoNothing()
        .returning({ id: payments.id });
      if (!reversal) {
        return {
          ok: false,
          status: 409,
          message: `${label(cheque)}'s payment was already reversed in the ledger.`,
        };
      }
      const [receipt] = await tx
        .select({ number: financeDocuments.number })
        .from(financeDocuments)
        .where(eq(financeDocuments.paymentId, cheque.paymentId));
      receiptNumber = receipt?.number ?? null;
    }
    await tx
      .update(cheques)
      .set({
        state: "bounced",
        settledOn: bounce.bouncedOn,
        bounceReason: bounce.reason,
        bankChargeCents: bounce.bankChargeCents,
        updatedAt: new Date(),
      })
      .where(eq(cheques.id, cheque.id));
    await recordAudit(tx, actor, {
      action: "Cheque returned unpaid",
      tableName: "cheques",
      recordId: cheque.id,
      oldValues: { state: cheque.state },
      newValues: {
        state: "bounced",
        settled_on: bounce.bouncedOn,
        reason: bounce.reason,
        bank_charge: bounce.bankChargeCents ? formatKes(bounce.bankChargeCents) : null,
        reversed_payment_id: cheque.paymentId,
      },
    });
    if (cheque.paymentId) {
      // the booking back to owing: participants no longer paid, the eTIMS sale credited unless an LPO holds it
      await settleBooking(tx, booking.id, actor);
    }
    const balance = await bookingBalance(tx, booking.id);
    const paymentNote = paymentInstructions(await getFinanceProfile(tx), booking.reference);
    const message = render(
      `Cheque returned unpaid (${booking.reference})`,
      [
        `Dear ${booking.contactName},`,
        `Your cheque ${cheque.number} drawn on ${cheque.bank} for ${formatKes(cheque.amountCents)}, given for booking ${booking.reference}, was returned unpaid by the bank on ${formatLongDate(bounce.bouncedOn)} (${bounce.reason}).`,
        receiptNumber
          ? `Receipt ${receiptNumber}, issued when the cheque cleared, is cancelled by this return: the amount is no longer paid.`
          : "The cheque had not cleared, so it was never counted as paid.",
        bounce.bankChargeCents
          ? `Our bank charged ${formatKes(bounce.bankChargeCents)} for the returned cheque; please add it to your payment.`
          : "",
        balance.balanceCents > 0
          ? `The booking's balance is now ${formatKes(balance.balanceCents)}. ${paymentNote}`
          : "",
      ].filter(Boolean),
      [
        ["Cheque", `${cheque.number} (${cheque.bank})`],
        ["Amount", formatKes(cheque.amountCents)],
        ["Bank charge", bounce.bankChargeCents ? formatKes(bounce.bankChargeCents) : null],
        ["Balance now", formatKes(Math.max(balance.balanceCents, 0))],
        [
          "To pay, with the charge",
          bounce.bankChargeCents
            ? formatKes(Math.max(balance.balanceCents, 0) + bounce.bankChargeCents)
            : null,
        ],
        ["Reference", booking.reference],
      ],
    );
    await enqueueEmails(tx, [
      {
        to: booking.contactEmail,
        ...message,
        kind: "cheque_returned",
        relatedTable: "cheques",
        relatedId: cheque.id,
      },
    ]);
    return {
      ok: true,
      message: `${label(cheque)} is marked returned unpaid${cheque.paymentId ? " and its payment reversed" : ""}; ${booking.contactName} is told.`,
    };
  });
  if (outcome.ok) wakeOutboxWorker();
  return outcome;
}

/** Cheques waiting to clear first (soonest expected first), then the latest cleared or returned. */
export async function listCheques(limit = 50): Promise<ChequeRow[]> {
  return db()
    .select({
      ...getTableColumns(cheques),
      reference: bookings.reference,
      receiptNumber: sql<
        string | null
      >`(select d.number from finance_documents d where d.payment_id = ${cheques.paymentId})`,
    })
    .from(cheques)
    .innerJoin(bookings, eq(bookings.id, cheques.bookingId))
    .orderBy(
      sql`${cheques.state} = 'pending' desc`,
      asc(sql`case when ${cheques.state} = 'pending' then ${cheques.clearsOn} end`),
      desc(cheques.updatedAt),
    )
    .limit(limit);
}

/** Cheques still pending on or after the day they were expected to clear: finance checks them with the bank. */
export async function chequesDueToClear(on: string) {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int`, cents: sql<string>`coalesce(sum(${cheques.amountCents}), 0)` })
    .from(cheques)
    .where(and(eq(cheques.state, "pending"), lte(cheques.clearsOn, on)));
  return { count: row?.n ?? 0, cents: Number(row?.cents ?? 0) };
}
