import { and, desc, eq, ilike, isNull, or, type SQL } from "drizzle-orm";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { db } from "#app/platform/db/client.server";
import type { SearchText } from "#app/platform/search/search-text.server";
import { courses } from "#app/site/tables.server";
import { referenceIn } from "./references/booking-reference";

/** How many of each kind the office's search shows: enough to pick from, bounded. */
const LIMIT = 10;

/** A booking reference however typed ("mf 72jfv9g8", "MF72JFV9G8", "MF-72JFV9G8"): the exact one. */
function referenceMatch(
  search: SearchText,
  column: typeof bookings.reference | typeof courseRegistrations.bookingReference,
) {
  const reference = referenceIn(search.text);
  return reference ? eq(column, reference) : undefined;
}

/** Bookings by reference, the contact's name, e-mail, organisation, or phone in any Kenyan form. */
export async function searchBookings(search: SearchText) {
  const conditions: (SQL | undefined)[] = [
    referenceMatch(search, bookings.reference),
    ilike(bookings.contactName, search.pattern),
    ilike(bookings.organization, search.pattern),
    ilike(bookings.contactEmail, search.pattern),
    search.phoneSha256 ? eq(bookings.contactPhoneSha256, search.phoneSha256) : undefined,
  ];
  return db()
    .select({
      reference: bookings.reference,
      contactName: bookings.contactName,
      organisation: bookings.organization,
      status: bookings.status,
      participants: bookings.participants,
      courseTitle: courses.title,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .leftJoin(courses, eq(courses.id, bookings.courseId))
    .where(or(...conditions))
    .orderBy(desc(bookings.createdAt))
    .limit(LIMIT);
}

/** Participants (not deleted) by name, e-mail, organisation, their booking's reference or their phone. */
export async function searchParticipants(search: SearchText) {
  const conditions: (SQL | undefined)[] = [
    referenceMatch(search, courseRegistrations.bookingReference),
    ilike(courseRegistrations.name, search.pattern),
    ilike(courseRegistrations.email, search.pattern),
    ilike(courseRegistrations.organization, search.pattern),
    search.phoneSha256 ? eq(courseRegistrations.phoneSha256, search.phoneSha256) : undefined,
  ];
  return db()
    .select({
      id: courseRegistrations.id,
      name: courseRegistrations.name,
      organisation: courseRegistrations.organization,
      bookingReference: courseRegistrations.bookingReference,
      courseName: courseRegistrations.courseName,
      status: courseRegistrations.status,
    })
    .from(courseRegistrations)
    .where(and(isNull(courseRegistrations.deletedAt), or(...conditions)))
    .orderBy(desc(courseRegistrations.createdAt))
    .limit(LIMIT);
}
