import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { syncBooking } from "#app/money/index.server";
import type { AuditActor } from "#app/platform/audit.server";
import { recordAudit } from "#app/platform/audit.server";
import { auditedInsert } from "#app/platform/audited-change.server";
import type { Executor } from "#app/platform/db/client.server";
import {
  courseSnapshot,
  lockRunSeats,
  newRegistrationReference,
  resetRunSessions,
  runColumns,
} from "#app/site/index.server";
import { courseRuns, courses } from "#app/site/tables.server";

/** What an accepted training quote books: one organisation's group on its own dates (decision 0671). */
export type PrivateRunOrder = {
  quoteId: string;
  courseId: string;
  startDate: string;
  endDate: string | null;
  venue: string | null;
  participants: number;
  organisationId: string | null;
  organisation: string | null;
  contact: { name: string; email: string; phone: string | null };
  lpoNumber: string | null;
};

/** A seat the client has not named yet: the office names it with "Substitute" on the booking page. */
export const placeholderName = (seat: number) => `Participant ${seat} (to be named)`;

/**
 * Makes the private run an accepted quote schedules, with the organisation's booking on it, confirmed, and its
 * proforma (the quote's lines, decision 0672) issued and e-mailed as for any confirmed booking. Runs in the
 * caller's transaction, so the run, the booking and the acceptance exist together or not at all; locks in the
 * house order (the new run, then the booking, then its documents). The seats are as many as the quote's
 * participants, each held by a placeholder the office names later, so the run is full and takes no one else.
 */
export async function bookPrivateRun(tx: Executor, actor: AuditActor, order: PrivateRunOrder) {
  const [course] = await tx
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      durationDays: courses.durationDays,
      cost: courses.cost,
    })
    .from(courses)
    .where(eq(courses.id, order.courseId));
  if (!course) throw new Error("The quote's course is missing");
  const run = await auditedInsert(tx, actor, {
    action: "Created private course run",
    table: courseRuns,
    columns: runColumns,
    values: {
      courseId: course.id,
      startDate: order.startDate,
      endDate: order.endDate,
      venue: order.venue,
      capacity: order.participants,
      private: true,
      organisationId: order.organisationId,
    },
  });
  await lockRunSeats(tx, run.id);
  // its sessions: the working days of the quoted dates, without public holidays (DESIGN §9)
  await resetRunSessions(tx, run);
  const bookingId = crypto.randomUUID();
  const reference = newRegistrationReference();
  await tx.insert(bookings).values({
    id: bookingId,
    reference,
    courseId: course.id,
    runId: run.id,
    contactName: order.contact.name,
    contactEmail: order.contact.email,
    contactPhone: order.contact.phone,
    organization: order.organisation,
    organisationId: order.organisationId,
    lpoNumber: order.lpoNumber,
    participants: order.participants,
    status: "confirmed",
    quoteId: order.quoteId,
  });
  // the quote prices the group, not a fee per seat: the registrations carry no fee of their own
  const snapshot = { ...courseSnapshot(course, run), courseCost: null };
  await tx.insert(courseRegistrations).values(
    Array.from({ length: order.participants }, (_, index) => ({
      ...snapshot,
      bookingId,
      // the first seat carries the booking's reference, as a booking's first participant always does
      reference: index === 0 ? reference : null,
      bookingReference: reference,
      name: placeholderName(index + 1),
      email: order.contact.email,
      organization: order.organisation,
      status: "confirmed" as const,
      source: "quote",
    })),
  );
  await recordAudit(tx, actor, {
    action: "Created booking from accepted quote",
    tableName: "bookings",
    recordId: bookingId,
    newValues: {
      reference,
      run_id: run.id,
      quote_id: order.quoteId,
      participants: order.participants,
      lpo_number: order.lpoNumber,
    },
  });
  const invoiced = await syncBooking(tx, bookingId, actor);
  return { runId: run.id, bookingId, reference, invoiced };
}
