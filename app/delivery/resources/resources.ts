import { z } from "zod";
import { kraPinRule } from "#app/organisations/index";
import {
  RESOURCE_CURRENCIES,
  ROOM_LAYOUTS,
  ROOM_PRICINGS,
  TRAINER_ENGAGEMENTS,
  VENUE_KINDS,
} from "#app/platform/db/enums";
import { optionalText, requiredText } from "#app/platform/forms/form-fields";
import { parseMinor } from "#app/utils/minor-units";
import { safaricomMsisdn } from "#app/utils/phone";

// The forms of trainers and venues as resources (issue 48), shared by the screens and their actions.

export { RESOURCE_CURRENCIES, ROOM_LAYOUTS, ROOM_PRICINGS, TRAINER_ENGAGEMENTS, VENUE_KINDS };
export type RoomLayout = (typeof ROOM_LAYOUTS)[number];
export type ResourceCurrency = (typeof RESOURCE_CURRENCIES)[number];

export const ROOM_LAYOUT_LABELS: Record<RoomLayout, string> = {
  classroom: "Classroom",
  theatre: "Theatre",
  boardroom: "Boardroom",
  u_shape: "U-shape",
  banquet: "Banquet (round tables)",
};

export const WEEKDAY_LABELS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

const isoDate = (label: string) => z.iso.date({ error: `${label}: enter a date` });
const optionalDate = (label: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\d{4}-\d{2}-\d{2}$/.test(v), `${label}: enter a date`);

/** An amount typed in the form's currency, into its minor unit; `label` names it in the message. */
function amountIn<T extends { currency: ResourceCurrency }>(
  value: T,
  ctx: z.RefinementCtx,
  field: keyof T & string,
  label: string,
) {
  const minor = parseMinor(String(value[field] ?? ""), value.currency);
  if (minor === null) {
    const whole = value.currency === "UGX" || value.currency === "RWF";
    ctx.addIssue({
      code: "custom",
      path: [field],
      message: `${label}: enter an amount in ${value.currency}${whole ? " (whole francs)" : ", such as 15000 or 15000.50"}`,
    });
  }
  return minor ?? 0;
}

/** A trainer's profile as the office writes it. */
export const TrainerProfileSchema = z
  .object({
    intent: z.literal("profile"),
    homeOffice: requiredText("Home office", 80),
    engagement: z.enum(TRAINER_ENGAGEMENTS, "Choose employee or associate."),
    currency: z.enum(RESOURCE_CURRENCIES, "Choose the currency the trainer is paid in."),
    dayRate: z.string({ error: "Day rate: enter an amount" }),
    perDiem: z.string().optional(),
    languages: optionalText(200),
    kraPin: kraPinRule(optionalText(11)),
    mpesaNumber: optionalText(20).refine(
      (v) => v === null || safaricomMsisdn(v) !== null,
      "Enter the M-PESA number as a Kenyan mobile number, such as 0712 345 678.",
    ),
    weekdays: z
      .array(z.coerce.number().int().min(1).max(7))
      .max(7)
      .refine((days) => days.length > 0, "Tick at least one weekday the trainer works."),
    courses: z.array(z.uuid({ error: "Choose courses from the list" })).max(200),
  })
  .transform((value, ctx) => ({
    homeOffice: value.homeOffice,
    engagement: value.engagement,
    currency: value.currency,
    dayRate: amountIn(value, ctx, "dayRate", "Day rate"),
    perDiem: value.perDiem?.trim() ? amountIn(value, ctx, "perDiem", "Per diem") : 0,
    languages: [
      ...new Set(
        (value.languages ?? "")
          .split(",")
          .map((l) => l.trim())
          .filter(Boolean),
      ),
    ],
    kraPin: value.kraPin,
    mpesaNumber: value.mpesaNumber === null ? null : safaricomMsisdn(value.mpesaNumber),
    weekdays: [...new Set(value.weekdays)].sort(),
    courses: [...new Set(value.courses)],
  }));
export type TrainerProfileInput = z.output<typeof TrainerProfileSchema>;

/** A leave period, both days included. */
export const TrainerLeaveSchema = z
  .object({
    intent: z.literal("add-leave"),
    startDate: isoDate("First day of leave"),
    endDate: isoDate("Last day of leave"),
    note: optionalText(200),
  })
  .refine((v) => v.endDate >= v.startDate, {
    path: ["endDate"],
    message: "The last day of leave cannot be before the first.",
  });

export const RemoveLeaveSchema = z.object({
  intent: z.literal("remove-leave"),
  id: z.uuid("Choose a leave period"),
});

/** The trainer screen's forms, told apart by `intent`. */
export const TrainerActionSchema = z.union([TrainerProfileSchema, TrainerLeaveSchema, RemoveLeaveSchema]);

/**
 * The run page's trainer form: request one trainer (they answer by a due date), record one the office has
 * confirmed directly (by phone, a substitute on the day), or withdraw either.
 */
export const RunTrainerActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("request"),
    trainer: z.uuid({ error: "Choose a trainer from the list" }),
    dueDate: isoDate("Answer by"),
    /** typed when the trainer already trains another course date on one of these days */
    clashReason: optionalText(300),
  }),
  z.object({
    intent: z.literal("assign"),
    trainer: z.uuid({ error: "Choose a trainer from the list" }),
    clashReason: optionalText(300),
  }),
  z.object({ intent: z.literal("withdraw"), trainer: z.uuid({ error: "Choose a trainer from the list" }) }),
]);
export type RunTrainerAction = z.output<typeof RunTrainerActionSchema>;

/** A trainer's answer, from "My runs" (names the run) or the e-mail's link (the token names it). */
export const TrainerAnswerSchema = z.object({
  answer: z.enum(["accept", "decline"], "Choose accept or decline."),
  run: z.uuid({ error: "Choose a course date" }).optional(),
});

/** A fee statement's month from the address, "2026-11"; anything else reads as none (the current month). */
export const FeeMonthSchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .catch("")
    .default(""),
});

/** A venue as the office writes it. */
export const VenueSchema = z.object({
  intent: z.literal("venue"),
  id: z.uuid().optional(),
  name: requiredText("Name", 120),
  kind: z.enum(VENUE_KINDS, "Choose our own rooms or a hotel."),
  city: requiredText("City", 80),
  address: optionalText(300).transform((v) => v ?? ""),
  contact: optionalText(300).transform((v) => v ?? ""),
  status: z.enum(["active", "inactive"]).default("active"),
});
export type VenueInput = z.output<typeof VenueSchema>;

const capacityField = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const text = v?.trim() ?? "";
    if (text === "") return null;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1 || n > 2000) {
      ctx.addIssue({ code: "custom", message: "A capacity is a whole number of seats from 1 to 2000." });
      return z.NEVER;
    }
    return n;
  });

/** A room: its capacity per layout (blank: the room is not set out so) and its price. */
export const RoomSchema = z
  .object({
    intent: z.literal("room"),
    venue: z.uuid({ error: "Choose a venue" }),
    id: z.uuid().optional(),
    name: requiredText("Room name", 80),
    pricing: z.enum(ROOM_PRICINGS, "Choose a day rate or a package per person per day."),
    currency: z.enum(RESOURCE_CURRENCIES, "Choose the currency."),
    rate: z.string({ error: "Price: enter an amount" }),
    capacity_classroom: capacityField,
    capacity_theatre: capacityField,
    capacity_boardroom: capacityField,
    capacity_u_shape: capacityField,
    capacity_banquet: capacityField,
  })
  .transform((value, ctx) => {
    const capacities: Partial<Record<RoomLayout, number>> = {};
    for (const layout of ROOM_LAYOUTS) {
      const seats = value[`capacity_${layout}`];
      if (seats !== null) capacities[layout] = seats;
    }
    if (Object.keys(capacities).length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["capacity_classroom"],
        message: "Give the room's capacity for at least one layout.",
      });
    }
    return {
      venue: value.venue,
      id: value.id,
      name: value.name,
      pricing: value.pricing,
      currency: value.currency,
      rate: amountIn(value, ctx, "rate", "Price"),
      capacities,
    };
  });
export type RoomInput = z.output<typeof RoomSchema>;

export const VenueActionSchema = z.union([VenueSchema, RoomSchema]);

/**
 * The cancellation ladder as typed: one step a line, "2026-11-20 50" (cancelling on or after that date costs
 * 50 % of the total); dates rising, percents rising, up to 100.
 */
const ladderField = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const steps: { from: string; percent: number }[] = [];
    for (const line of (text ?? "")
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean)) {
      const match = /^(\d{4}-\d{2}-\d{2})\s*[:→-]?\s*(\d{1,3})\s*%?$/.exec(line);
      const percent = Number(match?.[2]);
      if (!match?.[1] || percent < 1 || percent > 100) {
        ctx.addIssue({
          code: "custom",
          message: `Cancellation ladder: write each step as a date and a percent, such as "2026-11-20 50" ("${line}" is not).`,
        });
        return z.NEVER;
      }
      const last = steps.at(-1);
      if (last && (match[1] <= last.from || percent < last.percent)) {
        ctx.addIssue({
          code: "custom",
          message: "Cancellation ladder: put the steps in date order, each percent at least the one before.",
        });
        return z.NEVER;
      }
      steps.push({ from: match[1], percent });
    }
    return steps;
  });

/** The run page's venue form: hold a room with the contract's dates, or release the hold. */
export const RunVenueActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("hold"),
    room: z.uuid({ error: "Choose a room from the list" }),
    layout: z.enum(ROOM_LAYOUTS, "Choose the layout."),
    depositDue: optionalDate("Deposit due"),
    finalNumbersDue: optionalDate("Final numbers due"),
    cancellationLadder: ladderField,
  }),
  z.object({ intent: z.literal("release") }),
]);
export type RunVenueAction = z.output<typeof RunVenueActionSchema>;
