import { and, count, eq, lte } from "drizzle-orm";
import { db, type Executor } from "#app/db/client.server";
import { bookings, courseRegistrations, courses } from "#app/db/schema";
import type { SiteContent } from "#app/db/seed/site-content";
import type { ParticipantInput, RegistrationInput, RegistrationSource } from "#app/schemas/registration";
import { REGISTRATION_MESSAGES } from "#app/schemas/registration";
import { joiningRows } from "#app/services/delivery-email-templates.server";
import { registrationConfirmation, registrationNotification } from "#app/services/email-templates.server";
import { enqueueEmails } from "#app/services/outbox.server";
import { publicSiteContent } from "#app/services/public-data.server";
import { now } from "#app/utils/clock";
import { today } from "#app/utils/dates";
import { getJoiningInstructions } from "./joining-instructions.server";
import { listAdminRecipients } from "./notify.server";
import { findCourseSnapshot, newRegistrationReference } from "./registration.server";
import { runCalendarAttachments } from "./run-calendar.server";
import { lockRunSeats } from "./run-seats.server";

export type NewBooking = RegistrationInput & {
  source: RegistrationSource;
  idempotencyKey: string;
  ip: string | null;
};

export type BookingOutcome =
  | {
      ok: true;
      reference: string;
      waitlisted: boolean;
      position: number | null;
      participants: number;
      replayed: boolean;
    }
  | { ok: false; field: "course" | "run"; message: string };

const OUTCOME_COLUMNS = {
  id: bookings.id,
  reference: bookings.reference,
  status: bookings.status,
  runId: bookings.runId,
  participants: bookings.participants,
};

async function storedOutcome(
  executor: Executor,
  row: { id: string; reference: string; status: string; runId: string | null; participants: number },
) {
  const waitlisted = row.status === "waitlisted";
  const position = waitlisted && row.runId ? await waitlistPosition(executor, row.runId, row.id) : null;
  return {
    ok: true as const,
    reference: row.reference,
    waitlisted,
    position,
    participants: row.participants,
    replayed: true,
  };
}

async function findByIdempotencyKey(executor: Executor, key: string): Promise<BookingOutcome | null> {
  const [row] = await executor.select(OUTCOME_COLUMNS).from(bookings).where(eq(bookings.idempotencyKey, key));
  return row ? storedOutcome(executor, row) : null;
}

/**
 * A booking as its confirmation page shows it, with the course and date to book another participant on.
 * Only called with a reference that came signed (decision 0570).
 */
export async function findBookingConfirmation(reference: string) {
  const [row] = await db()
    .select({ ...OUTCOME_COLUMNS, courseSlug: courses.slug })
    .from(bookings)
    .leftJoin(courses, eq(courses.id, bookings.courseId))
    .where(eq(bookings.reference, reference));
  if (!row) return null;
  return { ...(await storedOutcome(db(), row)), courseSlug: row.courseSlug, runId: row.runId };
}

/** A waitlisted booking's place in its run's queue (1 = next to be offered a seat). */
async function waitlistPosition(executor: Executor, runId: string, bookingId: string) {
  const [own] = await executor
    .select({ createdAt: bookings.createdAt })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!own) return null;
  const [ahead] = await executor
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.runId, runId),
        eq(bookings.status, "waitlisted"),
        lte(bookings.createdAt, own.createdAt),
      ),
    );
  return Number(ahead?.n ?? 1);
}

/**
 * Who attends: the participant rows of a group booking, or the contact person alone (the spec's
 * single-person form).
 */
function attendeesOf(input: NewBooking): ParticipantInput[] {
  if (input.participants.length > 0) return input.participants;
  return [{ name: input.name, email: input.email, phone: input.phone, idNumber: null }];
}

/** Group rules that need no database: the size limit and one e-mail per participant. */
export function checkParticipants(input: NewBooking, maxGroupSize: number): BookingOutcome | null {
  const attendees = attendeesOf(input);
  if (attendees.length > maxGroupSize) {
    return { ok: false, field: "course", message: REGISTRATION_MESSAGES.tooManyParticipants(maxGroupSize) };
  }
  const seen = new Set<string>();
  for (const { email } of attendees) {
    const key = email.toLowerCase();
    if (seen.has(key)) {
      return { ok: false, field: "course", message: REGISTRATION_MESSAGES.duplicateParticipant(email) };
    }
    seen.add(key);
  }
  return null;
}

/**
 * Stores a booking, one registration per participant, and its e-mails in one transaction. The run's row is
 * locked while its seats are counted, so concurrent bookings take seats one after another; a booking larger
 * than the seats left goes whole on the waiting list (decision 0460). A repeated idempotency key answers
 * with the first booking.
 */
export async function createBooking(input: NewBooking): Promise<BookingOutcome | null> {
  // read before the transaction: on PGlite a read outside it would wait for it to end
  const copy = await publicSiteContent(["payment", "contact"]);
  return db().transaction(async (tx) => {
    const existing = await findByIdempotencyKey(tx, input.idempotencyKey);
    if (existing) return existing;
    const snapshot = await findCourseSnapshot(tx, input.course, null);
    if (!snapshot) return null;
    const attendees = attendeesOf(input);
    let run: Awaited<ReturnType<typeof lockRunSeats>> = null;
    if (input.run) {
      run = await lockRunSeats(tx, input.run);
      if (!run || run.courseId !== snapshot.courseId) {
        return { ok: false, field: "run", message: REGISTRATION_MESSAGES.otherCourseRun };
      }
      if (run.status === "cancelled")
        return { ok: false, field: "run", message: REGISTRATION_MESSAGES.cancelledRun };
      if (run.startDate && run.startDate < today()) {
        return { ok: false, field: "run", message: REGISTRATION_MESSAGES.pastRun };
      }
    }
    const withRun = run ? await findCourseSnapshot(tx, input.course, run.id) : snapshot;
    if (!withRun) return null;
    const waitlisted = run?.left != null && attendees.length > run.left;
    const registrationStatus = waitlisted ? ("waitlisted" as const) : ("new" as const);

    for (let attempt = 0; attempt < 5; attempt++) {
      const reference = newRegistrationReference();
      // DO NOTHING covers both unique columns: a concurrent twin (same key) or a reference collision
      const [booking] = await tx
        .insert(bookings)
        .values({
          reference,
          courseId: withRun.courseId,
          runId: withRun.runId,
          contactName: input.name,
          contactEmail: input.email,
          contactPhone: input.phone,
          organization: input.organization,
          kraPin: input.kraPin,
          lpoNumber: input.lpoNumber,
          participants: attendees.length,
          status: waitlisted ? "waitlisted" : "pending",
          idempotencyKey: input.idempotencyKey,
          ip: input.ip,
          createdAt: now(),
          updatedAt: now(),
        })
        .onConflictDoNothing()
        .returning({ id: bookings.id });
      if (!booking) {
        const twin = await findByIdempotencyKey(tx, input.idempotencyKey);
        if (twin) return twin;
        continue;
      }
      const ids = await insertParticipants(tx, {
        bookingId: booking.id,
        reference,
        attendees,
        status: registrationStatus,
        input,
        snapshot: withRun,
      });
      const position =
        waitlisted && withRun.runId ? await waitlistPosition(tx, withRun.runId, booking.id) : null;
      await queueBookingEmails(tx, {
        copy,
        input,
        reference,
        snapshot: withRun,
        registrationId: ids[0] as string,
        attendees,
        position,
      });
      return { ok: true, reference, waitlisted, position, participants: attendees.length, replayed: false };
    }
    throw new Error("Could not allocate a unique booking reference");
  });
}

type Snapshot = NonNullable<Awaited<ReturnType<typeof findCourseSnapshot>>>;

/**
 * One registration per participant. The first carries the booking's reference and idempotency key (what a
 * single-person registration always had); the others get references of their own, so each participant can
 * be found, moved or cancelled on their own.
 */
async function insertParticipants(
  tx: Executor,
  args: {
    bookingId: string;
    reference: string;
    attendees: ParticipantInput[];
    status: "new" | "waitlisted";
    input: NewBooking;
    snapshot: Snapshot;
  },
) {
  const ids: string[] = [];
  for (const [index, person] of args.attendees.entries()) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await tx
        .insert(courseRegistrations)
        .values({
          ...args.snapshot,
          bookingId: args.bookingId,
          reference: index === 0 ? args.reference : newRegistrationReference(),
          name: person.name,
          email: person.email,
          phone: person.phone,
          idNumber: person.idNumber,
          organization: args.input.organization,
          specialRequirements: args.input.message,
          source: args.input.source,
          idempotencyKey: index === 0 ? args.input.idempotencyKey : null,
          ip: args.input.ip,
          status: args.status,
        })
        .onConflictDoNothing()
        .returning({ id: courseRegistrations.id });
      if (row) {
        ids.push(row.id);
        break;
      }
      if (index === 0 || attempt === 4) throw new Error("Could not allocate a unique registration reference");
    }
  }
  return ids;
}

async function queueBookingEmails(
  tx: Executor,
  args: {
    copy: Pick<SiteContent, "payment" | "contact">;
    input: NewBooking;
    reference: string;
    snapshot: Snapshot;
    registrationId: string;
    attendees: ParticipantInput[];
    position: number | null;
  },
) {
  const { input, reference, snapshot } = args;
  const mail = {
    ...snapshot,
    name: input.name,
    email: input.email,
    phone: input.phone,
    organization: input.organization,
    specialRequirements: input.message,
    reference,
    participants: args.attendees.map((a) => a.name),
    waitlistPosition: args.position,
    joining: joiningRows(snapshot.runId ? await getJoiningInstructions(snapshot.runId, tx) : null),
  };
  const { payment, contact } = args.copy;
  const admins = await listAdminRecipients(tx);
  const related = { relatedTable: "course_registrations", relatedId: args.registrationId };
  await enqueueEmails(tx, [
    {
      to: input.email,
      kind: "registration_confirmation",
      ...related,
      ...registrationConfirmation(mail, payment, contact),
      attachments: await runCalendarAttachments(tx, snapshot.runId),
    },
    ...admins.map((to) => ({
      to,
      kind: "registration_notification",
      ...related,
      ...registrationNotification(mail, input.source),
    })),
  ]);
}
