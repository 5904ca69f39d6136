import { eq } from "drizzle-orm";
import { lockBooking, setBookingWithholding } from "#app/booking/index.server";
import { bookings } from "#app/booking/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { reviseBookingInvoice } from "../documents/finance-document.server";
import { settleBooking } from "../payments/payment.server";
import { bookingCertificates } from "./certificates.server";
import type { BookingWithholdingInput } from "./withholding";
import { withholdingChoiceFor } from "./withholding-choice.server";

const asOverride = (choice: BookingWithholdingInput["incomeTax"]) =>
  choice === "organisation" ? null : choice === "yes";

export type BookingWithholdingOutcome =
  | { ok: true; message: string }
  | { ok: false; status: number; message: string };

/**
 * The booking page's withholding form (decision 0745): what this booking's payer withholds, per kind, as its
 * organisation says or set for this booking; under the booking's lock, audited, and its open invoice revised in
 * the same transaction (a new version stating the cash expected), then settled again against it.
 */
export function changeBookingWithholding(
  actor: AuditActor,
  bookingId: string,
  input: BookingWithholdingInput,
): Promise<BookingWithholdingOutcome> {
  return moneyTransaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking) return { ok: false, status: 404, message: "This booking no longer exists." };
    const override = { incomeTax: asOverride(input.incomeTax), vat: asOverride(input.vat) };
    await setBookingWithholding(tx, bookingId, override);
    await recordAudit(tx, actor, {
      action: "Changed booking withholding",
      tableName: "bookings",
      recordId: bookingId,
      oldValues: { withholds_income_tax: booking.withholdsIncomeTax, withholds_vat: booking.withholdsVat },
      newValues: { withholds_income_tax: override.incomeTax, withholds_vat: override.vat },
    });
    const applies = await withholdingChoiceFor(tx, {
      ...booking,
      withholdsIncomeTax: override.incomeTax,
      withholdsVat: override.vat,
    });
    const said = [applies.incomeTax && "income tax", applies.vat && "VAT"].filter(Boolean).join(" and ");
    const invoiced = await reviseBookingInvoice(tx, bookingId, actor);
    if (invoiced.ok && invoiced.document) await settleBooking(tx, bookingId, actor);
    const invoiceText = invoiced.ok
      ? invoiced.document?.kind === "proforma" && invoiced.sentTo
        ? ` Proforma invoice ${invoiced.document.number} states it and was e-mailed to ${invoiced.sentTo}.`
        : ""
      : ` The invoice was not revised: ${invoiced.message}`;
    return {
      ok: true,
      message: `${booking.reference}: the payer withholds ${said || "nothing"}.${invoiceText}`,
    };
  });
}

const asChoice = (override: boolean | null): BookingWithholdingInput["incomeTax"] =>
  override === null ? "organisation" : override ? "yes" : "no";

/**
 * The booking page's withholding section: what the booking itself says per kind, what applies (with its
 * organisation's word), and its certificates, voided ones included. Null for a booking that does not exist.
 */
export async function bookingWithholding(bookingId: string) {
  const [booking] = await db()
    .select({
      organisationId: bookings.organisationId,
      withholdsIncomeTax: bookings.withholdsIncomeTax,
      withholdsVat: bookings.withholdsVat,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) return null;
  const [applies, certificates] = await Promise.all([
    withholdingChoiceFor(db(), booking),
    bookingCertificates(db(), bookingId),
  ]);
  return {
    own: { incomeTax: asChoice(booking.withholdsIncomeTax), vat: asChoice(booking.withholdsVat) },
    applies,
    hasOrganisation: booking.organisationId !== null,
    certificates: certificates.map((c) => ({
      id: c.id,
      kind: c.kind,
      certificateNumber: c.certificateNumber,
      certificateDate: c.certificateDate,
      amountCents: c.amountCents,
      voidReason: c.voidReason,
    })),
  };
}
