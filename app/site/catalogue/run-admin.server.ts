import { and, eq } from "drizzle-orm";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { auditedDelete, auditedInsert, auditedUpdate, lockRow } from "#app/platform/audited-change.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { courseRuns } from "#app/platform/db/schema";
import { today } from "#app/utils/dates";
import type { CourseRunInput } from "./course";
import { hasHistory, runHistory, runKeptReason, runStanding } from "./course-history.server";
import { listRunsForCourse, runColumns } from "./course-runs.server";
import { editRunSession, holidayNotice, resetRunSessions, type SessionEdit } from "./run-sessions.server";

// The run record as the back office keeps it: created, changed, deleted, its sessions. What a new or changed run
// sets going for its bookings (the waiting list, "notify me") is bookings' (run-bookings/run-changes.server.ts).

const toRow = (input: CourseRunInput) => ({
  ...input,
  costOverride: input.costOverride === null ? null : input.costOverride.toFixed(2),
});

/** The run of the given course an admin changes, as its audit row keeps it. */
const runRow = (courseId: string, runId: string) => ({
  table: courseRuns,
  columns: runColumns,
  where: and(eq(courseRuns.id, runId), eq(courseRuns.courseId, courseId)),
  recordId: runId,
});

/** Inserts a run of the given course with its sessions, audited, in the caller's transaction. */
export async function insertCourseRun(
  tx: Executor,
  actor: AuditActor,
  courseId: string,
  input: CourseRunInput,
) {
  const run = await auditedInsert(tx, actor, {
    action: "Created course run",
    table: courseRuns,
    columns: runColumns,
    values: { ...toRow(input), courseId },
  });
  // its sessions: the working days of its dates, without its country's public holidays (DESIGN §9)
  const { skipped } = await resetRunSessions(tx, run);
  return { ...run, notice: holidayNotice(skipped) };
}

/** What an accepted training quote schedules (decision 0671): one organisation's course on its own dates. */
export type PrivateRunPlan = {
  courseId: string;
  startDate: string;
  endDate: string | null;
  venue: string | null;
  /** the quote's participants: the run takes no one else */
  capacity: number;
  organisationId: string | null;
};

/**
 * The private run an accepted quote schedules, audited, with its sessions, in the acceptance's transaction: kept
 * off every public read (`publicRun()`); its booking is the booking's `bookPrivateRun`.
 */
export async function createPrivateRun(tx: Executor, actor: AuditActor, order: PrivateRunPlan) {
  const run = await auditedInsert(tx, actor, {
    action: "Created private course run",
    table: courseRuns,
    columns: runColumns,
    values: { ...order, private: true },
  });
  // its sessions: the working days of the quoted dates, without public holidays (DESIGN §9)
  await resetRunSessions(tx, run);
  return run;
}

/** `notice`: what the office should know of the saved dates (the public holidays they cross). */
export type RunWriteOutcome = { ok: true; notice?: string } | { ok: false; status: number; message: string };

export const NO_SUCH_RUN = { ok: false, status: 404, message: "This course date does not exist." } as const;

/** The run of the given course as it is before a change, locked until the change's transaction ends. */
export async function lockRun(tx: Executor, courseId: string, runId: string) {
  return lockRow(tx, runRow(courseId, runId));
}

/**
 * Saves the office's changes to a run of the given course, locked by `lockRun` in the caller's transaction:
 * audited, its default sessions made again when its dates or country change. A run booked from an organisation's
 * accepted quote stays private. `notice`: the public holidays the new dates cross.
 */
export async function saveCourseRun(
  tx: Executor,
  actor: AuditActor,
  courseId: string,
  before: NonNullable<Awaited<ReturnType<typeof lockRun>>>,
  input: CourseRunInput,
): Promise<RunWriteOutcome> {
  if (before.organisationId && !input.private) {
    return {
      ok: false,
      status: 409,
      message:
        "This course date was booked from an organisation's accepted quote: it stays private to that organisation.",
    };
  }
  await auditedUpdate(tx, actor, {
    action: "Updated course run",
    row: runRow(courseId, before.id),
    before,
    values: toRow(input),
  });
  // new dates or a new country: the default sessions of the new dates (days chosen by hand were for the old)
  let notice = "";
  if (
    before.startDate !== input.startDate ||
    before.endDate !== input.endDate ||
    (before.country ?? "") !== (input.country ?? "")
  ) {
    notice = holidayNotice((await resetRunSessions(tx, { ...input, id: before.id })).skipped);
  }
  return { ok: true, notice };
}

/**
 * Deletes a run that nobody ever booked. A run with bookings or issued documents is kept (decision 0630):
 * the answer says so and what to do instead, and the database's restrict keys refuse it whatever this says.
 */
export async function deleteCourseRun(actor: AuditActor, courseId: string, runId: string) {
  return db().transaction(async (tx): Promise<RunWriteOutcome> => {
    // the run's lock is the one every booking takes first, so no booking lands between the check and the delete
    const before = await lockRun(tx, courseId, runId);
    if (!before) return NO_SUCH_RUN;
    const history = await runHistory(runId, tx);
    if (hasHistory(history)) {
      return { ok: false, status: 409, message: runKeptReason(history, runStanding(before, today())) };
    }
    await auditedDelete(tx, actor, { action: "Deleted course run", row: runRow(courseId, runId) });
    return { ok: true };
  });
}

/**
 * Why a run is kept rather than deleted (its bookings, issued documents; null when it can be deleted), and
 * where it stands: only a date still ahead can be cancelled.
 */
export async function runKeptBecause(
  run: { id: string; status: string; startDate: string | null },
  executor: Executor = db(),
) {
  const history = await runHistory(run.id, executor);
  const standing = runStanding(run, today());
  return { keptBecause: hasHistory(history) ? runKeptReason(history, standing) : null, standing };
}

/** The runs of a course, each with why it is kept (null: it can be deleted) and where it stands. */
export async function listRunsWithHistory(courseId: string, executor: Executor = db()) {
  const runs = await listRunsForCourse(courseId, executor);
  const kept: Awaited<ReturnType<typeof runKeptBecause>>[] = [];
  for (const run of runs) kept.push(await runKeptBecause(run, executor));
  return runs.map((run, i) => ({ ...run, keptBecause: null, standing: "ahead" as const, ...kept[i] }));
}

/**
 * Adds or drops one session of a run, under the run's lock (as bookings take it), audited: the days a course is
 * held are the office's to set (DESIGN §9).
 */
export async function changeRunSession(
  actor: AuditActor,
  courseId: string,
  runId: string,
  input: { intent: "add-session" | "remove-session"; date: string; startTime?: string; endTime?: string },
) {
  return db().transaction(async (tx): Promise<SessionEdit> => {
    const before = await lockRun(tx, courseId, runId);
    if (!before) return NO_SUCH_RUN;
    const intent = input.intent === "add-session" ? "add" : "remove";
    const outcome = await editRunSession(tx, before, { ...input, intent });
    if (outcome.ok) {
      await recordAudit(tx, actor, {
        action: intent === "add" ? "Added course session" : "Removed course session",
        tableName: "run_sessions",
        recordId: runId,
        newValues: { date: input.date, startTime: input.startTime ?? null, endTime: input.endTime ?? null },
      });
    }
    return outcome;
  });
}
