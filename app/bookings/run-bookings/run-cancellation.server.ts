import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import { bookings, courseRegistrations as r, waitlistOffers } from "#app/booking/tables.server";
import { findDeliveryRun, runCancelled } from "#app/delivery/index.server";
import { syncBooking } from "#app/money/index.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import type { Executor } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { enqueueEmails } from "#app/platform/email/outbox.server";
import { lockRun, plural, runStanding } from "#app/site/index.server";
import { courseRuns } from "#app/site/tables.server";
import { formatLongDate, today } from "#app/utils/dates";

export type CancelRunOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

/**
 * Cancels everyone still on a run, inside the caller's transaction, which holds the run's row lock: the
 * bookings are locked next (the house order: booking before its participants and documents), their
 * participants (waiting ones too) cancelled and open seat offers withdrawn, then each booking follows
 * (`syncBooking`: cancelled, its open proforma credited, or a smaller one for participants on other dates),
 * and every participant and booking contact is told. Nothing is deleted: certificates, attendance and the
 * documents stay as issued.
 */
async function cancelEveryoneOnRun(tx: Executor, actor: AuditActor, runId: string) {
  const participants = await tx
    .select({ id: r.id, name: r.name, email: r.email, status: r.status, bookingId: r.bookingId })
    .from(r)
    .where(and(eq(r.runId, runId), isNull(r.deletedAt), ne(r.status, "cancelled")))
    .orderBy(asc(r.createdAt), asc(r.id));
  // a booking whose participants all moved to another date is not touched, nor its contact told
  const ids = [...new Set(participants.map((p) => p.bookingId).filter((id): id is string => id !== null))];
  const affected =
    ids.length === 0
      ? []
      : await tx
          .select({
            id: bookings.id,
            reference: bookings.reference,
            contactName: bookings.contactName,
            contactEmail: bookings.contactEmail,
          })
          .from(bookings)
          .where(inArray(bookings.id, ids))
          .orderBy(asc(bookings.id))
          .for("update");
  // a seat offered on a date that will not happen is withdrawn
  await tx
    .update(waitlistOffers)
    .set({ status: "expired" })
    .where(and(eq(waitlistOffers.runId, runId), eq(waitlistOffers.status, "open")));
  if (participants.length === 0) return { participants: 0, bookings: [], told: 0, creditNotes: [] };
  await tx
    .update(r)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(
      inArray(
        r.id,
        participants.map((p) => p.id),
      ),
    );
  for (const p of participants) {
    await recordAudit(tx, actor, {
      action: "Updated registration status: cancelled",
      tableName: "course_registrations",
      recordId: p.id,
      oldValues: { status: p.status },
      newValues: { status: "cancelled", reason: "course date cancelled" },
    });
  }
  const creditNotes: string[] = [];
  for (const booking of affected) {
    const invoiced = await syncBooking(tx, booking.id, actor);
    if (invoiced?.ok && invoiced.document?.kind === "credit_note") creditNotes.push(invoiced.document.number);
  }
  const run = await findDeliveryRun(runId, tx);
  const reference = new Map(affected.map((b) => [b.id, b.reference]));
  const told = new Set<string>();
  const recipients = [
    ...participants.map((p) => ({ name: p.name, email: p.email, bookingId: p.bookingId })),
    ...affected.map((b) => ({ name: b.contactName, email: b.contactEmail, bookingId: b.id })),
  ].filter((person) => {
    const key = person.email.trim().toLowerCase();
    if (told.has(key)) return false;
    told.add(key);
    return true;
  });
  await enqueueEmails(
    tx,
    recipients.map((person) => ({
      to: person.email,
      kind: "run_cancelled",
      relatedTable: "course_runs",
      relatedId: runId,
      ...runCancelled({
        name: person.name,
        courseTitle: run?.courseTitle ?? "Your course",
        dates: run?.dates ?? "",
        venue: run?.venue ?? null,
        reference: (person.bookingId && reference.get(person.bookingId)) || null,
      }),
    })),
  );
  return { participants: participants.length, bookings: affected, told: recipients.length, creditNotes };
}

/**
 * "Cancel this course date": the run is kept, marked cancelled, and everyone on it is cancelled and told, in
 * one transaction with its audit rows. Cancelling a cancelled date again changes nothing. `also` runs in the
 * same transaction after the cancellation (the go/no-go decision records itself, the penalty and the
 * trainers' and venue's e-mails there) and adds its sentence to the message.
 */
export async function cancelCourseRun(
  actor: AuditActor,
  courseId: string,
  runId: string,
  also?: (tx: Executor, participants: number) => Promise<string>,
) {
  return moneyTransaction(async (tx): Promise<CancelRunOutcome> => {
    const run = await lockRun(tx, courseId, runId);
    if (!run) return { ok: false, status: 404, message: "This course date does not exist." };
    if (run.status === "cancelled") return { ok: true, message: "This course date was already cancelled." };
    if (runStanding(run, today()) === "held") {
      return {
        ok: false,
        status: 409,
        message: `This course date began on ${formatLongDate(run.startDate as string)}: a date that took place is kept as it is. Cancel a participant's place on the list instead.`,
      };
    }
    const done = await cancelEveryoneOnRun(tx, actor, runId);
    await tx
      .update(courseRuns)
      .set({ status: "cancelled", updatedAt: new Date() })
      .where(eq(courseRuns.id, runId));
    await recordAudit(tx, actor, {
      action: "Updated course run: cancelled",
      tableName: "course_runs",
      recordId: runId,
      oldValues: { status: run.status },
      newValues: {
        status: "cancelled",
        participants_cancelled: done.participants,
        bookings: done.bookings.map((b) => b.reference),
        credit_notes: done.creditNotes,
        people_told: done.told,
      },
    });
    const credits =
      done.creditNotes.length > 0 ? `; ${plural(done.creditNotes.length, "credit note")} issued` : "";
    const more = also ? ` ${await also(tx, done.participants)}` : "";
    return {
      ok: true,
      message: `Course date cancelled: ${plural(done.participants, "participant")} cancelled, ${done.told} ${done.told === 1 ? "person" : "people"} told by e-mail${credits}.${more}`,
    };
  });
}
