import { z } from "zod";
import {
  type RESOURCE_CURRENCIES,
  RUN_COST_BASES,
  RUN_COST_KINDS,
  RUN_COST_STAGES,
  RUN_DECISIONS,
} from "#app/platform/db/enums";
import { requiredText } from "#app/platform/forms/form-fields";
import { addDays } from "#app/utils/dates";

// A run's economics (issue 48, items 3 and 4; decisions 0775 and 0776): its costs' forms and the arithmetic of
// break-even, margins and the go/no-go date, shared by the run page, its action and the tests.

export type RunCostKind = (typeof RUN_COST_KINDS)[number];
export type RunCostBasis = (typeof RUN_COST_BASES)[number];
export type RunDecision = (typeof RUN_DECISIONS)[number];
export type CostCurrency = (typeof RESOURCE_CURRENCIES)[number];

export const COST_KIND_LABELS: Record<RunCostKind, string> = {
  venue: "Venue or package",
  trainer_fees: "Trainer fees",
  per_diem: "Per diem",
  travel: "Travel",
  materials: "Materials",
  certificates: "Certificates",
  other: "Other",
};

export const COST_BASIS_LABELS: Record<RunCostBasis, string> = {
  fixed: "Fixed",
  per_participant: "Per participant",
  per_day: "Per session day",
};

export const DECISION_LABELS: Record<RunDecision, string> = {
  confirm: "Confirmed",
  postpone: "Postponed",
  cancel: "Cancelled",
};

/** Without a venue contract the decision is due this many days before the first session. */
export const NO_CONTRACT_DECISION_DAYS = 14;
/** A run is on "What needs doing today" from this many days before its decision date. */
export const DECISION_NOTICE_DAYS = 7;

/** A cost as the office types it; the amount is read in the run's currency by the server. */
export const RunCostSchema = z.object({
  intent: z.literal("add-cost"),
  stage: z.enum(RUN_COST_STAGES, "Choose planned or actual."),
  kind: z.enum(RUN_COST_KINDS, "Choose what the cost is for."),
  basis: z.enum(RUN_COST_BASES, "Choose fixed, per participant or per session day."),
  description: requiredText("Description", 200),
  amount: z.string({ error: "Amount: enter an amount" }).max(40, "Amount: enter an amount"),
});
export type RunCostInput = z.output<typeof RunCostSchema>;

export const RemoveCostSchema = z.object({
  intent: z.literal("remove-cost"),
  id: z.uuid("Choose a cost from the list"),
});

/** The go/no-go decision: why, and for a postponement the next date the participants are offered. */
export const RunDecisionSchema = z
  .object({
    intent: z.literal("decide"),
    decision: z.enum(RUN_DECISIONS, "Choose confirm, postpone or cancel."),
    reason: requiredText("Reason", 500),
    toRun: z.string().optional(),
  })
  .transform((value, ctx) => {
    const toRun = value.toRun?.trim() ? value.toRun.trim() : null;
    if (value.decision === "postpone" && (toRun === null || !z.uuid().safeParse(toRun).success)) {
      ctx.addIssue({
        code: "custom",
        path: ["toRun"],
        message: "Choose the next date the participants are offered.",
      });
    }
    return { ...value, toRun: value.decision === "postpone" ? toRun : null };
  });
export type RunDecisionInput = z.output<typeof RunDecisionSchema>;

export const RunEconomicsActionSchema = z.union([RunCostSchema, RemoveCostSchema, RunDecisionSchema]);

/** One cost line: typed by the office, or read from a trainer's rate or the held room's price. */
export type CostLine = {
  kind: RunCostKind;
  basis: RunCostBasis;
  description: string;
  amountMinor: number;
  currency: CostCurrency;
};

/** What the lines cost for `participants` over `days` session days. */
export function costFor(lines: readonly CostLine[], participants: number, days: number) {
  return lines.reduce(
    (sum, line) =>
      sum + line.amountMinor * (line.basis === "fixed" ? 1 : line.basis === "per_day" ? days : participants),
    0,
  );
}

/** The part of the costs that does not grow with participants, and what each participant adds. */
export function costShape(lines: readonly CostLine[], days: number) {
  return {
    fixed: costFor(lines, 0, days),
    perParticipant: costFor(lines, 1, days) - costFor(lines, 0, days),
  };
}

/**
 * The fewest participants whose fees (each `priceMinor`, net of VAT) cover the costs; null when no number does
 * (a participant costs as much as they pay, or more).
 */
export function breakEven(lines: readonly CostLine[], priceMinor: number, days: number): number | null {
  const { fixed, perParticipant } = costShape(lines, days);
  const margin = priceMinor - perParticipant;
  if (fixed <= 0) return 0;
  if (margin <= 0) return null;
  return Math.ceil(fixed / margin);
}

/** Revenue less costs with `participants` each paying `priceMinor`. */
export const marginAt = (
  lines: readonly CostLine[],
  priceMinor: number,
  days: number,
  participants: number,
) => participants * priceMinor - costFor(lines, participants, days);

/** One step of a venue's cancellation ladder. */
export type LadderStep = { from: string; percent: number };

/**
 * The day the go/no-go decision is due: the earlier of the venue's final-numbers date and its first penalty
 * date, less the buffer; 14 days before the first session without either; null without sessions or contract.
 */
export function decisionDate(
  hold: { finalNumbersDue: string | null; cancellationLadder: readonly LadderStep[] } | null,
  firstSession: string | null,
  bufferDays: number,
): string | null {
  const contract = [hold?.finalNumbersDue ?? null, hold?.cancellationLadder[0]?.from ?? null]
    .filter((d): d is string => d !== null)
    .sort();
  const earliest = contract[0];
  if (earliest) return addDays(earliest, -bufferDays);
  return firstSession ? addDays(firstSession, -NO_CONTRACT_DECISION_DAYS) : null;
}

/** The ladder's percent for cancelling on `day`: the last step that has begun, or 0 before the first. */
export function penaltyPercentOn(ladder: readonly LadderStep[], day: string) {
  return ladder.filter((step) => step.from <= day).at(-1)?.percent ?? 0;
}

/** A percent of an amount in minor units, rounded half up. */
export const percentOf = (minor: number, percent: number) => Math.round((minor * percent) / 100);
