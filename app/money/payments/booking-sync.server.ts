import type { AuditActor } from "#app/platform/audit.server";
import type { Executor } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { FINANCE_PROFILE_INCOMPLETE } from "#app/platform/settings/settings";
import { type InvoiceOutcome, reviseBookingInvoice } from "../documents/finance-document.server";
import { deriveBookingStatus } from "./booking-status.server";
import { settleBooking } from "./payment.server";

/**
 * After a participant changed (status, date): the booking's status, then its invoice — a confirmed booking
 * gets its proforma, a changed one a new version, a cancelled one a credit note — then its payment state
 * against the new invoice (money paid before the invoice, or an invoice made smaller, can settle it). A
 * booking that cannot be invoiced yet (no price) keeps its status change; the run page says what is missing.
 * Answers what happened to the invoice (null without a booking).
 */
export async function syncBooking(tx: Executor, bookingId: string | null, actor: AuditActor) {
  if (!bookingId) return null;
  await deriveBookingStatus(tx, bookingId);
  const invoiced = await reviseBookingInvoice(tx, bookingId, actor);
  if (invoiced.ok && invoiced.document) await settleBooking(tx, bookingId, actor);
  return invoiced;
}

/**
 * What the person who changed a participant must hear of the invoice: that none could be issued for want of
 * the finance profile (their change stands); nothing otherwise.
 */
export function invoiceNote(invoiced: InvoiceOutcome | null) {
  return invoiced && !invoiced.ok && invoiced.profileIncomplete ? FINANCE_PROFILE_INCOMPLETE : undefined;
}

/** The run page's "Issue proforma": issues or re-sends the booking's invoice now, in its own transaction. */
export function invoiceBookingNow(actor: AuditActor, bookingId: string) {
  return moneyTransaction(async (tx) => {
    const invoiced = await reviseBookingInvoice(tx, bookingId, actor, { onDemand: true });
    if (invoiced.ok) await settleBooking(tx, bookingId, actor);
    return invoiced;
  });
}
