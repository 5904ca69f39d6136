import crypto from "node:crypto";
import { and, asc, eq, gte, isNull, ne, or } from "drizzle-orm";
import { db, type Executor } from "#app/db/client.server";
import { courseRuns, courses } from "#app/db/schema";
import { DELIVERY_LABELS } from "#app/schemas/course";
import { formatLongDate, today } from "#app/utils/dates";
import { formatKsh } from "#app/utils/money";
import { seatsForRuns } from "./run-seats.server";

export type RegistrationRun = {
  id: string;
  date: string | null;
  venue: string | null;
  cost: string | null;
  mode: string;
  /** Seats still free; null when the run has no capacity. */
  seatsLeft: number | null;
};
export type RegistrationCourse = {
  slug: string;
  title: string;
  duration: string | null;
  cost: string | null;
  runs: RegistrationRun[];
};

const formatDuration = (days: number | null) => (days ? `${days} ${days === 1 ? "day" : "days"}` : null);

/** The active courses and their upcoming runs (not started, not cancelled), as the registration forms offer them. */
export async function listRegistrationCourses(executor: Executor = db()): Promise<RegistrationCourse[]> {
  const rows = await executor
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      durationDays: courses.durationDays,
      cost: courses.cost,
    })
    .from(courses)
    .where(eq(courses.status, "active"))
    .orderBy(asc(courses.sortOrder), asc(courses.title));
  const runs = await executor
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      label: courseRuns.label,
      startDate: courseRuns.startDate,
      venue: courseRuns.venue,
      deliveryMode: courseRuns.deliveryMode,
      costOverride: courseRuns.costOverride,
    })
    .from(courseRuns)
    .where(
      and(
        ne(courseRuns.status, "cancelled"),
        or(isNull(courseRuns.startDate), gte(courseRuns.startDate, today())),
      ),
    )
    .orderBy(asc(courseRuns.startDate));
  const seats = await seatsForRuns(
    runs.map((run) => run.id),
    executor,
  );
  return rows.map((course) => ({
    slug: course.slug,
    title: course.title,
    duration: formatDuration(course.durationDays),
    cost: formatKsh(course.cost),
    runs: runs
      .filter((run) => run.courseId === course.id)
      .map((run) => ({
        id: run.id,
        date: run.label ?? (run.startDate ? formatLongDate(run.startDate) : null),
        venue: run.venue,
        cost: formatKsh(run.costOverride ?? course.cost),
        mode: DELIVERY_LABELS[run.deliveryMode],
        seatsLeft: seats.get(run.id)?.left ?? null,
      })),
  }));
}

/**
 * The course details stored with a registration, read from the database by slug and run id: the text a
 * browser posts is never trusted. A run of another course is ignored (the visitor changed the course).
 */
export async function findCourseSnapshot(executor: Executor, slug: string, runId: string | null) {
  const [course] = await executor
    .select({ id: courses.id, title: courses.title, durationDays: courses.durationDays, cost: courses.cost })
    .from(courses)
    .where(and(eq(courses.slug, slug), eq(courses.status, "active")));
  if (!course) return null;
  const [run] = runId
    ? await executor
        .select({
          id: courseRuns.id,
          label: courseRuns.label,
          venue: courseRuns.venue,
          costOverride: courseRuns.costOverride,
        })
        .from(courseRuns)
        .where(
          and(
            eq(courseRuns.id, runId),
            eq(courseRuns.courseId, course.id),
            ne(courseRuns.status, "cancelled"),
          ),
        )
    : [];
  return {
    courseId: course.id,
    runId: run?.id ?? null,
    courseName: course.title,
    courseDate: run?.label ?? null,
    courseVenue: run?.venue ?? null,
    courseCost: formatKsh(run?.costOverride ?? course.cost),
    courseDuration: formatDuration(course.durationDays),
  };
}

// No 0/O, 1/I/L: the reference is read out over the phone and typed as an M-PESA account number.
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/** What newRegistrationReference makes: MF- and eight letters and digits of the alphabet above. */
export const REFERENCE_PATTERN = /^MF-[2-9A-HJKMNP-Z]{8}$/;

export function newRegistrationReference() {
  let code = "";
  for (let i = 0; i < 8; i++) code += REFERENCE_ALPHABET[crypto.randomInt(REFERENCE_ALPHABET.length)];
  return `MF-${code}`;
}
