import { sql } from "drizzle-orm";
import { bookings } from "#app/booking/tables.server";
import { courses } from "#app/site/tables.server";

/**
 * What a booking bills, for a list of bookings joined to their course: the course's title, or for a consultancy
 * milestone's billing booking (decision 0673) "Milestone: <its title>", so no row reads as a course without one.
 */
export const bookingSubjectSql = sql<string | null>`coalesce(${courses.title}, (
  select 'Milestone: ' || m.title from engagement_milestones m where m.booking_id = ${bookings.id}))`;
