import { and, eq } from "drizzle-orm";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { RESOURCE_CURRENCIES } from "#app/platform/db/enums";
import { courseRuns, courses } from "#app/site/tables.server";
import { parseMinor } from "#app/utils/minor-units";
import { runCosts } from "../tables.server";
import type { CostCurrency, RunCostInput } from "./economics";

// The office's costs of a run (issue 48, item 3; decision 0775): typed in the run's currency, audited; the
// venue's penalty a decision recorded stays.

export type CostOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

/** The run's currency: its course's, one of the currencies costs are kept in. */
export async function runCurrency(runId: string, executor: Executor = db()) {
  const [row] = await executor
    .select({ currency: courses.currency })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(eq(courseRuns.id, runId));
  if (!row) return null;
  return (
    (RESOURCE_CURRENCIES as readonly string[]).includes(row.currency) ? row.currency : "KES"
  ) as CostCurrency;
}

export async function addRunCost(
  actor: AuditActor,
  runId: string,
  input: RunCostInput,
): Promise<CostOutcome> {
  const currency = await runCurrency(runId);
  if (!currency) return { ok: false, status: 404, message: "This course date does not exist." };
  const amountMinor = parseMinor(input.amount, currency);
  if (amountMinor === null) {
    const whole = currency === "UGX" || currency === "RWF";
    return {
      ok: false,
      status: 400,
      message: `Amount: enter an amount in ${currency}${whole ? " (whole francs)" : ", such as 15000 or 15000.50"}.`,
    };
  }
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(runCosts)
      .values({
        runId,
        stage: input.stage,
        kind: input.kind,
        basis: input.basis,
        description: input.description,
        amountMinor,
        currency,
        createdBy: actor.id,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: `Added ${input.stage} run cost`,
      tableName: "run_costs",
      recordId: row?.id,
      newValues: row,
    });
    return { ok: true, message: `${input.stage === "planned" ? "Planned" : "Actual"} cost added.` };
  });
}

export async function removeRunCost(actor: AuditActor, runId: string, id: string): Promise<CostOutcome> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(runCosts)
      .where(and(eq(runCosts.id, id), eq(runCosts.runId, runId)))
      .for("update");
    if (!row) return { ok: false, status: 404, message: "This cost is no longer there." };
    if (row.source === "venue_penalty") {
      return {
        ok: false,
        status: 409,
        message: "The venue's penalty was recorded with the course date's decision: it stays.",
      };
    }
    await tx.delete(runCosts).where(eq(runCosts.id, id));
    await recordAudit(tx, actor, {
      action: "Deleted run cost",
      tableName: "run_costs",
      recordId: id,
      oldValues: row,
    });
    return { ok: true, message: "Cost removed." };
  });
}
