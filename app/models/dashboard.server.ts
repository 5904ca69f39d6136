import { count, desc, isNull, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { contactSubmissions, courseRegistrations, courses, testimonials } from "#app/db/schema";
import { CONTACT_STATUSES } from "#app/schemas/admin-lists";
import { getTodayWork } from "./dashboard-today.server";

/** The dashboard's counts of the small tables, in one statement (deleted contacts awaiting restore are not counted). */
async function smallTableCounts() {
  const [row] = await db()
    .select({
      contacts: sql<number>`(select count(*)::int from ${contactSubmissions} where ${contactSubmissions.deletedAt} is null)`,
      activeCourses: sql<number>`(select count(*)::int from ${courses} where ${courses.status} = 'active')`,
      testimonials: sql<number>`(select count(*)::int from ${testimonials})`,
    })
    .from(sql`(select 1) as one`);
  return {
    contacts: row?.contacts ?? 0,
    activeCourses: row?.activeCourses ?? 0,
    testimonials: row?.testimonials ?? 0,
  };
}

const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/**
 * The last `months` months in Nairobi time, oldest first: "YYYY-MM" and the instants it begins and ends.
 * Nairobi has no daylight saving, so a fixed offset is exact and needs no time-zone database.
 */
export function lastMonths(months: number, now = new Date()) {
  const local = new Date(now.getTime() + NAIROBI_OFFSET_MS);
  return Array.from({ length: months }, (_, i) => {
    const year = local.getUTCFullYear();
    const month = local.getUTCMonth() - (months - 1 - i);
    return {
      key: new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 7),
      from: new Date(Date.UTC(year, month, 1) - NAIROBI_OFFSET_MS),
      to: new Date(Date.UTC(year, month + 1, 1) - NAIROBI_OFFSET_MS),
    };
  });
}

/**
 * Every dashboard figure about registrations from one pass over the live rows (decision 0605): the total, the
 * new ones to confirm, per Nairobi month over the last twelve months (months without any as zero) and the ten
 * courses with the most. Grouped by course only (a few dozen groups), each month a FILTER aggregate; the
 * courses come ordered by their count, then name, in the database's collation.
 */
export async function registrationFigures(now = new Date()) {
  const t = courseRegistrations;
  const months = lastMonths(12, now);
  const perMonth = months.map(
    ({ from, to }) =>
      sql`(count(*) filter (where ${t.createdAt} >= ${from} and ${t.createdAt} < ${to}))::int`,
  );
  const rows = await db()
    .select({
      course: t.courseName,
      n: count(),
      fresh: sql<number>`(count(*) filter (where ${t.status} = 'new'))::int`,
      months: sql<number[]>`array[${sql.join(perMonth, sql`, `)}]`,
    })
    .from(t)
    .where(isNull(t.deletedAt))
    .groupBy(t.courseName)
    .orderBy(desc(count()), t.courseName);
  return {
    total: rows.reduce((sum, row) => sum + row.n, 0),
    newCount: rows.reduce((sum, row) => sum + row.fresh, 0),
    perMonth: months.map(({ key: month }, i) => ({
      month,
      count: rows.reduce((sum, row) => sum + (row.months[i] ?? 0), 0),
    })),
    byCourse: rows.slice(0, 10).map((row) => ({ course: row.course, count: row.n })),
  };
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

/** Everything the dashboard shows; the registrations table is read once for all its figures. */
export async function getDashboard(now = new Date()) {
  const registrations = registrationFigures(now);
  const [figures, today, counts, byStatus, latest, contacts] = await Promise.all([
    registrations,
    getTodayWork(registrations.then((figures) => figures.newCount)),
    smallTableCounts(),
    contactsByStatus(),
    latestRegistrations(),
    latestContacts(),
  ]);
  return {
    today,
    counts: { registrations: figures.total, ...counts },
    perMonth: figures.perMonth,
    byCourse: figures.byCourse,
    byStatus,
    registrations: latest,
    contacts,
    money: today.money,
  };
}
