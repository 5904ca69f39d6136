import { sql } from "drizzle-orm";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { certificates } from "#app/delivery/tables.server";
import { financeDocuments } from "#app/money/tables.server";
import { db, type Executor, executeRows } from "#app/platform/db/client.server";
import type { History } from "#app/site/index.server";
import { courseRuns } from "#app/site/tables.server";

// Counted here, not in site, which words it (`describeHistory`): a course's history is booking's, money's and
// delivery's rows, tables site sits before (decision 0725). The admin's course screens pass these to site.

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
      select id from ${courseRuns} where id = ${runId}::uuid or course_id = ${courseId}::uuid
    ), regs as (
      select booking_id from ${courseRegistrations}
      where run_id in (select id from runs) or course_id = ${courseId}::uuid
    ), bks as (
      select id from ${bookings} where run_id in (select id from runs) or course_id = ${courseId}::uuid
      union
      select booking_id from regs where booking_id is not null
    )
    select
      (select count(*) from bks)::int as "bookings",
      (select count(*) from regs)::int as "registrations",
      (select count(*) from ${financeDocuments} where booking_id in (select id from bks))::int as "documents",
      (select count(*) from ${certificates} where run_id in (select id from runs))::int as "certificates"`,
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

/**
 * SQL: whether the course row of the enclosing query has any booking or registration. Written against
 * "courses"."id" in full: drizzle writes a lone "id" in single-table selects, which the subqueries would take
 * as their own. Every subquery is an index lookup, so the admin list asks it of every course.
 */
export const courseHasHistory = sql<boolean>`(
  exists (select 1 from ${courseRegistrations} r where r.course_id = "courses"."id")
  or exists (select 1 from ${bookings} b where b.course_id = "courses"."id")
  or exists (select 1 from ${courseRuns} cr where cr.course_id = "courses"."id" and (
    exists (select 1 from ${courseRegistrations} r where r.run_id = cr.id)
    or exists (select 1 from ${bookings} b where b.run_id = cr.id))))`;
