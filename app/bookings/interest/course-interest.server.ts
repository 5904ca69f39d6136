import { and, asc, eq } from "drizzle-orm";
import type { InterestInput } from "#app/bookings/interest/interest";
import { courseInterests } from "#app/bookings/tables.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { enqueueEmails } from "#app/platform/email/outbox.server";
import { isPossibleSlug } from "#app/site/index.server";
import { courses } from "#app/site/tables.server";
import { formatLongDate, today } from "#app/utils/dates";
import { newRunNotice } from "../emails.server";

export type NewInterest = InterestInput & { slug: string; ip: string | null };

/**
 * Puts a person on an active course's interest list. Signing up twice (the same e-mail, in any case)
 * keeps the first row; undefined means there is no such active course.
 */
export async function addCourseInterest(input: NewInterest, executor: Executor = db()) {
  if (!isPossibleSlug(input.slug)) return undefined;
  const [course] = await executor
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.slug, input.slug), eq(courses.status, "active")));
  if (!course) return undefined;
  const [row] = await executor
    .insert(courseInterests)
    .values({ courseId: course.id, name: input.name, email: input.email, ip: input.ip })
    .onConflictDoNothing()
    .returning({ id: courseInterests.id });
  return { added: Boolean(row) };
}

/** A course's interest list, oldest first (admin course page). */
export async function listCourseInterests(courseId: string, executor: Executor = db()) {
  return executor
    .select({
      id: courseInterests.id,
      name: courseInterests.name,
      email: courseInterests.email,
      createdAt: courseInterests.createdAt,
    })
    .from(courseInterests)
    .where(eq(courseInterests.courseId, courseId))
    .orderBy(asc(courseInterests.createdAt));
}

type PublishedRun = {
  id: string;
  courseId: string;
  startDate: string | null;
  label: string | null;
  venue: string | null;
  status: string;
  private: boolean;
};

/**
 * Queues one e-mail per person on the course's list about a newly added run. Call it in the transaction
 * that inserts the run: the mail exists exactly when the run does, and a run is inserted once, so each
 * person hears of each run once. Runs added as history (already started), cancelled or private announce nothing.
 */
export async function notifyInterestedOfRun(tx: Executor, run: PublishedRun) {
  if (run.private || run.status === "cancelled" || (run.startDate !== null && run.startDate < today()))
    return 0;
  const [course] = await tx
    .select({ title: courses.title, slug: courses.slug })
    .from(courses)
    .where(and(eq(courses.id, run.courseId), eq(courses.status, "active")));
  if (!course) return 0;
  const people = await listCourseInterests(run.courseId, tx);
  const dates = run.label ?? (run.startDate ? formatLongDate(run.startDate) : null);
  await enqueueEmails(
    tx,
    people.map((person) => ({
      to: person.email,
      kind: "new_run_notice",
      relatedTable: "course_runs",
      relatedId: run.id,
      ...newRunNotice({
        name: person.name,
        courseTitle: course.title,
        courseSlug: course.slug,
        dates,
        venue: run.venue,
      }),
    })),
  );
  return people.length;
}
