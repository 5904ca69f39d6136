import { and, asc, eq, gte, isNull, ne, or } from "drizzle-orm";
import {
  lockBooking,
  lockRunSeats,
  privateRunOrganisation,
  SEAT_HOLDING_STATUSES,
  seatsForRuns,
} from "#app/booking/index.server";
import { bookings, courseRegistrations as r, waitlistOffers } from "#app/booking/tables.server";
import { invoiceNote, syncBooking } from "#app/money/index.server";
import { organisations } from "#app/organisations/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { maskedIdNumberColumns } from "#app/platform/personal-data/id-number.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { formatLongDate, today } from "#app/utils/dates";
import { maskedIdNumber } from "#app/utils/id-number";
import { bookingChangeRefusal, bookingChangeRules } from "../booking-page/booking-rules";
import { listCourseInterests } from "../interest/course-interest.server";
import { offerFreeSeats } from "../waiting-list/waitlist-offer.server";

const runLabel = (run: { label: string | null; startDate: string | null }) =>
  run.label ?? (run.startDate ? formatLongDate(run.startDate) : "Date to be confirmed");

/** A run with its course, seats, participants in booking order and the waiting list in queue order. */
export async function getRunRoster(courseId: string, runId: string) {
  const [run] = await db()
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      courseTitle: courses.title,
      label: courseRuns.label,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
      venue: courseRuns.venue,
      country: courseRuns.country,
      capacity: courseRuns.capacity,
      status: courseRuns.status,
      private: courseRuns.private,
      organisationName: privateRunOrganisation,
    })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .leftJoin(organisations, eq(organisations.id, courseRuns.organisationId))
    .where(and(eq(courseRuns.id, runId), eq(courseRuns.courseId, courseId)));
  if (!run) return null;
  const [participants, waitlist, otherRuns, seats, interests] = await Promise.all([
    db()
      .select({
        id: r.id,
        name: r.name,
        email: r.email,
        phone: r.phone,
        ...maskedIdNumberColumns(r),
        organization: r.organization,
        status: r.status,
        reference: bookings.reference,
        createdAt: r.createdAt,
      })
      .from(r)
      .leftJoin(bookings, eq(bookings.id, r.bookingId))
      .where(and(eq(r.runId, runId), isNull(r.deletedAt)))
      .orderBy(asc(r.createdAt), asc(r.id)),
    db()
      .select({
        id: bookings.id,
        reference: bookings.reference,
        contactName: bookings.contactName,
        contactEmail: bookings.contactEmail,
        organization: bookings.organization,
        participants: bookings.participants,
        createdAt: bookings.createdAt,
        offerExpiresAt: waitlistOffers.expiresAt,
      })
      .from(bookings)
      .leftJoin(
        waitlistOffers,
        and(eq(waitlistOffers.bookingId, bookings.id), eq(waitlistOffers.status, "open")),
      )
      .where(and(eq(bookings.runId, runId), eq(bookings.status, "waitlisted")))
      .orderBy(asc(bookings.createdAt), asc(bookings.id)),
    db()
      .select({
        id: courseRuns.id,
        label: courseRuns.label,
        startDate: courseRuns.startDate,
        venue: courseRuns.venue,
      })
      .from(courseRuns)
      .where(
        and(
          eq(courseRuns.courseId, courseId),
          ne(courseRuns.id, runId),
          ne(courseRuns.status, "cancelled"),
          or(isNull(courseRuns.startDate), gte(courseRuns.startDate, today())),
          eq(courseRuns.private, false),
        ),
      )
      .orderBy(asc(courseRuns.startDate)),
    seatsForRuns([runId]),
    listCourseInterests(courseId),
  ]);
  return {
    run: { ...run, title: runLabel(run) },
    /** what the run page may change today, by the rule the booking page and the portal ask too */
    rules: bookingChangeRules(run, today()),
    seats: seats.get(runId) ?? { capacity: run.capacity, taken: 0, left: run.capacity },
    // masked for every role: the full number is shown only on a reveal, which is audited (decision 0637)
    participants: participants.map(({ hasIdNumber, idNumberLast4, ...person }) => ({
      ...person,
      maskedIdNumber: maskedIdNumber({ hasIdNumber, idNumberLast4 }),
    })),
    waitlist,
    interests,
    otherRuns: otherRuns.map((o) => ({
      id: o.id,
      title: [runLabel(o), o.venue].filter(Boolean).join(" · "),
    })),
  };
}

export type RunRoster = NonNullable<Awaited<ReturnType<typeof getRunRoster>>>;
export type RosterOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

/**
 * The participant, locked for the change, after their booking: a payment locks the booking and then moves
 * its participants, so taking the participant first could deadlock with it (runs → booking → participant).
 */
async function participantOf(tx: Executor, runId: string, registrationId: string) {
  const [owner] = await tx.select({ bookingId: r.bookingId }).from(r).where(eq(r.id, registrationId));
  if (owner?.bookingId) await lockBooking(tx, owner.bookingId);
  const [row] = await tx
    .select({ id: r.id, name: r.name, status: r.status, bookingId: r.bookingId, courseId: r.courseId })
    .from(r)
    .where(and(eq(r.id, registrationId), eq(r.runId, runId), isNull(r.deletedAt)))
    .for("update");
  return row ?? null;
}

/** An outcome's message with what the booking's invoice had to say (the change itself stands). */
const withNote = (message: string, note: string | undefined) => (note ? `${message} ${note}` : message);

const holdsSeat = (status: string) => (SEAT_HOLDING_STATUSES as readonly string[]).includes(status);

async function setParticipantStatus(
  tx: Executor,
  actor: AuditActor,
  participant: { id: string; name: string; status: string; bookingId: string | null },
  status: "confirmed" | "cancelled",
) {
  await tx.update(r).set({ status, updatedAt: new Date() }).where(eq(r.id, participant.id));
  const note = invoiceNote(await syncBooking(tx, participant.bookingId, actor));
  await recordAudit(tx, actor, {
    action:
      status === "confirmed"
        ? "Updated registration status: confirmed"
        : "Updated registration status: cancelled",
    tableName: "course_registrations",
    recordId: participant.id,
    oldValues: { status: participant.status },
    newValues: { status },
  });
  return note;
}

/** Confirms a participant; one taken off the waiting list needs a free seat, checked under the run's lock. */
export async function confirmParticipant(actor: AuditActor, runId: string, registrationId: string) {
  return moneyTransaction(async (tx): Promise<RosterOutcome> => {
    const seats = await lockRunSeats(tx, runId);
    const participant = await participantOf(tx, runId, registrationId);
    if (!seats || !participant)
      return { ok: false, status: 404, message: "The participant is no longer on this course date." };
    const refused = bookingChangeRefusal("confirm", seats, today());
    if (refused) return { ok: false, status: 409, message: refused };
    if (participant.status === "cancelled") {
      return {
        ok: false,
        status: 409,
        message: `${participant.name} was cancelled; register them again instead.`,
      };
    }
    // seats an open offer holds for this participant's own booking are theirs to take
    const [offer] = participant.bookingId
      ? await tx
          .select({ id: waitlistOffers.id, seats: waitlistOffers.seats })
          .from(waitlistOffers)
          .where(and(eq(waitlistOffers.bookingId, participant.bookingId), eq(waitlistOffers.status, "open")))
      : [];
    const free = seats.left === null ? null : seats.left + (offer?.seats ?? 0);
    if (!holdsSeat(participant.status) && free !== null && free < 1) {
      return {
        ok: false,
        status: 409,
        message: "No seat is free on this course date. Raise its capacity first.",
      };
    }
    const note = await setParticipantStatus(tx, actor, participant, "confirmed");
    if (offer) {
      await tx
        .update(waitlistOffers)
        .set({ status: "claimed", claimedAt: new Date() })
        .where(eq(waitlistOffers.id, offer.id));
    }
    return { ok: true, message: withNote(`${participant.name} is confirmed.`, note) };
  });
}

/** Cancels a participant: the seat they held is free again. */
export async function cancelParticipant(actor: AuditActor, runId: string, registrationId: string) {
  return moneyTransaction(async (tx): Promise<RosterOutcome> => {
    const run = await lockRunSeats(tx, runId);
    const participant = await participantOf(tx, runId, registrationId);
    if (!participant)
      return { ok: false, status: 404, message: "The participant is no longer on this course date." };
    const refused = bookingChangeRefusal("cancel", run, today());
    if (refused) return { ok: false, status: 409, message: refused };
    if (participant.status === "cancelled")
      return { ok: true, message: `${participant.name} was already cancelled.` };
    const note = await setParticipantStatus(tx, actor, participant, "cancelled");
    const freed = await lockRunSeats(tx, runId);
    if (freed) await offerFreeSeats(tx, freed);
    return { ok: true, message: withNote(`${participant.name} is cancelled; their seat is free.`, note) };
  });
}

/**
 * Moves a participant to another upcoming date of the same course. A participant holding a seat needs a
 * free one on the new date; both runs are locked, in id order so two opposite moves cannot deadlock.
 */
export async function moveParticipant(
  actor: AuditActor,
  runId: string,
  registrationId: string,
  toRunId: string,
) {
  return moneyTransaction(async (tx): Promise<RosterOutcome> => {
    const [first, second] = [runId, toRunId].sort();
    const locked = [await lockRunSeats(tx, first as string), await lockRunSeats(tx, second as string)];
    const from = locked.find((run) => run?.id === runId);
    const to = locked.find((run) => run?.id === toRunId);
    const participant = await participantOf(tx, runId, registrationId);
    if (!from || !participant)
      return { ok: false, status: 404, message: "The participant is no longer on this course date." };
    const refused = bookingChangeRefusal("move", from, today());
    if (refused) return { ok: false, status: 409, message: refused };
    if (!to || to.private || to.courseId !== from.courseId || toRunId === runId) {
      return { ok: false, status: 400, message: "Choose another date of the same course." };
    }
    if (to.status === "cancelled" || (to.startDate !== null && to.startDate < today())) {
      return {
        ok: false,
        status: 400,
        message: "That date has started or is cancelled. Choose an upcoming date.",
      };
    }
    if (holdsSeat(participant.status) && to.left !== null && to.left < 1) {
      return {
        ok: false,
        status: 409,
        message: "That date is fully booked. Choose another date or raise its capacity.",
      };
    }
    const [target] = await tx
      .select({ label: courseRuns.label, startDate: courseRuns.startDate, venue: courseRuns.venue })
      .from(courseRuns)
      .where(eq(courseRuns.id, toRunId));
    const courseDate = target ? runLabel(target) : null;
    await tx
      .update(r)
      .set({ runId: toRunId, courseDate, courseVenue: target?.venue ?? null, updatedAt: new Date() })
      .where(eq(r.id, participant.id));
    await recordAudit(tx, actor, {
      action: "Updated registration: moved to another course date",
      tableName: "course_registrations",
      recordId: participant.id,
      oldValues: { run_id: runId },
      newValues: { run_id: toRunId, course_date: courseDate },
    });
    const note = invoiceNote(await syncBooking(tx, participant.bookingId, actor));
    return {
      ok: true,
      message: withNote(`${participant.name} moved to ${courseDate ?? "the new date"}.`, note),
    };
  });
}
