import { and, asc, eq, gte, inArray, lte, ne } from "drizzle-orm";
import { runTrainers, runVenueHolds, trainerLeave, trainerProfiles } from "#app/delivery/tables.server";
import type { Executor } from "#app/platform/db/client.server";
import { sessionsOfRuns } from "#app/site/index.server";
import { courseRuns, courses } from "#app/site/tables.server";

// What stands in the way of a trainer or a room on a run (issue 48, decision 0761): checked per session day,
// never over the run's span, so a run's gap days (a weekend, a holiday) clash with nothing and a Saturday added
// on purpose is a day like any other.

/** A day one resource is already taken, by which course date. */
export type TakenDay = { date: string; runId: string; title: string };

const runColumns = {
  id: courseRuns.id,
  startDate: courseRuns.startDate,
  endDate: courseRuns.endDate,
  country: courseRuns.country,
  title: courses.title,
};

/** The session dates of the runs, by run id. */
async function sessionDates(executor: Executor, runIds: readonly string[]) {
  if (runIds.length === 0) return new Map<string, { title: string; dates: string[] }>();
  const runs = await executor
    .select(runColumns)
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(inArray(courseRuns.id, [...runIds]));
  const sessions = await sessionsOfRuns(runs, executor);
  return new Map(
    runs.map((run) => [run.id, { title: run.title, dates: (sessions.get(run.id) ?? []).map((s) => s.date) }]),
  );
}

/** The session dates of one run. */
export async function runSessionDates(executor: Executor, runId: string) {
  return (await sessionDates(executor, [runId])).get(runId)?.dates ?? [];
}

/** The days of `dates` another of `others` runs is held on too. */
async function takenDays(executor: Executor, dates: readonly string[], others: readonly string[]) {
  const wanted = new Set(dates);
  const held = await sessionDates(executor, others);
  return [...held.entries()]
    .flatMap(([runId, run]) =>
      run.dates.filter((date) => wanted.has(date)).map((date) => ({ date, runId, title: run.title })),
    )
    .sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title));
}

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
export const isoWeekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

export type TrainerCheck = {
  /** the run's session dates */
  dates: string[];
  /** session days inside the trainer's leave: a hard stop */
  leave: string[];
  /** session days the trainer already trains another course date (requested or accepted) */
  clashes: TakenDay[];
  /** session days outside the trainer's weekly pattern: a warning */
  offPattern: string[];
};

/** What the trainer's leave, other runs and weekly pattern say about their training this run. */
export async function checkTrainer(executor: Executor, runId: string, userId: string): Promise<TrainerCheck> {
  const dates = await runSessionDates(executor, runId);
  if (dates.length === 0) return { dates, leave: [], clashes: [], offPattern: [] };
  const first = dates[0] as string;
  const last = dates.at(-1) as string;
  const leaves = await executor
    .select({ startDate: trainerLeave.startDate, endDate: trainerLeave.endDate })
    .from(trainerLeave)
    .where(
      and(
        eq(trainerLeave.userId, userId),
        lte(trainerLeave.startDate, last),
        gte(trainerLeave.endDate, first),
      ),
    );
  const leave = dates.filter((date) => leaves.some((l) => l.startDate <= date && date <= l.endDate));
  const others = await executor
    .select({ runId: runTrainers.runId })
    .from(runTrainers)
    .innerJoin(courseRuns, eq(courseRuns.id, runTrainers.runId))
    .where(
      and(
        eq(runTrainers.userId, userId),
        inArray(runTrainers.state, ["requested", "accepted"]),
        ne(runTrainers.runId, runId),
        ne(courseRuns.status, "cancelled"),
      ),
    )
    .orderBy(asc(runTrainers.runId));
  const clashes = await takenDays(
    executor,
    dates,
    others.map((o) => o.runId),
  );
  const [profile] = await executor
    .select({ weekdays: trainerProfiles.availableWeekdays })
    .from(trainerProfiles)
    .where(eq(trainerProfiles.userId, userId));
  const weekdays = new Set(profile?.weekdays ?? [1, 2, 3, 4, 5]);
  const offPattern = dates.filter((date) => !weekdays.has(isoWeekday(date)));
  return { dates, leave, clashes, offPattern };
}

/** The session days another course date holding the same room meets on too: a room holds one group a day. */
export async function roomClashes(executor: Executor, runId: string, roomId: string): Promise<TakenDay[]> {
  const dates = await runSessionDates(executor, runId);
  const others = await executor
    .select({ runId: runVenueHolds.runId })
    .from(runVenueHolds)
    .innerJoin(courseRuns, eq(courseRuns.id, runVenueHolds.runId))
    .where(
      and(
        eq(runVenueHolds.roomId, roomId),
        ne(runVenueHolds.runId, runId),
        ne(courseRuns.status, "cancelled"),
      ),
    );
  return takenDays(
    executor,
    dates,
    others.map((o) => o.runId),
  );
}
