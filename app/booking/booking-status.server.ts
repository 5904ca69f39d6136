import { and, eq, isNull } from "drizzle-orm";
import { bookings, courseRegistrations as r } from "#app/booking/tables.server";
import type { Executor } from "#app/platform/db/client.server";

/**
 * A booking's status follows its participants: waitlisted while any waits, cancelled when all are,
 * confirmed once any is confirmed (or further), pending otherwise.
 */
export async function deriveBookingStatus(tx: Executor, bookingId: string) {
  const rows = await tx
    .select({ status: r.status })
    .from(r)
    .where(and(eq(r.bookingId, bookingId), isNull(r.deletedAt)));
  const statuses = new Set(rows.map((row) => row.status));
  const status = statuses.has("waitlisted")
    ? "waitlisted"
    : rows.length > 0 && rows.every((row) => row.status === "cancelled")
      ? "cancelled"
      : [...statuses].some((s) => s === "confirmed" || s === "paid" || s === "attended")
        ? "confirmed"
        : "pending";
  await tx.update(bookings).set({ status, updatedAt: new Date() }).where(eq(bookings.id, bookingId));
}
