import { and, asc, eq, gte, lte, ne } from "drizzle-orm";
import { organisations } from "#app/organisations/tables.server";
import { db } from "#app/platform/db/client.server";
import { privateRunOrganisation, seatsForRuns } from "#app/site/index.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { addDays } from "#app/utils/dates";

/** How far ahead the dashboard looks for runs that need seats filled or confirmed. */
export const UPCOMING_RUN_DAYS = 30;

/**
 * Runs starting from `from` to UPCOMING_RUN_DAYS ahead (not cancelled), soonest first, with their seats taken
 * (the one seat rule of seatsForRuns), capacity and minimum group: the dashboard's "runs starting soon".
 */
export async function upcomingRuns(from: string) {
  const runs = await db()
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
      organisationName: privateRunOrganisation,
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
  const seats = await seatsForRuns(runs.map((run) => run.id));
  return runs.map((run) => ({ ...run, taken: seats.get(run.id)?.taken ?? 0 }));
}

export type UpcomingRun = Awaited<ReturnType<typeof upcomingRuns>>[number];
