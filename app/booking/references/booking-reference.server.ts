import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import type { Executor } from "#app/platform/db/client.server";
import { REFERENCE_ALPHABET, referenceIn } from "./booking-reference";

/** A new booking's reference: MF- and eight characters of the reference alphabet, drawn at random. */
export function newBookingReference() {
  let code = "";
  for (let i = 0; i < 8; i++) code += REFERENCE_ALPHABET[crypto.randomInt(REFERENCE_ALPHABET.length)];
  return `MF-${code}`;
}

/**
 * The booking an account number names. Payers type it by hand: case, spaces and a missing hyphen do not
 * matter (" mf-7k2q 9xp4" is MF-7K2Q9XP4). A group participant's own reference finds the group's booking.
 */
export async function findBookingByReference(executor: Executor, typed: string | null) {
  const reference = referenceIn(typed);
  if (!reference) return null;
  const [booking] = await executor
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.reference, reference));
  if (booking) return booking.id;
  const [registration] = await executor
    .select({ bookingId: courseRegistrations.bookingId })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.reference, reference));
  return registration?.bookingId ?? null;
}
