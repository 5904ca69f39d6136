import { db, type Executor } from "#app/platform/db/client.server";
import {
  type CalendarFilter,
  type CourseFilter,
  type CourseView,
  type CourseWithRuns,
  listUpcomingRunsWithoutSeats,
  publicCoursesWithoutSeats,
  publicCourseWithoutSeats,
  upcomingRunsWithoutSeats,
} from "#app/site/index.server";
import { privateRunOrganisation } from "../private-run-organisation.server";
import { seatsForRuns } from "./run-seats.server";

// The runs as the site shows and schedules them, each with its seats read now by the one seat rule
// (`seatsForRuns`): the site reads the runs (and caches the public ones), the booking counts who holds a seat.

/** The courses with each run's free seats, read now: new objects, so a cached list is never changed. */
export async function withSeats(list: CourseWithRuns[], executor: Executor = db()): Promise<CourseView[]> {
  const seats = await seatsForRuns(
    list.flatMap((course) => course.runs.map((run) => run.id)),
    executor,
  );
  return list.map((course) => ({
    ...course,
    runs: course.runs.map((run) => ({ ...run, seatsLeft: seats.get(run.id)?.left ?? null })),
  }));
}

/** Active courses with their runs from the public cache, and each run's free seats read now. */
export async function publicCourses(filter: CourseFilter = {}) {
  return withSeats(await publicCoursesWithoutSeats(filter));
}

export async function publicCourse(slug: string) {
  const course = await publicCourseWithoutSeats(slug);
  return course && (await withSeats([course]))[0];
}

/** Upcoming runs in date order, with their free seats, for the calendar page and the feed. */
export async function listUpcomingRuns(filter: CalendarFilter = {}, executor: Executor = db()) {
  const runs = await listUpcomingRunsWithoutSeats(filter, executor);
  const seats = await seatsForRuns(
    runs.map((run) => run.id),
    executor,
  );
  return runs.map((run) => ({ ...run, seatsLeft: seats.get(run.id)?.left ?? null }));
}

/** The dashboard's "runs starting soon", each with its seats taken. */
export async function upcomingRuns(from: string) {
  const runs = await upcomingRunsWithoutSeats(from, privateRunOrganisation);
  const seats = await seatsForRuns(runs.map((run) => run.id));
  return runs.map((run) => ({ ...run, taken: seats.get(run.id)?.taken ?? 0 }));
}

export type UpcomingRun = Awaited<ReturnType<typeof upcomingRuns>>[number];
