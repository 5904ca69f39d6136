import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { bookings, courseRegistrations as r } from "#app/db/schema";
import type { AuditActor } from "#app/services/audit.server";
import { reviseBookingInvoice } from "./finance-document.server";

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

/**
 * After a participant changed (status, date): the booking's status, then its invoice — a confirmed booking
 * gets its proforma, a changed one a new version, a cancelled one a credit note. A booking that cannot be
 * invoiced yet (no price) keeps its status change; the run page says what is missing.
 */
export async function syncBooking(tx: Executor, bookingId: string | null, actor: AuditActor) {
  if (!bookingId) return;
  await deriveBookingStatus(tx, bookingId);
  await reviseBookingInvoice(tx, bookingId, actor);
}
