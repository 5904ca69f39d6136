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
