import { lockBooking } from "#app/booking/index.server";
import type { AuditActor } from "#app/platform/audit.server";
import type { Executor } from "#app/platform/db/client.server";
import { computeVat } from "#app/utils/vat";
import { settleBooking } from "../payments/payment.server";
import { type InvoiceOutcome, issueDocument, openProforma, profileRefusal } from "./finance-document.server";
import { getFinanceProfile } from "./finance-profile.server";

/** One reached milestone as its invoice bills it: the amount is what the client pays, VAT included. */
export type MilestoneCharge = { description: string; amountCents: number; vatRatePercent: number };

/**
 * Issues a milestone's invoice on its billing booking (decision 0673): a proforma with one line for the
 * milestone's amount, VAT at the accepted quote's rate counted inside it (the quote's total already holds its
 * VAT, so the milestones that divide it do too). The same numbering, ledger, e-mail and PDF as a booking's
 * invoice; issued once (a second call finds it and issues nothing). Refused, with nothing issued, while the
 * finance profile is incomplete. Call it in the transaction that marks the milestone reached.
 */
export async function issueMilestoneInvoice(
  tx: Executor,
  bookingId: string,
  charge: MilestoneCharge,
  actor: AuditActor,
): Promise<InvoiceOutcome> {
  const booking = await lockBooking(tx, bookingId);
  if (booking?.kind !== "milestone") return { ok: false, message: "This milestone has no billing booking." };
  const open = await openProforma(tx, bookingId);
  if (open) return { ok: true, message: `${open.number} was already issued.`, document: open };
  const profile = await getFinanceProfile(tx);
  const refused = profileRefusal(profile);
  if (refused) return refused;
  const totals = computeVat(
    [{ description: charge.description, quantity: 1, unitCents: charge.amountCents }],
    { registered: charge.vatRatePercent > 0, ratePercent: charge.vatRatePercent, pricesIncludeVat: true },
  );
  const proforma = await issueDocument(tx, {
    kind: "proforma",
    booking,
    profile,
    lines: totals.lines,
    totals,
    pricesIncludeVat: true,
    relatesTo: null,
    version: 1,
    actor,
  });
  // money paid against the reference before the invoice existed settles it now
  await settleBooking(tx, bookingId, actor);
  return {
    ok: true,
    message: `Invoice ${proforma.number} was issued and e-mailed to ${booking.contactEmail}.`,
    document: proforma,
    sentTo: booking.contactEmail,
    reference: booking.reference,
  };
}
