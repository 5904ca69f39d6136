import { count, desc, isNull, sql } from "drizzle-orm";
import { CONTACT_STATUSES } from "#app/back-office/lists/admin-lists";
import { courseRegistrations, registrationTallies } from "#app/booking/tables.server";
import { db } from "#app/platform/db/client.server";
import { contactSubmissions } from "#app/sales/tables.server";
import { courses, testimonials } from "#app/site/tables.server";
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

/** "YYYY-MM" of the last `months` months in Nairobi time (no daylight saving: a fixed offset), oldest first. */
export function lastMonths(months: number, now = new Date()) {
  const local = new Date(now.getTime() + NAIROBI_OFFSET_MS);
  return Array.from({ length: months }, (_, i) =>
    new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - (months - 1 - i), 1))
      .toISOString()
      .slice(0, 7),
  );
}

/**
 * Every dashboard figure about registrations, read from the tallies that triggers keep (decision 0605), not
 * from the registrations: the total, the new ones to confirm, per Nairobi month over the last twelve months
 * (months without any as zero) and the ten courses with the most.
 */
export async function registrationFigures(now = new Date()) {
  const t = registrationTallies;
  const months = lastMonths(12, now);
  const total = sql<number>`sum(${t.n})::int`;
  const [perMonth, byCourse] = await Promise.all([
    db()
      .select({
        month: t.month,
        n: total,
        fresh: sql<number>`coalesce(sum(${t.n}) filter (where ${t.status} = 'new'), 0)::int`,
      })
      .from(t)
      .groupBy(t.month),
    db()
      .select({ course: t.courseName, count: total })
      .from(t)
      .groupBy(t.courseName)
      .having(sql`sum(${t.n}) > 0`)
      .orderBy(desc(total), t.courseName)
      .limit(10),
  ]);
  const byMonth = new Map(perMonth.map((row) => [row.month, row.n]));
  return {
    total: perMonth.reduce((sum, row) => sum + row.n, 0),
    newCount: perMonth.reduce((sum, row) => sum + row.fresh, 0),
    perMonth: months.map((month) => ({ month, count: byMonth.get(month) ?? 0 })),
    byCourse,
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
