import { and, asc, eq, sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/client.server";
import { courseRuns } from "#app/db/schema";
import type { CourseRunInput } from "#app/schemas/course";
import { type AuditActor, recordAudit } from "#app/services/audit.server";
import { notifyInterestedOfRun } from "./course-interest.server";
import { lockRunSeats } from "./run-seats.server";
import { offerFreeSeats } from "./waitlist-offer.server";

const runColumns = {
  id: courseRuns.id,
  courseId: courseRuns.courseId,
  startDate: courseRuns.startDate,
  endDate: courseRuns.endDate,
  label: courseRuns.label,
  venue: courseRuns.venue,
  country: courseRuns.country,
  deliveryMode: courseRuns.deliveryMode,
  capacity: courseRuns.capacity,
  minParticipants: courseRuns.minParticipants,
  costOverride: courseRuns.costOverride,
  status: courseRuns.status,
  createdAt: courseRuns.createdAt,
  updatedAt: courseRuns.updatedAt,
};

export type AdminCourseRun = Awaited<ReturnType<typeof listRunsForCourse>>[number];

/** A course's runs by start date; undated runs (self-paced, to be announced) last. */
export async function listRunsForCourse(courseId: string, executor: Executor = db()) {
  return executor
    .select(runColumns)
    .from(courseRuns)
    .where(eq(courseRuns.courseId, courseId))
    .orderBy(sql`${courseRuns.startDate} asc nulls last`, asc(courseRuns.createdAt));
}

const toRow = (input: CourseRunInput) => ({
  ...input,
  costOverride: input.costOverride === null ? null : input.costOverride.toFixed(2),
});

const ofCourse = (courseId: string, runId: string) =>
  and(eq(courseRuns.id, runId), eq(courseRuns.courseId, courseId));

export async function createCourseRun(actor: AuditActor, courseId: string, input: CourseRunInput) {
  return db().transaction(async (tx) => {
    const [run] = await tx
      .insert(courseRuns)
      .values({ ...toRow(input), courseId })
      .returning(runColumns);
    if (!run) throw new Error("insert returned no row");
    await notifyInterestedOfRun(tx, run);
    await recordAudit(tx, actor, {
      action: "Created course run",
      tableName: "course_runs",
      recordId: run.id,
      newValues: run,
    });
    return run;
  });
}

/** Updates a run of the given course; undefined when no such run belongs to it. */
export async function updateCourseRun(
  actor: AuditActor,
  courseId: string,
  runId: string,
  input: CourseRunInput,
) {
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select(runColumns)
      .from(courseRuns)
      .where(ofCourse(courseId, runId))
      .for("update");
    if (!before) return undefined;
    const [run] = await tx
      .update(courseRuns)
      .set({ ...toRow(input), updatedAt: new Date() })
      .where(ofCourse(courseId, runId))
      .returning(runColumns);
    await recordAudit(tx, actor, {
      action: "Updated course run",
      tableName: "course_runs",
      recordId: runId,
      oldValues: before,
      newValues: run,
    });
    // a larger capacity (or a run no longer marked full) frees seats for the waiting list
    const seats = await lockRunSeats(tx, runId);
    if (seats) await offerFreeSeats(tx, seats);
    return run;
  });
}

export async function deleteCourseRun(actor: AuditActor, courseId: string, runId: string) {
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select(runColumns)
      .from(courseRuns)
      .where(ofCourse(courseId, runId))
      .for("update");
    if (!before) return false;
    await tx.delete(courseRuns).where(ofCourse(courseId, runId));
    await recordAudit(tx, actor, {
      action: "Deleted course run",
      tableName: "course_runs",
      recordId: runId,
      oldValues: before,
    });
    return true;
  });
}
