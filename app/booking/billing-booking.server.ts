import { eq } from "drizzle-orm";
import { bookings } from "#app/booking/tables.server";
import { organisations } from "#app/organisations/tables.server";
import type { Executor } from "#app/platform/db/client.server";
import { newBookingReference } from "./references/booking-reference.server";

/** Whom a consultancy engagement bills: its contact, and its organisation on record or as typed. */
export type BilledParty = {
  contactName: string;
  contactEmail: string;
  contactPhone: string | null;
  organisationId: string | null;
  organisationName: string | null;
  lpoNumber: string | null;
};

/**
 * The booking a reached milestone's invoice and payments stand on (decision 0673), confirmed at once: its reference
 * is paid against. It has no registrations: a milestone bills work, not seats.
 */
export async function openBillingBooking(tx: Executor, engagement: BilledParty) {
  const [organisation] = engagement.organisationId
    ? await tx
        .select({ name: organisations.name, kraPin: organisations.kraPin })
        .from(organisations)
        .where(eq(organisations.id, engagement.organisationId))
    : [];
  const [booking] = await tx
    .insert(bookings)
    .values({
      reference: newBookingReference(),
      kind: "milestone",
      status: "confirmed",
      contactName: engagement.contactName,
      contactEmail: engagement.contactEmail,
      contactPhone: engagement.contactPhone,
      organization: organisation?.name ?? engagement.organisationName,
      organisationId: engagement.organisationId,
      kraPin: organisation?.kraPin ?? null,
      lpoNumber: engagement.lpoNumber,
    })
    .returning({ id: bookings.id, reference: bookings.reference });
  if (!booking) throw new Error("The billing booking was not stored");
  return booking;
}
