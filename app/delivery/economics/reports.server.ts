import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { db } from "#app/platform/db/client.server";
import { users } from "#app/platform/db/tables.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { addDays } from "#app/utils/dates";
import { LIVE_STATUSES } from "../delivery-run.server";
import { runCosts, runDecisions, runTrainers } from "../tables.server";
import type { RunDecision } from "./economics";
import { revenueByRun } from "./run-economics.server";

// The economics reports (issue 48, item 5; decision 0775): profit by course date, course, month and trainer, and
// how many dates went ahead, were cancelled or postponed, and why. Profit is the ledger's revenue (open
// proformas net of VAT) less the actual costs recorded; amounts are summed per currency, never across.

export type ProfitFigures = { currency: string; revenue: number; costs: number; profit: number };
export type ProfitGroup = ProfitFigures & { key: string; label: string; runs: number };

/** The report's months, "2026-01" to "2026-12": the course dates starting in them. */
export async function economicsReport(from: string, to: string) {
  // the last day of the last month: the day before the next month's first
  const [year, month] = to.split("-").map(Number) as [number, number];
  const last = addDays(
    month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`,
    -1,
  );
  const runs = await db()
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      title: courses.title,
      label: courseRuns.label,
      startDate: courseRuns.startDate,
      status: courseRuns.status,
      currency: courses.currency,
    })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(and(gte(courseRuns.startDate, `${from}-01`), lte(courseRuns.startDate, last)))
    .orderBy(asc(courseRuns.startDate), asc(courses.title));
  const ids = runs.map((run) => run.id);
  const revenue = await revenueByRun(ids);
  const costRows =
    ids.length === 0
      ? []
      : await db()
          .select({
            runId: runCosts.runId,
            currency: runCosts.currency,
            fixed: sql<string>`coalesce(sum(${runCosts.amountMinor}) filter (where ${runCosts.basis} = 'fixed'), 0)`,
            perParticipant: sql<string>`coalesce(sum(${runCosts.amountMinor}) filter (where ${runCosts.basis} = 'per_participant'), 0)`,
            perDay: sql<string>`coalesce(sum(${runCosts.amountMinor}) filter (where ${runCosts.basis} = 'per_day'), 0)`,
          })
          .from(runCosts)
          .where(and(inArray(runCosts.runId, ids), eq(runCosts.stage, "actual")))
          .groupBy(runCosts.runId, runCosts.currency);
  const counts =
    ids.length === 0
      ? []
      : await db()
          .select({
            runId: courseRuns.id,
            participants: sql<number>`(select count(*)::int from course_registrations r where r.run_id = course_runs.id and r.deleted_at is null and r.status in ${[...LIVE_STATUSES]})`,
            days: sql<number>`(select count(*)::int from run_sessions s where s.run_id = course_runs.id)`,
          })
          .from(courseRuns)
          .where(inArray(courseRuns.id, ids));
  const decisions =
    ids.length === 0 ? [] : await db().select().from(runDecisions).where(inArray(runDecisions.runId, ids));
  const trainers =
    ids.length === 0
      ? []
      : await db()
          .select({
            runId: runTrainers.runId,
            id: users.id,
            name: sql<string>`coalesce(${users.name}, ${users.email})`,
          })
          .from(runTrainers)
          .innerJoin(users, eq(users.id, runTrainers.userId))
          .where(and(inArray(runTrainers.runId, ids), eq(runTrainers.state, "accepted")))
          .orderBy(asc(runTrainers.createdAt));

  const rows = runs.map((run) => {
    const count = counts.find((c) => c.runId === run.id);
    const costs = costRows
      .filter((c) => c.runId === run.id && c.currency === run.currency)
      .reduce(
        (sum, c) =>
          sum +
          Number(c.fixed) +
          Number(c.perParticipant) * (count?.participants ?? 0) +
          Number(c.perDay) * (count?.days ?? 0),
        0,
      );
    const booked = revenue.get(run.id);
    const income = booked && booked.currency === run.currency ? booked.netMinor : 0;
    const decision = decisions.find((d) => d.runId === run.id);
    return {
      ...run,
      month: (run.startDate as string).slice(0, 7),
      revenue: income,
      costs,
      profit: income - costs,
      decision: (decision?.decision ?? null) as RunDecision | null,
      reason: decision?.reason ?? null,
      trainers: trainers.filter((t) => t.runId === run.id),
    };
  });

  const group = (keyOf: (row: (typeof rows)[number]) => { key: string; label: string }[]) => {
    const groups = new Map<string, ProfitGroup>();
    for (const row of rows) {
      const keys = keyOf(row);
      keys.forEach(({ key, label }, i) => {
        // a course date trained by several shares its figures between them, the remainder with the first
        const share = (n: number) => Math.floor(n / keys.length) + (i === 0 ? n % keys.length : 0);
        const id = `${key}|${row.currency}`;
        const entry = groups.get(id) ?? {
          key,
          label,
          currency: row.currency,
          revenue: 0,
          costs: 0,
          profit: 0,
          runs: 0,
        };
        entry.revenue += share(row.revenue);
        entry.costs += share(row.costs);
        entry.profit += share(row.revenue) - share(row.costs);
        entry.runs += 1;
        groups.set(id, entry);
      });
    }
    return [...groups.values()];
  };

  // confirmed dates went ahead; the undecided are still tentative
  const outcomes = (["confirm", "postpone", "cancel", "undecided"] as const).map((kind) => ({
    kind,
    count: rows.filter((row) => (row.decision ?? "undecided") === kind).length,
  }));
  return {
    from,
    to,
    runs: rows,
    byCourse: group((row) => [{ key: row.courseId, label: row.title }]).sort((a, b) => b.profit - a.profit),
    byMonth: group((row) => [{ key: row.month, label: row.month }]).sort((a, b) =>
      a.key.localeCompare(b.key),
    ),
    byTrainer: group((row) =>
      row.trainers.length === 0
        ? [{ key: "none", label: "No trainer confirmed" }]
        : row.trainers.map((t) => ({ key: t.id, label: t.name })),
    ).sort((a, b) => b.profit - a.profit),
    outcomes,
    reasons: rows
      .filter((row) => row.decision === "cancel" || row.decision === "postpone")
      .map((row) => ({
        id: row.id,
        title: row.title,
        label: row.label,
        startDate: row.startDate,
        decision: row.decision,
        reason: row.reason,
      })),
  };
}
export type EconomicsReport = Awaited<ReturnType<typeof economicsReport>>;
