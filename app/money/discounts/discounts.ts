import { z } from "zod";
import { isCalendarDate } from "#app/utils/calendar-date";
import { parseCents } from "#app/utils/cents";

// The office's discount forms (decision 0750): one schema each, shared by the form and its action.

const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** "12.5" → 1250 basis points; null unless a percentage above 0 and at most 100 with at most two decimals. */
export function percentToBp(text: string): number | null {
  const match = PERCENT.exec(text.trim().replace(/%$/, "").trim());
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return bp > 0 && bp <= 10_000 ? bp : null;
}

const optionalId = z
  .string()
  .trim()
  .refine((v) => v === "" || z.uuid().safeParse(v).success, "Choose a date from the list")
  .optional()
  .default("");

const valueFields = {
  valueKind: z.enum(["percent", "amount"], "Choose a percentage or an amount off"),
  value: z.string().trim().max(20, "Enter a percentage such as 10 or an amount such as 5000"),
};

/** The discount's size from the form: basis points or cents, or the message that says what is wrong. */
function readValue(
  input: { valueKind: "percent" | "amount"; value: string },
  ctx: z.RefinementCtx,
): { percentBp: number | null; amountCents: number | null } {
  if (input.valueKind === "percent") {
    const bp = percentToBp(input.value);
    if (bp === null)
      ctx.addIssue({
        code: "custom",
        path: ["value"],
        message: "Enter a percentage above 0 and at most 100, such as 10 or 12.5",
      });
    return { percentBp: bp, amountCents: null };
  }
  const cents = parseCents(input.value);
  if (!cents)
    ctx.addIssue({
      code: "custom",
      path: ["value"],
      message: "Enter an amount off each participant, such as 5000 or 5,000.50",
    });
  return { percentBp: null, amountCents: cents };
}

const whole = (message: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || (/^\d{1,6}$/.test(v) && Number(v) >= min && Number(v) <= max), message)
    .optional()
    .default("");

export const DiscountRuleSchema = z
  .object({
    intent: z.literal("add-rule"),
    kind: z.enum(["early_bird", "group"], "Choose early bird or group"),
    courseId: z.uuid("Choose a course"),
    runId: optionalId,
    ...valueFields,
    until: z.string().trim().max(10).optional().default(""),
    minParticipants: whole("A group needs 2 to 500 participants", 2, 500),
    windowDays: whole("Count bookings made within 1 to 365 days, or leave it empty for all", 1, 365),
  })
  .transform((input, ctx) => {
    const value = readValue(input, ctx);
    if (input.kind === "early_bird" && !isCalendarDate(input.until)) {
      ctx.addIssue({
        code: "custom",
        path: ["until"],
        message: "Enter the last day an early-bird booking can be made",
      });
    }
    if (input.kind === "group" && input.minParticipants === "") {
      ctx.addIssue({
        code: "custom",
        path: ["minParticipants"],
        message: "Enter how many participants make a group",
      });
    }
    return {
      kind: input.kind,
      courseId: input.courseId,
      runId: input.runId || null,
      ...value,
      until: input.kind === "early_bird" ? input.until : null,
      minParticipants: input.kind === "group" ? Number(input.minParticipants) : null,
      windowDays: input.kind === "group" && input.windowDays !== "" ? Number(input.windowDays) : null,
    };
  });
export type DiscountRuleInput = z.output<typeof DiscountRuleSchema>;

export const DiscountCodeSchema = z
  .object({
    intent: z.literal("add-code"),
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,30}$/, "Use 4 to 30 letters, digits or hyphens, such as CHURCH-2027"),
    courseId: optionalId,
    runId: optionalId,
    ...valueFields,
    validUntil: z
      .string()
      .trim()
      .max(10)
      .refine(
        (v) => v === "" || isCalendarDate(v),
        "Enter the last day the code can be used, or leave it empty",
      )
      .optional()
      .default(""),
    maxUses: whole("Enter how many participants may use it (1 to 100000), or leave it empty", 1, 100_000),
    budget: z
      .string()
      .trim()
      .max(20)
      .refine(
        (v) => v === "" || (parseCents(v) ?? 0) > 0,
        "Enter the budget as an amount such as 250000, or leave it empty",
      )
      .optional()
      .default(""),
    sponsor: z
      .string()
      .trim()
      .min(2, "Say who the code is for or who funds it, such as the donor or the congregation")
      .max(200, "Use at most 200 characters"),
  })
  .transform((input, ctx) => ({
    code: input.code.toUpperCase(),
    courseId: input.courseId || null,
    runId: input.runId || null,
    ...readValue(input, ctx),
    validUntil: input.validUntil || null,
    maxUses: input.maxUses === "" ? null : Number(input.maxUses),
    budgetCents: input.budget === "" ? null : parseCents(input.budget),
    sponsor: input.sponsor,
  }));
export type DiscountCodeInput = z.output<typeof DiscountCodeSchema>;

export const EndDiscountSchema = z.object({
  intent: z.enum(["end-rule", "end-code"]),
  id: z.uuid("Choose a discount from the list"),
});

/** Seats a code holds on its date for the bookings that use it (decision 0751), or their release. */
export const CodeSeatsSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("hold-seats"),
    id: z.uuid("Choose a code from the list"),
    seats: z.coerce
      .number("Enter how many seats to hold, such as 5")
      .int("Enter a whole number of seats")
      .min(1, "Hold at least 1 seat, or release them")
      .max(500, "Hold at most 500 seats"),
  }),
  z.object({ intent: z.literal("release-seats"), id: z.uuid("Choose a code from the list") }),
]);

/** A code as the public form sends it: empty, or what a code can be (compared in upper case). */
export const discountCodeField = z
  .string()
  .trim()
  .max(30, "A discount code has at most 30 characters")
  .refine(
    (v) => v === "" || /^[A-Za-z0-9-]{4,30}$/.test(v),
    "A discount code has letters, digits and hyphens only",
  )
  .transform((v) => (v === "" ? null : v.toUpperCase()))
  .optional()
  .transform((v) => v ?? null);
