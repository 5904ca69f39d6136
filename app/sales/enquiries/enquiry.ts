import { z } from "zod";
import { ENQUIRY_KINDS, ENQUIRY_STATUSES } from "#app/platform/db/enums";
import { emailField, LIMITS, optionalText, phoneField, requiredText } from "#app/site/index";
import { isCalendarDate } from "#app/utils/calendar-date";
import { parseCents } from "#app/utils/cents";

export { ENQUIRY_KINDS, ENQUIRY_STATUSES };
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

export const ENQUIRY_KIND_LABELS: Record<EnquiryKind, string> = {
  contact: "Contact form",
  booking_question: "Booking question",
  in_house: "In-house training request",
};

export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: "New",
  qualified: "Qualified",
  quoted: "Quoted",
  won: "Won",
  lost: "Lost",
};

/**
 * Where an enquiry may go from each status: forward along new → qualified → quoted → won, or lost from any
 * open one (with a reason). Won and lost are final: a client who comes back is a new enquiry.
 */
export const ENQUIRY_NEXT: Record<EnquiryStatus, readonly EnquiryStatus[]> = {
  new: ["qualified", "lost"],
  qualified: ["quoted", "lost"],
  quoted: ["won", "lost"],
  won: [],
  lost: [],
};

export const MAX_GROUP = 1000;

/** The public in-house training request: who asks, for what, for how many, where, when and for how much. */
export const InHouseRequestSchema = z
  .object({
    organization: requiredText("Organisation", LIMITS.organization),
    name: requiredText("Name", LIMITS.name),
    email: emailField,
    phone: phoneField,
    course: optionalText("Course", LIMITS.name).refine(
      (value) => value === null || /^[a-z0-9-]+$/.test(value),
      "Please choose a course from the list.",
    ),
    topic: optionalText("Topic", LIMITS.name),
    participants: requiredText("Number of participants", 5)
      .refine(
        (value) => value === "" || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_GROUP),
        `Enter the number of participants as a whole number from 1 to ${MAX_GROUP.toLocaleString("en-US")}.`,
      )
      .transform(Number),
    preferredDates: optionalText("Preferred dates", 200),
    venue: optionalText("County or venue", 200),
    budget: optionalText("Budget", 20)
      .refine(
        (value) => value === null || parseCents(value.replace(/^KES\s*/i, "")) !== null,
        "Enter the budget in Kenya shillings, digits only (for example 450,000).",
      )
      .transform((value) => (value === null ? null : parseCents(value.replace(/^KES\s*/i, "")))),
    message: optionalText("Message", LIMITS.message),
  })
  .refine((input) => input.course !== null || input.topic !== null, {
    message: "Choose a course or describe the topic you need.",
    path: ["topic"],
  });
export type InHouseRequestInput = z.infer<typeof InHouseRequestSchema>;

export const IN_HOUSE_MESSAGES = {
  success: {
    title: "Request received",
    message:
      "Thank you. We will call you within one working day to plan your in-house course and send a quote.",
  },
  failure: { title: "Error", message: "Failed to send your request. Please try again" },
} as const;

const followUpDate = optionalText("Follow-up date", 10).refine(
  (value) => value === null || isCalendarDate(value),
  "Enter the follow-up date as a real date (YYYY-MM-DD).",
);

/** The office's work on an enquiry: who owns it, where it stands, when to call back, and its client. */
export const EnquiryUpdateSchema = z
  .object({
    ownerId: optionalText("Owner", 36).refine(
      (value) => value === null || z.uuid().safeParse(value).success,
      "Choose an owner from the list.",
    ),
    status: z.enum(ENQUIRY_STATUSES, "Choose a status from the list."),
    lostReason: optionalText("Reason", 500),
    followUpOn: followUpDate,
    organisationId: optionalText("Organisation", 36).refine(
      (value) => value === null || z.uuid().safeParse(value).success,
      "Choose an organisation from the list.",
    ),
  })
  .refine((input) => input.status !== "lost" || input.lostReason !== null, {
    message: "Say why the enquiry was lost.",
    path: ["lostReason"],
  });
export type EnquiryUpdate = z.infer<typeof EnquiryUpdateSchema>;
