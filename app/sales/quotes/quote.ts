import { z } from "zod";
import { QUOTE_LINE_KINDS, QUOTE_STATUSES } from "#app/platform/db/enums";
import { optionalText, requiredText } from "#app/platform/forms/form-fields";
import { LIMITS } from "#app/site/index";
import { isCalendarDate } from "#app/utils/calendar-date";
import { parseCents } from "#app/utils/cents";
import { MAX_GROUP } from "../enquiries/enquiry";

export { QUOTE_LINE_KINDS, QUOTE_STATUSES };
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export type QuoteLineKind = (typeof QUOTE_LINE_KINDS)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  open: "Awaiting answer",
  accepted: "Accepted",
  declined: "Declined",
  replaced: "Replaced by a newer version",
};

export const QUOTE_LINE_KIND_LABELS: Record<QuoteLineKind, string> = {
  course_days: "Course days × rate per day",
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
export const QuoteScheduleSchema = z.object({
  courseId: z.uuid("Choose the course to schedule from the list."),
  startDate: calendarDate("Start date"),
  endDate: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || isCalendarDate(value), "Enter the end date as a real date (YYYY-MM-DD).")
    .transform((value) => value || null),
  venue: requiredText("Venue or county", 200),
});
export type QuoteSchedule = z.infer<typeof QuoteScheduleSchema>;

/** A quote as the office writes it: for how many, which course on which days where, until when, on what terms, and its lines. */
export const QuoteSchema = QuoteScheduleSchema.extend({
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
}).refine((quote) => !quote.endDate || quote.endDate >= quote.startDate, {
  path: ["endDate"],
  message: "The end date cannot be before the start date.",
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
