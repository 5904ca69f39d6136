import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import { DELIVERY_LABELS } from "#app/site/catalogue/course";
import { type courseRuns, courses } from "#app/site/tables.server";
import { formatDuration, formatLongDate } from "#app/utils/dates";
import { formatKsh } from "#app/utils/money";
import { isOfferedRun } from "#app/utils/runs";
import { listActiveCoursesWithoutSeats, withSeats } from "./course.server";

export type RegistrationRun = {
  id: string;
  date: string | null;
  venue: string | null;
  cost: string | null;
  /** the fee in whole KES, for the form's total; null: on request */
  price: number | null;
  mode: string;
  /** Seats still free; null when the run has no capacity. */
  seatsLeft: number | null;
};
export type RegistrationCourse = {
  slug: string;
  title: string;
  duration: string | null;
  cost: string | null;
  price: number | null;
  runs: RegistrationRun[];
};

/** What a registration form offers of a course and what a registration stores of it. */
const COURSE_COLUMNS = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  durationDays: courses.durationDays,
  cost: courses.cost,
};

/** The active courses and their runs on offer, as the registration forms offer them: the catalogue's read. */
export async function listRegistrationCourses(executor: Executor = db()): Promise<RegistrationCourse[]> {
  const catalogue = await listActiveCoursesWithoutSeats({}, executor);
  const onOffer = catalogue.map((course) => ({ ...course, runs: course.runs.filter(isOfferedRun) }));
  return (await withSeats(onOffer, executor)).map((course) => ({
    slug: course.slug,
    title: course.title,
    duration: formatDuration(course.durationDays),
    cost: formatKsh(course.cost),
    price: course.cost,
    runs: course.runs.map((run) => ({
      id: run.id,
      date: run.label ?? (run.startDate ? formatLongDate(run.startDate) : null),
      venue: run.venue,
      cost: formatKsh(run.cost),
      price: run.cost,
      mode: DELIVERY_LABELS[run.deliveryMode],
      seatsLeft: run.seatsLeft,
    })),
  }));
}

/** A course as a registration books it: the columns above. */
type BookableCourse = Pick<typeof courses.$inferSelect, keyof typeof COURSE_COLUMNS>;

/** The active courses among `slugs`, by slug: what a registration may book (a slug the browser posts is checked here). */
export async function findActiveCourses(executor: Executor, slugs: readonly string[]) {
  const bySlug = new Map<string, BookableCourse>();
  if (slugs.length === 0) return bySlug;
  const rows = await executor
    .select(COURSE_COLUMNS)
    .from(courses)
    .where(and(inArray(courses.slug, [...new Set(slugs)]), eq(courses.status, "active")));
  for (const row of rows) bySlug.set(row.slug, row);
  return bySlug;
}

/**
 * The course details stored with a registration, from the course and run rows read on the server: the text a
 * browser posts is never trusted. The caller has checked that the run is of this course and not cancelled.
 */
export function courseSnapshot(
  course: BookableCourse,
  run: Pick<typeof courseRuns.$inferSelect, "id" | "label" | "venue" | "costOverride"> | null,
) {
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
