import { deriveBookingStatus } from "#app/booking/index.server";
import type { AuditActor } from "#app/platform/audit.server";
import type { Executor } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { FINANCE_PROFILE_INCOMPLETE } from "#app/platform/settings/settings";
import { formatKes } from "#app/utils/cents";
import { groupSiblings } from "../discounts/discount-pricing.server";
import { type InvoiceOutcome, reviseBookingInvoice } from "../documents/finance-document.server";
import { settleBooking } from "./payment.server";

/**
 * After a participant changed (status, date): the booking's status, then its invoice — a confirmed booking
 * gets its proforma, a changed one a new version, a cancelled one a credit note — then its payment state
 * against the new invoice (money paid before the invoice, or an invoice made smaller, can settle it). A
 * booking that cannot be invoiced yet (no price) keeps its status change; the run page says what is missing.
 * Answers what happened to the invoice (null without a booking).
 */
export async function syncBooking(
  tx: Executor,
  bookingId: string | null,
  actor: AuditActor,
  /** quiet: the caller's own message carries the document issued (a booking change that names it) */
  { quiet = false } = {},
) {
  if (!bookingId) return null;
  await deriveBookingStatus(tx, bookingId);
  const invoiced = await reviseBookingInvoice(tx, bookingId, actor, { quiet });
  if (invoiced.ok && invoiced.document) await settleBooking(tx, bookingId, actor);
  // a participant who joins or leaves can move the organisation's group across its rate (decision 0750): its
  // other bookings on the run are priced again, each under its own lock, after this one's (retried on deadlock)
  for (const sibling of await groupSiblings(tx, bookingId)) {
    const again = await reviseBookingInvoice(tx, sibling, actor);
    if (again.ok && again.document) await settleBooking(tx, sibling, actor);
  }
  return invoiced;
}

const DOCUMENT_NAMES = {
  proforma: "Proforma invoice",
  credit_note: "Credit note",
  receipt: "Receipt",
} as const;

/**
 * What the person who changed a booking must hear of its invoice: the document it e-mailed, for the whole
 * booking, and to whom; or why none could be issued (their change stands); nothing when the invoice stood.
 */
export function invoiceNote(invoiced: InvoiceOutcome | null) {
  if (!invoiced) return undefined;
  if (!invoiced.ok) return invoiced.profileIncomplete ? FINANCE_PROFILE_INCOMPLETE : invoiced.message;
  const { document, sentTo, reference } = invoiced;
  if (!document || !sentTo) return undefined;
  return `${DOCUMENT_NAMES[document.kind]} ${document.number} (${formatKes(document.totalCents)}, the whole booking ${reference}) was e-mailed to ${sentTo}.`;
}

/** The run page's "Issue proforma": issues or re-sends the booking's invoice now, in its own transaction. */
export function invoiceBookingNow(actor: AuditActor, bookingId: string) {
  return moneyTransaction(async (tx) => {
    const invoiced = await reviseBookingInvoice(tx, bookingId, actor, { onDemand: true });
    if (invoiced.ok) await settleBooking(tx, bookingId, actor);
    return invoiced;
  });
}
