import { and, count, eq, isNull, ne } from "drizzle-orm";
import { lockRunSeats, privateRunOrganisation } from "#app/booking/index.server";
import { courseRegistrations } from "#app/booking/tables.server";
import { heldRoomRefusal, registerMarkedOn } from "#app/delivery/index.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import type { CourseRunInput } from "#app/site/index";
import {
  deleteRunRecord,
  editRunSession,
  hasHistory,
  insertCourseRun,
  listRunsForCourse,
  lockRun,
  NO_SUCH_RUN,
  type RunWriteOutcome,
  runCurrencyOf,
  runKeptReason,
  runStanding,
  type SessionEdit,
  saveCourseRun,
} from "#app/site/index.server";
import { today } from "#app/utils/dates";
import { notifyInterestedOfRun } from "../interest/course-interest.server";
import { offerFreeSeats } from "../waiting-list/waitlist-offer.server";
import { runHistory } from "./history.server";

// The office adds, changes or deletes a run (the site's run record) and, in the same transaction, what that sets
// going for bookings: the people who asked to hear of new dates are told, seats a change frees go to the waiting
// list, and a run with history (bookings, documents, decision 0630) is kept.

/** Adds a run of the given course; whoever asked to hear of its new dates is e-mailed with it. */
export async function createCourseRun(actor: AuditActor, courseId: string, input: CourseRunInput) {
  return db().transaction(async (tx) => {
    const run = await insertCourseRun(tx, actor, courseId, input);
    await notifyInterestedOfRun(tx, run);
    return run;
  });
}

/** Updates a run of the given course; seats it frees (a larger capacity, no longer full) go to its waiting list. */
export async function updateCourseRun(
  actor: AuditActor,
  courseId: string,
  runId: string,
  input: CourseRunInput,
) {
  return db().transaction(async (tx): Promise<RunWriteOutcome> => {
    const before = await lockRun(tx, courseId, runId);
    if (!before) return NO_SUCH_RUN;
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
    // what is booked was priced, invoiced and perhaps paid in the run's currency (decision 0790): it stays
    const currency = runCurrencyOf(input);
    if (currency !== before.currency && (await hasBookings(tx, runId))) {
      return {
        ok: false,
        status: 409,
        message: `This course date has bookings in ${before.currency}: it cannot move to an office that sells in ${currency}. Choose an office that sells in ${before.currency}, or cancel the bookings first.`,
      };
    }
    // a run's capacity cannot exceed the seats of the room it holds (issue 48)
    const tooBig = await heldRoomRefusal(tx, runId, input.capacity ?? null);
    if (tooBig) return { ok: false, status: 409, message: tooBig };
    const saved = await saveCourseRun(tx, actor, courseId, before, input);
    if (!saved.ok) return saved;
    const seats = await lockRunSeats(tx, runId);
    if (seats && seats.status !== "cancelled") await offerFreeSeats(tx, seats);
    return saved;
  });
}

/** Whether anyone ever booked the run (cancelled bookings too: their documents are in its currency). */
async function hasBookings(tx: Executor, runId: string) {
  const [booked] = await tx
    .select({ n: count() })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.runId, runId));
  return Number(booked?.n ?? 0) > 0;
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
    await deleteRunRecord(tx, actor, courseId, runId);
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
  const runs = await listRunsForCourse(courseId, executor, privateRunOrganisation);
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
