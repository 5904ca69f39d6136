import { and, eq, isNull } from "drizzle-orm";
import { bookings } from "#app/booking/tables.server";
import type { Executor } from "#app/platform/db/client.server";

/** Links a booking to its organisation, unless it was linked meanwhile (the first match stands). */
export async function linkBookingToOrganisation(tx: Executor, bookingId: string, organisationId: string) {
  await tx
    .update(bookings)
    .set({ organisationId })
    .where(and(eq(bookings.id, bookingId), isNull(bookings.organisationId)));
}

/** Moves every booking of one organisation to another (a merge); returns the moved bookings' references. */
export async function moveOrganisationBookings(
  tx: Executor,
  fromOrganisationId: string,
  toOrganisationId: string,
) {
  return tx
    .update(bookings)
    .set({ organisationId: toOrganisationId })
    .where(eq(bookings.organisationId, fromOrganisationId))
    .returning({ reference: bookings.reference });
}

/**
 * What this booking's payer withholds, where it differs from its organisation (null: as the organisation says;
 * decision 0745). Money sets it, under the booking's lock, and revises the invoice in the same transaction.
 */
export async function setBookingWithholding(
  tx: Executor,
  bookingId: string,
  choice: { incomeTax: boolean | null; vat: boolean | null },
) {
  await tx
    .update(bookings)
    .set({ withholdsIncomeTax: choice.incomeTax, withholdsVat: choice.vat })
    .where(eq(bookings.id, bookingId));
}
