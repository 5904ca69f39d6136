import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import type { AuditActor } from "#app/platform/audit.server";
import { recordAudit } from "#app/platform/audit.server";
import type { Executor } from "#app/platform/db/client.server";
import { courses } from "#app/site/tables.server";
import { courseSnapshot } from "./course-snapshot.server";
import { newBookingReference } from "./references/booking-reference.server";
import { lockRunSeats } from "./seats/run-seats.server";

/** The booking an accepted training quote makes on its private run: one organisation's group (decision 0671). */
export type PrivateRunOrder = {
  quoteId: string;
  participants: number;
  organisationId: string | null;
  organisation: string | null;
  contact: { name: string; email: string; phone: string | null };
  lpoNumber: string | null;
};

/** A seat the client has not named yet: the office names it with "Substitute" on the booking page. */
export const placeholderName = (seat: number) => `Participant ${seat} (to be named)`;

/**
 * The organisation's booking on the private run its accepted quote scheduled (the run just made by the site's
 * `createPrivateRun`), confirmed, audited, in the caller's transaction. The run is locked first, as every booking
 * takes it (the house order: the run, then the booking, then its documents). Its seats are as many as the quote's
 * participants, each held by a placeholder the office names later, so the run is full and takes no one else.
 */
export async function bookPrivateRun(
  tx: Executor,
  actor: AuditActor,
  run: {
    id: string;
    courseId: string;
    label: string | null;
    venue: string | null;
    costOverride: string | null;
  },
  order: PrivateRunOrder,
) {
  await lockRunSeats(tx, run.id);
  const [course] = await tx
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      durationDays: courses.durationDays,
      cost: courses.cost,
    })
    .from(courses)
    .where(eq(courses.id, run.courseId));
  if (!course) throw new Error("The quote's course is missing");
  const bookingId = crypto.randomUUID();
  const reference = newBookingReference();
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
  return { bookingId, reference };
}
