import { and, eq, isNull } from "drizzle-orm";
import { lockBooking, setAttendanceStatus } from "#app/booking/index.server";
import { courseRegistrations as r } from "#app/booking/tables.server";
import { attendanceMarks } from "#app/delivery/tables.server";
import { bookingBalance } from "#app/money/index.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor, type Tx } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { getSettings } from "#app/platform/settings/setting.server";
import { now } from "#app/utils/clock";
import { formatLongDate } from "#app/utils/dates";
import { settledInCash } from "#app/utils/payment-state";
import { type DeliveryRun, isLive, listLiveParticipants, sessionClock } from "../delivery-run.server";

export type Mark = { present: boolean; markedByEmail: string | null; markedAt: Date };

/** Every mark of the run, by registration and day. */
export async function attendanceMarksOf(runId: string) {
  const rows = await db()
    .select({
      registrationId: attendanceMarks.registrationId,
      day: attendanceMarks.day,
      present: attendanceMarks.present,
      markedByEmail: attendanceMarks.markedByEmail,
      markedAt: attendanceMarks.markedAt,
    })
    .from(attendanceMarks)
    .where(eq(attendanceMarks.runId, runId));
  const marks = new Map<string, Mark>();
  for (const row of rows) marks.set(`${row.registrationId}/${row.day}`, row);
  return { get: (registrationId: string, day: string) => marks.get(`${registrationId}/${day}`) ?? null };
}

/** Whether the register holds any mark of the run on `day`: such a day stays one of its sessions. */
export async function registerMarkedOn(executor: Executor, runId: string, day: string) {
  const [marked] = await executor
    .select({ day: attendanceMarks.day })
    .from(attendanceMarks)
    .where(and(eq(attendanceMarks.runId, runId), eq(attendanceMarks.day, day)))
    .limit(1);
  return marked !== undefined;
}

/** The roster of live participants with their mark for one day. */
export async function attendanceForDay(runId: string, day: string) {
  const [people, marks] = await Promise.all([listLiveParticipants(runId), attendanceMarksOf(runId)]);
  return people.map((p) => ({ ...p, mark: marks.get(p.id, day) }));
}

/** Per live participant: the days present out of the run's days, and the percentage (rounded down). */
export async function attendanceSummary(run: DeliveryRun) {
  const [people, marks] = await Promise.all([listLiveParticipants(run.id), attendanceMarksOf(run.id)]);
  const total = run.days.length;
  return people.map((p) => {
    const present = run.days.filter((day) => marks.get(p.id, day)?.present).length;
    return {
      ...p,
      marks: run.days.map((day) => marks.get(p.id, day)?.present ?? null),
      present,
      percent: total === 0 ? 0 : Math.floor((present * 100) / total),
    };
  });
}

export type MarkOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

/**
 * Records one tap: only this participant's cell for this day is written (the last write wins and says who
 * and when), so two staff marking different people at once never undo each other.
 */
export async function markAttendance(
  actor: AuditActor,
  run: DeliveryRun,
  input: { id: string; day: string; present: boolean },
): Promise<MarkOutcome> {
  if (!run.days.includes(input.day)) {
    return { ok: false, status: 400, message: "That day is not a session of this course date." };
  }
  // a register records what happened: a day is marked from the day it is held, never ahead (decision 0681)
  if (!sessionClock(run.sessions).started.includes(input.day)) {
    return {
      ok: false,
      status: 409,
      message: `${formatLongDate(input.day)} has not started yet: its attendance can be marked from that day.`,
    };
  }
  const { certificate_threshold: threshold } = await getSettings();
  return moneyTransaction(async (tx) => {
    const written = await writeMark(tx, actor, run, { ...input, threshold });
    if (!written.ok) return written;
    return { ok: true, message: `${written.name}: ${input.present ? "present" : "absent"}` };
  });
}

/**
 * Writes one participant's mark for one day in `tx` and lets their status follow. `source` "import" says in the
 * audit that a meeting's report set it (decision 0825); `keepPresent` leaves a present mark as it is (a hybrid
 * day: present in the room or in the meeting).
 */
export async function writeMark(
  tx: Tx,
  actor: AuditActor,
  run: DeliveryRun,
  input: {
    id: string;
    day: string;
    present: boolean;
    threshold: number;
    source?: "import";
    keepPresent?: boolean;
    detail?: Record<string, unknown>;
  },
): Promise<{ ok: true; name: string; changed: boolean } | { ok: false; status: number; message: string }> {
  // the booking first: a participant's status may follow from this mark, and payments lock the booking
  // before its participants
  const [owner] = await tx.select({ bookingId: r.bookingId }).from(r).where(eq(r.id, input.id));
  if (owner?.bookingId) await lockBooking(tx, owner.bookingId);
  const [person] = await tx
    .select({ id: r.id, name: r.name, status: r.status, bookingId: r.bookingId })
    .from(r)
    .where(and(eq(r.id, input.id), eq(r.runId, run.id), isNull(r.deletedAt)));
  if (!person) return { ok: false, status: 404, message: "This participant is not on this course date." };
  if (!isLive(person.status)) {
    return {
      ok: false,
      status: 409,
      message: `${person.name} is ${person.status}: attendance is only kept for booked participants.`,
    };
  }
  const [before] = await tx
    .select({ present: attendanceMarks.present })
    .from(attendanceMarks)
    .where(
      and(
        eq(attendanceMarks.registrationId, person.id),
        eq(attendanceMarks.runId, run.id),
        eq(attendanceMarks.day, input.day),
      ),
    );
  if (input.keepPresent && before?.present) return { ok: true, name: person.name, changed: false };
  const values = {
    present: input.present,
    markedBy: actor.id,
    markedByEmail: actor.email,
    markedAt: now(),
  };
  await tx
    .insert(attendanceMarks)
    .values({ registrationId: person.id, runId: run.id, day: input.day, ...values })
    .onConflictDoUpdate({
      target: [attendanceMarks.registrationId, attendanceMarks.runId, attendanceMarks.day],
      set: values,
    });
  await recordAudit(tx, actor, {
    action: input.source === "import" ? "Imported attendance" : "Updated attendance",
    tableName: "attendance_marks",
    recordId: person.id,
    oldValues: before ? { day: input.day, present: before.present } : null,
    newValues: {
      day: input.day,
      present: input.present,
      ...(input.source ? { source: input.source } : {}),
      ...input.detail,
    },
  });
  await followAttendance(tx, actor, run, person, input.threshold);
  return { ok: true, name: person.name, changed: before?.present !== input.present };
}

/**
 * "Attended" follows from the register, never from a person's say-so (decision 0633, as "paid" follows from the ledger):
 * a participant present on at least the certificate threshold of the course's days is attended; one who falls
 * below it again goes back to what the ledger says (paid, or confirmed).
 */
async function followAttendance(
  tx: Tx,
  actor: AuditActor,
  run: DeliveryRun,
  person: { id: string; status: string; bookingId: string | null },
  threshold: number,
) {
  const marks = await tx
    .select({ day: attendanceMarks.day })
    .from(attendanceMarks)
    .where(
      and(
        eq(attendanceMarks.registrationId, person.id),
        eq(attendanceMarks.runId, run.id),
        eq(attendanceMarks.present, true),
      ),
    );
  const present = marks.filter((mark) => run.days.includes(mark.day)).length;
  const attended = run.days.length > 0 && Math.floor((present * 100) / run.days.length) >= threshold;
  let status: "attended" | "paid" | "confirmed" | null = null;
  if (attended && person.status !== "attended") status = "attended";
  if (!attended && person.status === "attended") {
    const paid = person.bookingId ? (await bookingBalance(tx, person.bookingId)).state : "unpaid";
    status = settledInCash(paid) ? "paid" : "confirmed";
  }
  if (!status) return;
  await setAttendanceStatus(tx, person, status, actor, {
    present_days: present,
    course_days: run.days.length,
  });
}
