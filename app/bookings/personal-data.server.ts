import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { courseInterests } from "#app/bookings/tables.server";
import type { Executor, Tx } from "#app/platform/db/client.server";
import {
  ERASED_NAME,
  type ErasurePart,
  erasedAddress,
  erasedAddressSql,
  iso,
  matchesContact,
  matchesSubject,
  type NoLinks,
  none,
  type PersonalDataContributor,
} from "#app/platform/personal-data/contributor.server";
import { maskedIdNumberColumns, openIdNumber } from "#app/platform/personal-data/id-number.server";
import type { KeptRecord, Subject } from "#app/platform/personal-data/subject";
import { courseRuns, courses } from "#app/site/tables.server";
import { formatLongDate, today } from "#app/utils/dates";
import { maskedIdNumber } from "#app/utils/id-number";

// Bookings' part of a data request (decision 0715): the person's course registrations, the bookings they made as
// the contact, and their "notify me of new dates" requests. Only what carries their address or number is theirs: a
// participant booked by their employer does not make the employer's booking theirs. A place still in use is kept;
// a booking whose invoices are within the retention period keeps its buyer (money's part says until when).

/**
 * A place still in use: on a course date that has not ended (or has no dates yet) and was not cancelled, or on no
 * date at all yet (a booking waiting to be scheduled, `open` here, is still an order to deliver).
 */
const stillOn = (open: SQL) => sql<boolean>`(case when ${courseRuns.id} is null then ${open}
  else ${courseRuns.status} <> 'cancelled'
    and coalesce(${courseRuns.endDate}, ${courseRuns.startDate}, '9999-12-31') >= ${today()} end)`;

async function findRegistrations(subject: Subject, executor: Executor) {
  const rows = await executor
    .select({
      id: courseRegistrations.id,
      reference: sql<
        string | null
      >`coalesce(${courseRegistrations.bookingReference}, ${courseRegistrations.reference})`,
      name: courseRegistrations.name,
      email: courseRegistrations.email,
      phone: courseRegistrations.phone,
      organization: courseRegistrations.organization,
      ...maskedIdNumberColumns(courseRegistrations),
      courseName: courseRegistrations.courseName,
      courseDate: courseRegistrations.courseDate,
      courseVenue: courseRegistrations.courseVenue,
      specialRequirements: courseRegistrations.specialRequirements,
      status: courseRegistrations.status,
      bookingId: courseRegistrations.bookingId,
      ip: courseRegistrations.ip,
      createdAt: courseRegistrations.createdAt,
      deletedAt: courseRegistrations.deletedAt,
      // still needed to deliver the course: a live place on a date that has not ended
      live: sql<boolean>`(${courseRegistrations.status} <> 'cancelled' and ${courseRegistrations.deletedAt} is null
        and ${stillOn(sql`${courseRegistrations.status} <> 'attended'`)})`,
    })
    .from(courseRegistrations)
    .leftJoin(courseRuns, eq(courseRuns.id, courseRegistrations.runId))
    .where(matchesContact(subject, { email: courseRegistrations.email, phone: courseRegistrations.phone }))
    .orderBy(asc(courseRegistrations.createdAt), asc(courseRegistrations.id));
  return rows.map(({ hasIdNumber, idNumberLast4, ...row }) => ({
    ...row,
    maskedIdNumber: maskedIdNumber({ hasIdNumber, idNumberLast4 }),
  }));
}

function findBookings(subject: Subject, executor: Executor) {
  return executor
    .select({
      id: bookings.id,
      reference: bookings.reference,
      contactName: bookings.contactName,
      contactEmail: bookings.contactEmail,
      contactPhone: bookings.contactPhone,
      organization: bookings.organization,
      kraPin: bookings.kraPin,
      lpoNumber: bookings.lpoNumber,
      participants: bookings.participants,
      status: bookings.status,
      courseTitle: courses.title,
      ip: bookings.ip,
      createdAt: bookings.createdAt,
      // a milestone's billing booking delivers nothing: its engagement says whether it is still running
      live: sql<boolean>`(${bookings.kind} = 'course' and ${bookings.status} <> 'cancelled' and ${stillOn(sql`true`)})`,
    })
    .from(bookings)
    .leftJoin(courseRuns, eq(courseRuns.id, bookings.runId))
    .leftJoin(courses, eq(courses.id, bookings.courseId))
    .where(matchesContact(subject, { email: bookings.contactEmail, phone: bookings.contactPhone }))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
}

/** "Notify me" requests carry an address only. */
function findInterests(subject: Subject, executor: Executor) {
  if (subject.kind !== "email") return none<never>();
  return executor
    .select({
      id: courseInterests.id,
      name: courseInterests.name,
      email: courseInterests.email,
      courseTitle: courses.title,
      ip: courseInterests.ip,
      createdAt: courseInterests.createdAt,
    })
    .from(courseInterests)
    .innerJoin(courses, eq(courses.id, courseInterests.courseId))
    .where(matchesSubject(subject, courseInterests.email))
    .orderBy(asc(courseInterests.createdAt));
}

async function findBookingsPart(subject: Subject, _links: NoLinks, executor: Executor) {
  const [registrations, bookingRows, interests] = await Promise.all([
    findRegistrations(subject, executor),
    findBookings(subject, executor),
    findInterests(subject, executor),
  ]);
  return { registrations, bookings: bookingRows, interests };
}
export type BookingsPersonalData = Awaited<ReturnType<typeof findBookingsPart>>;

/** The bookings whose financial records are still within the retention period, with the date it ends. */
export type BookingsErasureContext = { retainedBookings: Map<string, string> };
type BookingsPlan = {
  deleteInterests: string[];
  anonymiseRegistrations: string[];
  /** keepBuyer: within the retention period the buyer named on the booking's invoices stays; only the IP goes */
  anonymiseBookings: { id: string; keepBuyer: boolean }[];
};

const STILL_RUNNING =
  "Its course date has not ended (or is not set yet), so the booking is still needed to deliver the course. Cancel the place first, or erase again after the course date.";

function planBookings(
  found: BookingsPersonalData,
  { retainedBookings }: BookingsErasureContext,
): ErasurePart<BookingsPlan> {
  const kept: KeptRecord[] = found.registrations
    .filter((r) => r.live)
    .map((r) => ({
      what: `Place of ${r.name} on ${r.courseName}${r.courseDate ? ` (${r.courseDate})` : ""}, booking ${r.reference ?? "without reference"}`,
      why: STILL_RUNNING,
    }));
  const anonymiseBookings: BookingsPlan["anonymiseBookings"] = [];
  for (const b of found.bookings) {
    if (b.live) {
      kept.push({ what: `Booking ${b.reference} (${b.courseTitle ?? "no course"})`, why: STILL_RUNNING });
      continue;
    }
    const until = retainedBookings.get(b.id);
    if (until) {
      kept.push({
        what: `Booking ${b.reference}: the buyer's name, organisation, KRA PIN, LPO number, e-mail and phone`,
        why: `They are the buyer printed on the booking's invoices, kept until ${formatLongDate(until)}: a receipt or credit note issued later must name the same buyer. Its IP address is erased.`,
      });
    }
    anonymiseBookings.push({ id: b.id, keepBuyer: until !== undefined });
  }
  const anonymiseRegistrations = found.registrations.filter((r) => !r.live).map((r) => r.id);
  const deleteInterests = found.interests.map((i) => i.id);
  return {
    plan: { deleteInterests, anonymiseRegistrations, anonymiseBookings },
    kept,
    redactAuditOf: [
      ...anonymiseRegistrations,
      ...anonymiseBookings.filter((b) => !b.keepBuyer).map((b) => b.id),
      ...deleteInterests,
    ],
  };
}

/** Locks what an erasure changes, in the house order (bookings before their participants). */
export async function lockBookingsPart(tx: Tx, found: BookingsPersonalData) {
  const bookingIds = [...new Set(found.bookings.map((b) => b.id))].sort();
  if (bookingIds.length > 0) {
    await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(inArray(bookings.id, bookingIds))
      .orderBy(asc(bookings.id))
      .for("update");
  }
  const registrationIds = found.registrations.map((r) => r.id).sort();
  if (registrationIds.length > 0) {
    await tx
      .select({ id: courseRegistrations.id })
      .from(courseRegistrations)
      .where(inArray(courseRegistrations.id, registrationIds))
      .orderBy(asc(courseRegistrations.id))
      .for("update");
  }
}

async function eraseBookingsPart(tx: Tx, plan: BookingsPlan, at: Date) {
  if (plan.deleteInterests.length > 0)
    await tx.delete(courseInterests).where(inArray(courseInterests.id, plan.deleteInterests));
  if (plan.anonymiseRegistrations.length > 0) {
    await tx
      .update(courseRegistrations)
      .set({
        name: ERASED_NAME.participant,
        email: erasedAddressSql(courseRegistrations.id),
        phone: null,
        organization: null,
        idNumber: null,
        idNumberLast4: null,
        specialRequirements: null,
        ip: null,
        updatedAt: at,
      })
      .where(inArray(courseRegistrations.id, plan.anonymiseRegistrations));
  }
  for (const { id, keepBuyer } of plan.anonymiseBookings) {
    const buyer = {
      contactName: ERASED_NAME.contact,
      contactEmail: erasedAddress(id),
      contactPhone: null,
      organization: null,
      kraPin: null,
      lpoNumber: null,
    };
    await tx
      .update(bookings)
      .set({ ...(keepBuyer ? {} : buyer), ip: null, updatedAt: at })
      .where(eq(bookings.id, id));
  }
  return {
    interestsDeleted: plan.deleteInterests.length,
    registrationsAnonymised: plan.anonymiseRegistrations.length,
    bookingsAnonymised: plan.anonymiseBookings.filter((b) => !b.keepBuyer).length,
  };
}

/** All the registrations' sealed ID numbers, which the person's copy opens. */
async function sealedIdNumbers(registrationIds: string[], executor: Executor) {
  if (registrationIds.length === 0) return new Map<string, string | null>();
  const rows = await executor
    .select({ id: courseRegistrations.id, idNumber: courseRegistrations.idNumber })
    .from(courseRegistrations)
    .where(inArray(courseRegistrations.id, registrationIds));
  return new Map(rows.map((row) => [row.id, row.idNumber]));
}

async function copyBookingsPart(found: BookingsPersonalData, executor: Executor) {
  const sealed = await sealedIdNumbers(
    found.registrations.map((r) => r.id),
    executor,
  );
  return {
    registrations: found.registrations.map((r) => ({
      reference: r.reference,
      name: r.name,
      email: r.email,
      phone: r.phone,
      organization: r.organization,
      idOrPassportNumber: openIdNumber(sealed.get(r.id) ?? null),
      course: r.courseName,
      courseDate: r.courseDate,
      venue: r.courseVenue,
      specialRequirements: r.specialRequirements,
      status: r.status,
      registeredAt: iso(r.createdAt),
      deletedAt: iso(r.deletedAt),
      ipAddress: r.ip,
    })),
    bookings: found.bookings.map((b) => ({
      reference: b.reference,
      course: b.courseTitle,
      contactName: b.contactName,
      contactEmail: b.contactEmail,
      contactPhone: b.contactPhone,
      organization: b.organization,
      kraPin: b.kraPin,
      lpoNumber: b.lpoNumber,
      participants: b.participants,
      status: b.status,
      bookedAt: iso(b.createdAt),
      ipAddress: b.ip,
    })),
    courseInterests: found.interests.map((i) => ({
      course: i.courseTitle,
      name: i.name,
      email: i.email,
      askedAt: iso(i.createdAt),
      ipAddress: i.ip,
    })),
  };
}

export const bookingsPersonalData = {
  find: findBookingsPart,
  plan: planBookings,
  erase: eraseBookingsPart,
  copy: copyBookingsPart,
} satisfies PersonalDataContributor<BookingsPersonalData, NoLinks, BookingsErasureContext, BookingsPlan>;
