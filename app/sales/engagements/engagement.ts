import { z } from "zod";
import { ENGAGEMENT_STATUSES } from "#app/platform/db/enums";
import { requiredText } from "#app/platform/forms/form-fields";
import { isCalendarDate } from "#app/utils/calendar-date";
import { parseCents } from "#app/utils/cents";

export { ENGAGEMENT_STATUSES };
export type EngagementStatus = (typeof ENGAGEMENT_STATUSES)[number];

export const ENGAGEMENT_STATUS_LABELS: Record<EngagementStatus, string> = {
  active: "Active",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const MAX_MILESTONES = 12;
/** KES 100 million, in cents: more on one milestone is a typing slip */
const MAX_MILESTONE_CENTS = 10_000_000_000;

const MilestoneSchema = z.object({
  title: requiredText("Milestone title", 200),
  dueOn: requiredText("Due date", 10).refine(
    (value) => value === "" || isCalendarDate(value),
    "Enter each milestone's due date as a real date (YYYY-MM-DD).",
  ),
  amount: requiredText("Amount", 20)
    .refine((value) => {
      if (value === "") return true;
      const cents = parseCents(value.replace(/^KES\s*/i, ""));
      return cents !== null && cents > 0 && cents <= MAX_MILESTONE_CENTS;
    }, "Enter each milestone's amount in Kenya shillings, more than zero (for example 250,000).")
    .transform((value) => parseCents(value.replace(/^KES\s*/i, "")) ?? 0),
});

/**
 * The office's plan of an engagement's milestones, in their order. The form offers spare rows: one left without
 * title, date and amount is not a milestone (kept in its place, so an error names the row the office sees).
 * That the amounts add up to the engagement's total is checked against the engagement (savePlan).
 */
export const MilestonePlanSchema = z.object({
  milestones: z.preprocess(
    (rows) =>
      Array.isArray(rows)
        ? rows.map((row: Record<string, unknown> | undefined) =>
            row?.title || row?.dueOn || row?.amount ? row : undefined,
          )
        : rows,
    z
      .array(MilestoneSchema.optional())
      .transform((rows) => rows.filter((row) => row !== undefined))
      .refine((rows) => rows.length > 0, "Add at least one milestone.")
      .refine(
        (rows) => rows.length <= MAX_MILESTONES,
        `An engagement has at most ${MAX_MILESTONES} milestones.`,
      ),
  ),
});
export type MilestonePlan = z.infer<typeof MilestonePlanSchema>;

/** "Mark reached and invoice" names the milestone. */
export const MilestoneReachSchema = z.object({
  milestoneId: z.uuid("Choose a milestone of this engagement."),
});
