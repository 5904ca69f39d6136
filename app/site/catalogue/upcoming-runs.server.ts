import { and, asc, eq, gte, lte, ne } from "drizzle-orm";
import { organisations } from "#app/organisations/tables.server";
import { db } from "#app/platform/db/client.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { addDays } from "#app/utils/dates";
import { organisationOnRecord, type RunOrganisationName } from "./course-runs.server";

/** How far ahead the dashboard looks for runs that need seats filled or confirmed. */
export const UPCOMING_RUN_DAYS = 30;

/**
 * Runs starting from `from` to UPCOMING_RUN_DAYS ahead (not cancelled), soonest first, with their capacity and
 * minimum group: the dashboard's "runs starting soon", to which the booking's `upcomingRuns` adds the seats taken.
 */
export async function upcomingRunsWithoutSeats(
  from: string,
  organisationName: RunOrganisationName = organisationOnRecord,
) {
  return db()
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      courseTitle: courses.title,
      startDate: courseRuns.startDate,
      label: courseRuns.label,
      venue: courseRuns.venue,
      capacity: courseRuns.capacity,
      minParticipants: courseRuns.minParticipants,
      private: courseRuns.private,
      organisationName,
    })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .leftJoin(organisations, eq(organisations.id, courseRuns.organisationId))
    .where(
      and(
        ne(courseRuns.status, "cancelled"),
        gte(courseRuns.startDate, from),
        lte(courseRuns.startDate, addDays(from, UPCOMING_RUN_DAYS)),
      ),
    )
    .orderBy(asc(courseRuns.startDate), asc(courses.title));
}
