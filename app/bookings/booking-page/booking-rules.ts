import { z } from "zod";
import { kraPinRule } from "#app/organisations/index";
import { optionalText } from "#app/site/index";
import { addDays, formatLongDate } from "#app/utils/dates";
import { ParticipantSchema } from "../registration";

export const BookingDetailsSchema = z.object({
  kraPin: kraPinRule(optionalText("KRA PIN", 11)),
  lpoNumber: optionalText("LPO number", 50),
  nitaLevyNumber: optionalText("NITA levy number", 30),
});
export type BookingDetails = z.infer<typeof BookingDetailsSchema>;

const participant = z.uuid("Choose a participant of this booking.");

/** What a booking's page (the office's and the client's) can do to it, one intent per form. */
export const BookingActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm") }),
  z.object({ intent: z.literal("substitute"), id: participant, ...ParticipantSchema.shape }),
  z.object({ intent: z.literal("move"), toRunId: z.uuid("Choose another date of this course.") }),
  z.object({ intent: z.literal("add"), ...ParticipantSchema.shape }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("resend") }),
  z.object({ intent: z.literal("details"), ...BookingDetailsSchema.shape }),
  // the contact's SMS: a ticked box gives consent, an unticked one withdraws it (decision 0767)
  z.object({
    intent: z.literal("sms"),
    smsConsent: z
      .string()
      .optional()
      .transform((value) => value === "on"),
  }),
  // and their WhatsApp, the same way (decision 0772)
  z.object({
    intent: z.literal("whatsapp"),
    whatsappConsent: z
      .string()
      .optional()
      .transform((value) => value === "on"),
  }),
]);
export type BookingAction = z.infer<typeof BookingActionSchema>;

/** The last day a participant may be substituted without an owner: `noticeDays` before the start. */
export const substitutionDeadline = (startDate: string, noticeDays: number) =>
  addDays(startDate, -noticeDays);

export const BOOKING_RULES = {
  substitutionClosed: (deadline: string, noticeDays: number) =>
    `Substitutions close ${noticeDays} days before the start (the last day was ${formatLongDate(deadline)}). Only an owner can substitute a participant now.`,
  started: "This course date is under way or over: its bookings can no longer be changed.",
  ended: "This course date is over: its participants can no longer be confirmed.",
  cancelled: "This booking is cancelled.",
  milestone:
    "This is a consultancy milestone's invoice: it has no participants or dates to change (see its engagement).",
  attended: (name: string) => `${name} has attendance or a certificate on record and cannot be substituted.`,
  notInBooking: "That participant is not on this booking.",
  duplicateEmail: (email: string) =>
    `${email} is already a participant of this booking. Each participant needs their own e-mail address.`,
  noSeats: (left: number) =>
    left === 0
      ? "No seat is left on this course date."
      : `Only ${left} ${left === 1 ? "seat is" : "seats are"} left on this course date.`,
  otherDate: "Choose another upcoming date of this course.",
  waitlisted: "A booking on the waiting list is confirmed when a seat is offered to it.",
  tooMany: (max: number) => `A booking holds at most ${max} participants.`,
  nothingToConfirm: "Every participant of this booking is already confirmed.",
} as const;

/** Every change a booking can take, on its page, the run page, the portal or the registrations list. */
export type BookingChangeKind = "confirm" | "substitute" | "move" | "add" | "cancel" | "details";

/** The course date a rule is asked about: its first and last day (null: no date set yet). */
export type RuleRun = { startDate: string | null; endDate: string | null };

/**
 * The one rule of when a booking may change (issue 45): the same days the public form takes a booking (until the
 * first day, inclusive) it may also be confirmed, changed, moved or cancelled; a participant can still be
 * confirmed while the course runs (the office confirms who turned up); the KRA PIN, LPO and NITA levy numbers
 * are corrected at any time (finance needs them right to be paid). Answers the refusal, or null when allowed.
 */
export function bookingChangeRefusal(kind: BookingChangeKind, run: RuleRun | null, today: string) {
  if (kind === "details" || !run?.startDate) return null;
  if (kind === "confirm") return (run.endDate ?? run.startDate) < today ? BOOKING_RULES.ended : null;
  return run.startDate < today ? BOOKING_RULES.started : null;
}

/** The rule for each kind of change, for a screen that offers them. */
export function bookingChangeRules(run: RuleRun | null, today: string) {
  const kinds: BookingChangeKind[] = ["confirm", "substitute", "move", "add", "cancel", "details"];
  return Object.fromEntries(kinds.map((kind) => [kind, bookingChangeRefusal(kind, run, today)])) as Record<
    BookingChangeKind,
    string | null
  >;
}
