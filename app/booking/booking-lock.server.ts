import { eq } from "drizzle-orm";
import { bookings } from "#app/booking/tables.server";
import type { Executor } from "#app/platform/db/client.server";

export type LockedBooking = typeof bookings.$inferSelect;

/**
 * Locks the booking for the rest of the transaction. Whatever changes a booking, its participants or its
 * documents takes this lock first, after the runs' (the house order: runs → booking → participants → documents),
 * so its documents are issued one at a time and two changes never interleave.
 */
export async function lockBooking(tx: Executor, bookingId: string): Promise<LockedBooking | null> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
  return booking ?? null;
}
