import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { courseRegistrations as r } from "#app/booking/tables.server";
import { runTrainers } from "#app/delivery/tables.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { users } from "#app/platform/db/tables.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { LIVE_STATUSES, runDatesText } from "./delivery-run.server";

/**
 * The ids of a run's trainers who accepted it (or whom the office confirmed): the policy lets them at that run's
 * delivery pages. A trainer only asked, or who declined, is not one of them.
 */
export async function listRunTrainerIds(runId: string, executor: Executor = db()) {
  const rows = await executor
    .select({ userId: runTrainers.userId })
    .from(runTrainers)
    .where(and(eq(runTrainers.runId, runId), eq(runTrainers.state, "accepted")))
    .orderBy(asc(runTrainers.createdAt));
  return rows.map((row) => row.userId);
}

/** A run's confirmed trainers by name (the NITA pack names them). */
export async function listRunTrainers(runId: string) {
  return db()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(runTrainers)
    .innerJoin(users, eq(users.id, runTrainers.userId))
    .where(and(eq(runTrainers.runId, runId), eq(runTrainers.state, "accepted")))
    .orderBy(asc(runTrainers.createdAt));
}

const isTrainer = sql`${users.roles} @> array['trainer']::text[]`;

/** The active accounts with the trainer role: who can be put on a run. */
export async function listTrainerCandidates() {
  return db()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(isTrainer, isNull(users.deactivatedAt)))
    .orderBy(asc(users.name), asc(users.email));
}

/** A trainer's accepted runs that have not ended, the one under way today first, then by start date. */
export async function listTrainerRuns(userId: string, day: string) {
  const runs = await db()
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      courseTitle: courses.title,
      label: courseRuns.label,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
      venue: courseRuns.venue,
      participants: sql<number>`(select count(*)::int from ${r} where ${r.runId} = ${courseRuns.id}
        and ${r.deletedAt} is null and ${r.status} in ${[...LIVE_STATUSES]})`,
    })
    .from(runTrainers)
    .innerJoin(courseRuns, eq(courseRuns.id, runTrainers.runId))
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(
      and(
        eq(runTrainers.userId, userId),
        eq(runTrainers.state, "accepted"),
        ne(courseRuns.status, "cancelled"),
        sql`coalesce(${courseRuns.endDate}, ${courseRuns.startDate}, ${day}) >= ${day}`,
      ),
    )
    .orderBy(sql`${courseRuns.startDate} asc nulls last`);
  return runs.map((run) => ({
    ...run,
    dates: runDatesText(run),
    today: run.startDate !== null && run.startDate <= day,
  }));
}
