import { and, count, eq, isNull, ne } from "drizzle-orm";
import { courseRegistrations } from "#app/booking/tables.server";
import { registerMarkedOn } from "#app/delivery/index.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { auditedDelete, auditedInsert, auditedUpdate, lockRow } from "#app/platform/audited-change.server";
import { db, type Executor } from "#app/platform/db/client.server";
import type { CourseRunInput } from "#app/site/index";
import type { SessionEdit } from "#app/site/index.server";
import {
  editRunSession,
  hasHistory,
  holidayNotice,
  listRunsForCourse,
  lockRunSeats,
  resetRunSessions,
  runColumns,
  runKeptReason,
  runStanding,
} from "#app/site/index.server";
import { courseRuns } from "#app/site/tables.server";
import { today } from "#app/utils/dates";
import { notifyInterestedOfRun } from "../interest/course-interest.server";
import { offerFreeSeats } from "../waiting-list/waitlist-offer.server";
import { runHistory } from "./history.server";

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

export async function createCourseRun(actor: AuditActor, courseId: string, input: CourseRunInput) {
  return db().transaction(async (tx) => {
    const run = await auditedInsert(tx, actor, {
      action: "Created course run",
      table: courseRuns,
      columns: runColumns,
      values: { ...toRow(input), courseId },
    });
    // its sessions: the working days of its dates, without its country's public holidays (DESIGN §9)
    const { skipped } = await resetRunSessions(tx, run);
    await notifyInterestedOfRun(tx, run);
    return { ...run, notice: holidayNotice(skipped) };
  });
}

/** `notice`: what the office should know of the saved dates (the public holidays they cross). */
export type RunWriteOutcome = { ok: true; notice?: string } | { ok: false; status: number; message: string };

const NO_SUCH_RUN = { ok: false, status: 404, message: "This course date does not exist." } as const;

/** The run of the given course as it is before a change, locked until the change's transaction ends. */
export async function lockRun(tx: Executor, courseId: string, runId: string) {
  return lockRow(tx, runRow(courseId, runId));
}

/** Updates a run of the given course. */
export async function updateCourseRun(
  actor: AuditActor,
  courseId: string,
  runId: string,
  input: CourseRunInput,
) {
  return db().transaction(async (tx): Promise<RunWriteOutcome> => {
    const before = await lockRun(tx, courseId, runId);
    if (!before) return NO_SUCH_RUN;
    if (before.organisationId && !input.private) {
      return {
        ok: false,
        status: 409,
        message:
          "This course date was booked from an organisation's accepted quote: it stays private to that organisation.",
      };
    }
    if (input.status === "cancelled" && before.status !== "cancelled") {
      const [booked] = await tx
        .select({ n: count() })
        .from(courseRegistrations)
        .where(
          and(
            eq(courseRegistrations.runId, runId),
            ne(courseRegistrations.status, "cancelled"),
            isNull(courseRegistrations.deletedAt),
          ),
        );
      // a status alone would leave its participants booked (or waiting) on a date that does not happen
      if (Number(booked?.n ?? 0) > 0) {
        return {
          ok: false,
          status: 409,
          message: `Participants are booked on this course date: use "Cancel this course date" on its page, which tells them and issues the credit notes.`,
        };
      }
    }
    await auditedUpdate(tx, actor, {
      action: "Updated course run",
      row: runRow(courseId, runId),
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
      notice = holidayNotice((await resetRunSessions(tx, { ...input, id: runId })).skipped);
    }
    // a larger capacity (or a run no longer marked full) frees seats for the waiting list
    const seats = await lockRunSeats(tx, runId);
    if (seats && seats.status !== "cancelled") await offerFreeSeats(tx, seats);
    return { ok: true, notice };
  });
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
    const markedInRegister = intent === "remove" && (await registerMarkedOn(tx, runId, input.date));
    const outcome = await editRunSession(tx, before, { ...input, intent, markedInRegister });
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
