import { z } from "zod";
import { QUOTE_KINDS, QUOTE_LINE_KINDS, QUOTE_STATUSES } from "#app/platform/db/enums";
import { optionalText, requiredText } from "#app/platform/forms/form-fields";
import { LIMITS } from "#app/site/index";
import { isCalendarDate } from "#app/utils/calendar-date";
import { parseCents } from "#app/utils/cents";
import { MAX_GROUP } from "../enquiries/enquiry";

export { QUOTE_KINDS, QUOTE_LINE_KINDS, QUOTE_STATUSES };
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export type QuoteKind = (typeof QUOTE_KINDS)[number];

/**
 * Enquiry statuses a quote may be sent from: new and qualified ones, and quoted ones getting a new version.
 * Sending a quote is itself the qualification: asking for "Qualified" first hid the button (issue 45).
 */
export const QUOTABLE_STATUSES: readonly string[] = ["new", "qualified", "quoted"];

export const QUOTE_KIND_LABELS: Record<QuoteKind, string> = {
  training: "Training",
  consultancy: "Consultancy",
};

/** What a quote's client reads it is for: a course's title, or the consultancy's topic. */
export function quoteSubject(
  kind: QuoteKind,
  named: { courseTitle: string | null; topic: string | null },
): string {
  if (kind === "consultancy") return named.topic ?? "Consultancy";
  return named.courseTitle ?? named.topic ?? "In-house training";
}
export type QuoteLineKind = (typeof QUOTE_LINE_KINDS)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  open: "Awaiting answer",
  accepted: "Accepted",
  declined: "Declined",
  replaced: "Replaced by a newer version",
};

export const QUOTE_LINE_KIND_LABELS: Record<QuoteLineKind, string> = {
  course_days: "Course days × rate per day",
  consultancy_days: "Consultancy days × rate per day",
  per_participant: "Participants × fee per participant",
  venue: "Venue",
  materials: "Materials",
  travel: "Travel",
  per_diem: "Per diem",
};

export const MAX_QUOTE_LINES = 20;
/** the largest quantity a line takes: days, participants, nights */
const MAX_QUANTITY = 10_000;
/** KES 100 million, in cents: more on one line is a typing slip */
const MAX_UNIT_CENTS = 10_000_000_000;

const QuoteLineSchema = z.object({
  kind: z.enum(QUOTE_LINE_KINDS, "Choose what each line charges for from the list."),
  description: requiredText("Line description", 200),
  quantity: requiredText("Quantity", 6)
    .refine(
      (value) => value === "" || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_QUANTITY),
      `Enter each line's quantity as a whole number from 1 to ${MAX_QUANTITY.toLocaleString("en-US")}.`,
    )
    .transform(Number),
  unit: requiredText("Unit price", 20)
    .refine((value) => {
      if (value === "") return true;
      const cents = parseCents(value.replace(/^KES\s*/i, ""));
      return cents !== null && cents <= MAX_UNIT_CENTS;
    }, "Enter each line's unit price in Kenya shillings (for example 45,000 or 45,000.50).")
    .transform((value) => parseCents(value.replace(/^KES\s*/i, "")) ?? 0),
});

const calendarDate = (label: string) =>
  requiredText(label, 10).refine(
    (value) => value === "" || isCalendarDate(value),
    `Enter the ${label.toLowerCase()} as a real date (YYYY-MM-DD).`,
  );

/**
 * What a training quote schedules (decision 0671): the course, its first day, its last day (left empty: as
 * many days as the course lasts) and the venue or county. Accepting the quote makes this its private run.
 */
export const QuoteScheduleSchema = z
  .object({
    courseId: z.uuid("Choose the course to schedule from the list."),
    startDate: calendarDate("Start date"),
    endDate: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || isCalendarDate(value), "Enter the end date as a real date (YYYY-MM-DD).")
      .transform((value) => value || null),
    venue: requiredText("Venue or county", 200),
  })
  .refine((schedule) => !schedule.endDate || schedule.endDate >= schedule.startDate, {
    path: ["endDate"],
    message: "The end date cannot be before the start date.",
  });
export type QuoteSchedule = z.infer<typeof QuoteScheduleSchema>;

/** What every quote states: for how many, until when, on what terms, and its lines. */
const QuoteTermsSchema = z.object({
  participants: requiredText("Number of participants", 5)
    .refine(
      (value) => value === "" || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_GROUP),
      `Enter the number of participants as a whole number from 1 to ${MAX_GROUP.toLocaleString("en-US")}.`,
    )
    .transform(Number),
  validUntil: requiredText("Valid until", 10).refine(
    (value) => value === "" || isCalendarDate(value),
    "Enter the validity date as a real date (YYYY-MM-DD).",
  ),
  terms: requiredText("Terms", 4000),
  lines: z.preprocess(
    // the form offers spare rows: one left without description, quantity and price is not a line (kept in
    // its place, so an error names the row the office sees)
    (rows) =>
      Array.isArray(rows)
        ? rows.map((row: Record<string, unknown> | undefined) =>
            row?.description || row?.quantity || row?.unit ? row : undefined,
          )
        : rows,
    z
      .array(QuoteLineSchema.optional())
      .transform((rows) => rows.filter((row) => row !== undefined))
      .refine((rows) => rows.length > 0, "Add at least one line to the quote.")
      .refine((rows) => rows.length <= MAX_QUOTE_LINES, `A quote has at most ${MAX_QUOTE_LINES} lines.`),
  ),
});

/**
 * A quote as the office writes it: training (a course on dates at a venue: an accepted one books its private
 * run) or consultancy (no course or dates: an accepted one opens an engagement). The schedule's fields are
 * read, and required, for training only.
 */
export const QuoteSchema = z
  .object({
    // quotes written before consultancy existed, and callers that predate the field, are training
    kind: z
      .enum(QUOTE_KINDS, "Choose whether the quote is for training or for consultancy.")
      .default("training"),
    // read as text here and checked as the schedule below, for training only
    courseId: z.string().max(200).optional(),
    startDate: z.string().max(200).optional(),
    endDate: z.string().max(200).optional(),
    venue: z.string().max(400).optional(),
  })
  .and(QuoteTermsSchema)
  .transform((quote, ctx) => {
    const { kind, courseId, startDate, endDate, venue, ...terms } = quote;
    if (kind === "consultancy") return { ...terms, kind, schedule: null };
    const schedule = QuoteScheduleSchema.safeParse({ courseId, startDate, endDate, venue });
    if (schedule.success) return { ...terms, kind, schedule: schedule.data };
    for (const issue of schedule.error.issues) ctx.addIssue({ ...issue, code: "custom" });
    return z.NEVER;
  });
export type QuoteInput = z.infer<typeof QuoteSchema>;

// the forms are read by Conform, which sends an empty field as undefined: the helpers name it as required

/** The client's yes: who accepts, in what position, and their LPO number when they have one. */
export const QuoteAcceptSchema = z.object({
  name: requiredText("Your name", LIMITS.name),
  position: requiredText("Your position", 200),
  lpoNumber: optionalText(100),
});
export type QuoteAcceptance = z.infer<typeof QuoteAcceptSchema>;

/** The client's no, with the reason the office learns from. */
export const QuoteDeclineSchema = z.object({
  reason: requiredText("Reason", 1000),
});
