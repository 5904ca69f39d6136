import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { certificates } from "#app/delivery/tables.server";
import { organisationMoney } from "#app/money/index.server";
import { organisationColumns } from "#app/organisations/index.server";
import { organisations } from "#app/organisations/tables.server";
import { db } from "#app/platform/db/client.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { listEngagementsOf } from "../engagements/engagement.server";
import { listOrganisationEnquiries } from "../enquiries/enquiry.server";

// The organisations as the office browses them, with what the firm has done with each: the register itself
// (records, names, the form) is app/organisations; these read bookings, money, enquiries and engagements too.

const PAGE_SIZE = 25;

/** A page of the organisations whose name contains `q` (any case), by name, each with its number of bookings. */
export async function listOrganisations(q: string, page: number) {
  const bookingCount = db()
    .select({ organisationId: bookings.organisationId, n: count().as("n") })
    .from(bookings)
    // course bookings: a milestone's billing booking is counted with its engagement
    .where(eq(bookings.kind, "course"))
    .groupBy(bookings.organisationId)
    .as("booking_count");
  const where = q ? sql`strpos(lower(${organisations.name}), lower(${q})) > 0` : undefined;
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: organisations.id,
        name: organisations.name,
        type: organisations.type,
        kraPin: organisations.kraPin,
        bookings: sql<number>`coalesce(${bookingCount.n}, 0)::int`,
      })
      .from(organisations)
      .leftJoin(bookingCount, eq(bookingCount.organisationId, organisations.id))
      .where(where)
      .orderBy(asc(organisations.name), asc(organisations.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db().select({ n: count() }).from(organisations).where(where),
  ]);
  const n = total?.n ?? 0;
  return { rows, total: n, page, pageCount: Math.max(1, Math.ceil(n / PAGE_SIZE)) };
}

/**
 * Everything the firm has done with one organisation: its bookings (with course and date), the participants
 * who attended, the certificates standing (revoked ones aside), its money as the finance overview counts it, and
 * its enquiries and engagements.
 */
export async function getOrganisationPage(id: string) {
  const [organisation] = await db()
    .select(organisationColumns)
    .from(organisations)
    .where(eq(organisations.id, id));
  if (!organisation) return null;
  const live = and(eq(bookings.organisationId, id), isNull(courseRegistrations.deletedAt));
  const [bookingRows, [trained], [certified], money, enquiryRows, engagementRows] = await Promise.all([
    db()
      .select({
        id: bookings.id,
        reference: bookings.reference,
        status: bookings.status,
        participants: bookings.participants,
        contactName: bookings.contactName,
        createdAt: bookings.createdAt,
        courseTitle: courses.title,
        runLabel: courseRuns.label,
        startDate: courseRuns.startDate,
      })
      .from(bookings)
      .leftJoin(courses, eq(courses.id, bookings.courseId))
      .leftJoin(courseRuns, eq(courseRuns.id, bookings.runId))
      // a milestone's billing booking is shown with its engagement
      .where(and(eq(bookings.organisationId, id), eq(bookings.kind, "course")))
      .orderBy(desc(bookings.createdAt), desc(bookings.id)),
    db()
      .select({ n: count() })
      .from(courseRegistrations)
      .innerJoin(bookings, eq(bookings.id, courseRegistrations.bookingId))
      .where(and(live, eq(courseRegistrations.status, "attended"))),
    db()
      .select({ n: count() })
      .from(certificates)
      .innerJoin(courseRegistrations, eq(courseRegistrations.id, certificates.registrationId))
      .innerJoin(bookings, eq(bookings.id, courseRegistrations.bookingId))
      .where(and(eq(bookings.organisationId, id), isNull(certificates.revokedAt))),
    organisationMoney(id),
    listOrganisationEnquiries(id),
    listEngagementsOf({ organisationId: id }),
  ]);
  return {
    organisation,
    bookings: bookingRows,
    participantsTrained: trained?.n ?? 0,
    certificates: certified?.n ?? 0,
    money,
    enquiries: enquiryRows,
    engagements: engagementRows,
  };
}

export type OrganisationPage = NonNullable<Awaited<ReturnType<typeof getOrganisationPage>>>;
