import { count, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { contactSubmissions, courseRegistrations, courses, testimonials } from "#app/db/schema";
import { CONTACT_STATUSES } from "#app/schemas/admin-lists";

/** The four dashboard counts of spec §2 (deleted rows awaiting restore are not counted). */
export async function getDashboardCounts() {
  const [[registrations], [contacts], [activeCourses], [testimonialCount]] = await Promise.all([
    db().select({ n: count() }).from(courseRegistrations).where(isNull(courseRegistrations.deletedAt)),
    db().select({ n: count() }).from(contactSubmissions).where(isNull(contactSubmissions.deletedAt)),
    db().select({ n: count() }).from(courses).where(eq(courses.status, "active")),
    db().select({ n: count() }).from(testimonials),
  ]);
  return {
    registrations: registrations?.n ?? 0,
    contacts: contacts?.n ?? 0,
    activeCourses: activeCourses?.n ?? 0,
    testimonials: testimonialCount?.n ?? 0,
  };
}

const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/** "YYYY-MM" of the last `months` months in Nairobi time, oldest first, and the instant the first begins. */
export function lastMonths(months: number, now = new Date()) {
  const local = new Date(now.getTime() + NAIROBI_OFFSET_MS);
  const keys: string[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - i, 1));
    keys.push(d.toISOString().slice(0, 7));
  }
  const start = new Date(`${keys[0]}-01T00:00:00+03:00`);
  return { keys, start };
}

// Nairobi has no daylight saving, so a fixed offset is exact and needs no time-zone database.
const nairobiMonth = sql<string>`to_char((${courseRegistrations.createdAt} at time zone 'UTC') + interval '3 hours', 'YYYY-MM')`;

/** Registrations per month over the last twelve months, months without any included as zero. */
export async function registrationsPerMonth(now = new Date()) {
  const { keys, start } = lastMonths(12, now);
  const rows = await db()
    .select({ month: nairobiMonth, n: count() })
    .from(courseRegistrations)
    .where(sql`${courseRegistrations.deletedAt} is null and ${gte(courseRegistrations.createdAt, start)}`)
    .groupBy(nairobiMonth);
  const byMonth = new Map(rows.map((row) => [row.month, row.n]));
  return keys.map((month) => ({ month, count: byMonth.get(month) ?? 0 }));
}

/** The ten courses with the most (live) registrations. */
export async function registrationsByCourse(limit = 10) {
  return db()
    .select({ course: courseRegistrations.courseName, count: count() })
    .from(courseRegistrations)
    .where(isNull(courseRegistrations.deletedAt))
    .groupBy(courseRegistrations.courseName)
    .orderBy(desc(count()), courseRegistrations.courseName)
    .limit(limit);
}

/** Contact submissions per status, every status present (zero when none). */
export async function contactsByStatus() {
  const rows = await db()
    .select({ status: contactSubmissions.status, n: count() })
    .from(contactSubmissions)
    .where(isNull(contactSubmissions.deletedAt))
    .groupBy(contactSubmissions.status);
  const byStatus = new Map(rows.map((row) => [row.status, row.n]));
  return CONTACT_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
}

export async function latestRegistrations(limit = 5) {
  return db()
    .select({
      id: courseRegistrations.id,
      name: courseRegistrations.name,
      courseName: courseRegistrations.courseName,
      courseDate: courseRegistrations.courseDate,
      courseVenue: courseRegistrations.courseVenue,
      status: courseRegistrations.status,
      createdAt: courseRegistrations.createdAt,
    })
    .from(courseRegistrations)
    .where(isNull(courseRegistrations.deletedAt))
    .orderBy(desc(courseRegistrations.createdAt))
    .limit(limit);
}

export async function latestContacts(limit = 5) {
  return db()
    .select({
      id: contactSubmissions.id,
      name: contactSubmissions.name,
      message: contactSubmissions.message,
      status: contactSubmissions.status,
      createdAt: contactSubmissions.createdAt,
    })
    .from(contactSubmissions)
    .where(isNull(contactSubmissions.deletedAt))
    .orderBy(desc(contactSubmissions.createdAt))
    .limit(limit);
}
