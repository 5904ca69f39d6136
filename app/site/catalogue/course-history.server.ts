import { sql } from "drizzle-orm";
import { db, type Executor, executeRows } from "#app/platform/db/client.server";

/**
 * What a course date or a course carries that is never deleted (decision 0630): its bookings and their
 * registrations (live or deleted), and the documents issued on them (invoices, credit notes, receipts,
 * certificates). Attendance and feedback stand on registrations, so they are counted with them.
 */
export type History = { bookings: number; registrations: number; documents: number; certificates: number };

export const hasHistory = (h: History) => h.bookings + h.registrations + h.documents + h.certificates > 0;

/**
 * The history of one run (`runId`) or of a course (`courseId`: its runs, and bookings made for the course
 * with no run). A booking counts once whether it names the run or only its participants do (moved ones).
 */
async function historyOf(scope: { runId: string } | { courseId: string }, executor: Executor) {
  const runId = "runId" in scope ? scope.runId : null;
  const courseId = "courseId" in scope ? scope.courseId : null;
  const [row] = await executeRows<Record<keyof History, number>>(
    executor,
    sql`
    with runs as (
      select id from course_runs where id = ${runId}::uuid or course_id = ${courseId}::uuid
    ), regs as (
      select booking_id from course_registrations
      where run_id in (select id from runs) or course_id = ${courseId}::uuid
    ), bks as (
      select id from bookings where run_id in (select id from runs) or course_id = ${courseId}::uuid
      union
      select booking_id from regs where booking_id is not null
    )
    select
      (select count(*) from bks)::int as "bookings",
      (select count(*) from regs)::int as "registrations",
      (select count(*) from finance_documents where booking_id in (select id from bks))::int as "documents",
      (select count(*) from certificates where run_id in (select id from runs))::int as "certificates"`,
  );
  return {
    bookings: Number(row?.bookings ?? 0),
    registrations: Number(row?.registrations ?? 0),
    documents: Number(row?.documents ?? 0),
    certificates: Number(row?.certificates ?? 0),
  };
}

export const runHistory = (runId: string, executor: Executor = db()) => historyOf({ runId }, executor);
export const courseHistory = (courseId: string, executor: Executor = db()) =>
  historyOf({ courseId }, executor);

/** "1 booking", "4 bookings". */
export const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** "4 bookings and issued invoices and certificates": what the screens and refusals name. */
export function describeHistory(h: History) {
  const held =
    h.bookings > 0
      ? plural(h.bookings, "booking")
      : h.registrations > 0
        ? plural(h.registrations, "registration")
        : null;
  const issued = [h.documents > 0 ? "invoices" : null, h.certificates > 0 ? "certificates" : null].filter(
    Boolean,
  );
  return [held, issued.length > 0 ? `issued ${issued.join(" and ")}` : null].filter(Boolean).join(" and ");
}

/** Where a kept course date stands: still ahead (it can be cancelled), held (it began), or cancelled. */
export type RunStanding = "ahead" | "held" | "cancelled";

export function runStanding(run: { status: string; startDate: string | null }, day: string): RunStanding {
  if (run.status === "cancelled") return "cancelled";
  return run.startDate !== null && run.startDate < day ? "held" : "ahead";
}

const INSTEAD: Record<RunStanding, string> = {
  ahead: "cancel it instead",
  held: "it took place, so it stays on record as it is",
  cancelled: "it stays on record as cancelled",
};

/** Why a course date cannot be deleted, and what to do instead. */
export function runKeptReason(h: History, standing: RunStanding) {
  return `This course date has ${describeHistory(h)}: ${INSTEAD[standing]}.`;
}

/** Why a course cannot be deleted, and what to do instead. */
export function courseKeptReason(h: History, archived: boolean) {
  const instead = archived ? "it stays on record as archived" : "archive it instead";
  return `This course has ${describeHistory(h)}: ${instead}.`;
}

/**
 * SQL: whether the course row of the enclosing query has any booking or registration. Written against
 * "courses"."id" in full: drizzle writes a lone "id" in single-table selects, which the subqueries would take
 * as their own. Every subquery is an index lookup, so the admin list asks it of every course.
 */
export const courseHasHistory = sql<boolean>`(
  exists (select 1 from course_registrations r where r.course_id = "courses"."id")
  or exists (select 1 from bookings b where b.course_id = "courses"."id")
  or exists (select 1 from course_runs cr where cr.course_id = "courses"."id" and (
    exists (select 1 from course_registrations r where r.run_id = cr.id)
    or exists (select 1 from bookings b where b.run_id = cr.id))))`;
