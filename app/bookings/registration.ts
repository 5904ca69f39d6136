import { z } from "zod";
import { discountCodeField } from "#app/money/index";
import {
  emailField,
  LIMITS,
  MAX_PARTICIPANT_ROWS,
  optionalText,
  phoneField,
  requiredText,
} from "#app/site/index";
import { mobileNumber } from "#app/utils/phone";

export const REGISTRATION_SOURCES = ["register", "contact"] as const;
export type RegistrationSource = (typeof REGISTRATION_SOURCES)[number];

export { MAX_PARTICIPANT_ROWS };

const participantText = (label: string, max: number) => optionalText(label, max);

/** A ticked checkbox posts "on"; an unticked one posts nothing. */
const ticked = z
  .string()
  .optional()
  .transform((value) => value === "on");

/** SMS can go only to a mobile number of the four countries (decision 0767). */
export const SMS_NEEDS_MOBILE =
  "To get SMS, enter a mobile number of Kenya, Uganda, Rwanda or Tanzania (such as 0712 345 678), or untick SMS.";

/** WhatsApp too goes only to a mobile number of the four countries (decision 0772). */
export const WHATSAPP_NEEDS_MOBILE =
  "To get WhatsApp messages, enter a mobile number of Kenya, Uganda, Rwanda or Tanzania (such as 0712 345 678), or untick WhatsApp.";

const smsNeedsMobile = (
  row: { phone: string | null; smsConsent: boolean; whatsappConsent: boolean },
  ctx: z.RefinementCtx,
) => {
  if (row.smsConsent && !mobileNumber(row.phone)) {
    ctx.addIssue({ code: "custom", path: ["smsConsent"], message: SMS_NEEDS_MOBILE });
  }
  if (row.whatsappConsent && !mobileNumber(row.phone)) {
    ctx.addIssue({ code: "custom", path: ["whatsappConsent"], message: WHATSAPP_NEEDS_MOBILE });
  }
};

/** One participant of a group booking. Rows left wholly empty (the spare row) are dropped before this. */
export const ParticipantSchema = z
  .object({
    name: requiredText("Participant name", LIMITS.name),
    email: emailField,
    // a row's optional fields may be missing altogether (a script, or a form without them)
    phone: phoneField.optional().transform((v) => v ?? null),
    idNumber: participantText("ID or passport number", 30)
      .optional()
      .transform((v) => v ?? null),
    /** the participant agreed to SMS at `phone` (decision 0767) */
    smsConsent: ticked,
    /** the participant agreed to WhatsApp at `phone` (decision 0772) */
    whatsappConsent: ticked,
  })
  .superRefine(smsNeedsMobile);
/** A participant as the code books one: a booking made without the form (a quote, the office) asks no SMS. */
export type ParticipantInput = Omit<z.infer<typeof ParticipantSchema>, "smsConsent" | "whatsappConsent"> & {
  smsConsent?: boolean;
  whatsappConsent?: boolean;
};

const isEmptyRow = (row: unknown) =>
  !row ||
  typeof row !== "object" ||
  Object.values(row).every((v) => v === undefined || v === null || v === "");

export const RegistrationSchema = z
  .object({
    name: requiredText("Name", LIMITS.name),
    email: emailField,
    phone: phoneField,
    organization: optionalText("Organisation", LIMITS.organization),
    course: requiredText("Course", LIMITS.name).refine(
      (value) => value === "" || /^[a-z0-9-]+$/.test(value),
      "Please choose a course from the list.",
    ),
    run: optionalText("Course date", 36).refine(
      (value) => value === null || z.uuid().safeParse(value).success,
      "The selected course date is not valid.",
    ),
    message: optionalText("Message", LIMITS.message),
    kraPin: participantText("KRA PIN", 20),
    lpoNumber: participantText("LPO number", 50),
    nitaLevyNumber: participantText("NITA levy number", 30),
    /** "I am attending too": the contact person is a participant beside the rows listed (a checkbox: "on"). */
    contactAttends: ticked,
    /** the contact agreed to SMS about the booking at `phone` (decision 0767) */
    smsConsent: ticked,
    /** the contact agreed to WhatsApp about the booking at `phone` (decision 0772) */
    whatsappConsent: ticked,
    /** a discount code (decision 0750), checked against its course, date, uses and budget when booked */
    discountCode: discountCodeField,
    participants: z.preprocess(
      (value) => (Array.isArray(value) ? value.filter((row) => !isEmptyRow(row)) : []),
      z.array(ParticipantSchema).max(MAX_PARTICIPANT_ROWS),
    ),
  })
  .superRefine(smsNeedsMobile);

export type RegistrationInput = Omit<
  z.infer<typeof RegistrationSchema>,
  "smsConsent" | "whatsappConsent" | "participants"
> & {
  smsConsent?: boolean;
  whatsappConsent?: boolean;
  participants: ParticipantInput[];
};

export const REGISTRATION_MESSAGES = {
  register: { title: "Registration Successful!", message: "We'll contact you soon with course details." },
  contact: {
    title: "Registration Received!",
    message: "We'll contact you within 24 hours to confirm your registration.",
  },
  failure: { title: "Error", message: "Failed to submit registration. Please try again." },
  unknownCourse: "The selected course is not available for registration. Please choose another course.",
  pastRun: "This course date has already started. Please choose one of the upcoming dates.",
  cancelledRun: "This course date has been cancelled. Please choose another date.",
  otherCourseRun: "The selected date is not a date of this course. Please choose a date from the list.",
  tooManyParticipants: (max: number) =>
    `At most ${max} participants can be booked in one registration. Please split the group or contact us.`,
  duplicateParticipant: (email: string) =>
    `${email} is listed more than once. Each participant needs their own e-mail address.`,
  waitlisted: (reference: string, position: number) => ({
    title: "You are on the waiting list",
    message: `This course date is fully booked, so booking ${reference} is on the waiting list at position ${position}. We will e-mail you as soon as a seat becomes free; nothing is payable until then.`,
  }),
} as const;
