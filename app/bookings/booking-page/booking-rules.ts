import { z } from "zod";
import { optionalText } from "#app/site/index";
import { addDays, formatLongDate } from "#app/utils/dates";
import { ParticipantSchema } from "../registration";

/** A booking reference as issued: `MF-` and eight characters of the unambiguous alphabet. */
export const BOOKING_REFERENCE_PATTERN = /^MF-[2-9A-HJKMNP-Z]{8}$/;

/** The firm's rule for KRA PINs: a letter, nine digits, a letter (P051234567X). */
const KRA_PIN = /^[A-Z]\d{9}[A-Z]$/;

export const BookingDetailsSchema = z.object({
  kraPin: optionalText("KRA PIN", 11)
    .transform((v) => v?.toUpperCase() ?? null)
    .refine((v) => v === null || KRA_PIN.test(v), "Enter the KRA PIN as a letter, nine digits and a letter."),
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
]);
export type BookingAction = z.infer<typeof BookingActionSchema>;

/** The last day a participant may be substituted without an owner: `noticeDays` before the start. */
export const substitutionDeadline = (startDate: string, noticeDays: number) =>
  addDays(startDate, -noticeDays);

export const BOOKING_RULES = {
  substitutionClosed: (deadline: string, noticeDays: number) =>
    `Substitutions close ${noticeDays} days before the start (the last day was ${formatLongDate(deadline)}). Only an owner can substitute a participant now.`,
  started: "This course date has started: its bookings can no longer be changed.",
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
