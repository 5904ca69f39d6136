import { and, eq } from "drizzle-orm";
import { defaultOfficeFor, OFFICE_CURRENCY } from "#app/offices/index";
import type { AuditActor } from "#app/platform/audit.server";
import { auditedDelete, auditedInsert, auditedUpdate, lockRow } from "#app/platform/audited-change.server";
import type { Executor } from "#app/platform/db/client.server";
import { courseRuns } from "#app/site/tables.server";
import type { CourseRunInput } from "./course";
import { runColumns } from "./course-runs.server";
import { holidayNotice, resetRunSessions } from "./run-sessions.server";

// The run record as the back office keeps it: created, changed, deleted, its sessions. What a change of a run
// sets going for its bookings, and what its history (bookings, documents) allows, is bookings'
// (run-bookings/run-changes.server.ts).

const toRow = (input: CourseRunInput) => {
  // the office that sells it, and so its currency (decision 0790); a caller that names none gets its country's
  const sellingOffice = input.sellingOffice ?? defaultOfficeFor(input);
  return {
    ...input,
    sellingOffice,
    currency: OFFICE_CURRENCY[sellingOffice],
    costOverride: input.costOverride === null ? null : input.costOverride.toFixed(2),
    priceUsd: input.priceUsd ?? null,
  };
};

/** The currency a run's prices would be in after the change: its office's. */
export const runCurrencyOf = (input: CourseRunInput) => toRow(input).currency;

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

/** Deletes the run of the given course, locked by `lockRun`: the caller has found it has no history. */
export async function deleteRunRecord(tx: Executor, actor: AuditActor, courseId: string, runId: string) {
  await auditedDelete(tx, actor, { action: "Deleted course run", row: runRow(courseId, runId) });
}
