import { count, eq, isNull } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { contactSubmissions, courseRegistrations, courses, testimonials } from "#app/db/schema";

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
