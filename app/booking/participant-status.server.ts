import { and, eq, inArray, isNull } from "drizzle-orm";
import { courseRegistrations as r } from "#app/booking/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import type { Executor } from "#app/platform/db/client.server";
import { deriveBookingStatus } from "./booking-status.server";

/**
 * "Paid" follows the ledger (money decides when): `paid` moves the booking's live new and confirmed participants
 * to "paid", otherwise its paid ones back to "confirmed"; the booking's status is derived again when any moved.
 * Each move is audited with `details` (what the ledger said) beside the new status. The caller holds the
 * booking's lock.
 */
export async function setParticipantsPaid(
  tx: Executor,
  bookingId: string,
  paid: boolean,
  actor: AuditActor,
  details: Record<string, unknown>,
) {
  const from = paid ? (["new", "confirmed"] as const) : (["paid"] as const);
  const to = paid ? "paid" : "confirmed";
  const moved = await tx
    .update(r)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(r.bookingId, bookingId), inArray(r.status, [...from]), isNull(r.deletedAt)))
    .returning({ id: r.id });
  if (moved.length > 0) await deriveBookingStatus(tx, bookingId);
  for (const registration of moved) {
    await recordAudit(tx, actor, {
      action: `Updated registration status: ${to}`,
      tableName: "course_registrations",
      recordId: registration.id,
      newValues: { status: to, ...details },
    });
  }
}

/**
 * "Attended" follows the register (delivery decides when, decision 0633): sets one participant's status to
 * attended, or back to what the ledger says, derives its booking's status again, and audits the change with
 * `details` (what the register said). The caller holds the booking's lock.
 */
export async function setAttendanceStatus(
  tx: Executor,
  participant: { id: string; status: string; bookingId: string | null },
  status: "attended" | "paid" | "confirmed",
  actor: AuditActor,
  details: Record<string, unknown>,
) {
  await tx.update(r).set({ status, updatedAt: new Date() }).where(eq(r.id, participant.id));
  if (participant.bookingId) await deriveBookingStatus(tx, participant.bookingId);
  await recordAudit(tx, actor, {
    action: `Updated registration status: ${status}`,
    tableName: "course_registrations",
    recordId: participant.id,
    oldValues: { status: participant.status },
    newValues: { status, ...details },
  });
}
