import { z } from "zod";
import { BOOKING_STATUSES, CONTACT_STATUSES, REGISTRATION_STATUSES } from "#app/platform/db/enums";
import { queryDate, queryText } from "#app/platform/forms/query";
import { PAYMENT_STATES } from "#app/utils/payment-state";

export { BOOKING_STATUSES, CONTACT_STATUSES, REGISTRATION_STATUSES };
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/**
 * The statuses a person decides. "paid" follows from the ledger (a booking's payments settle it) and "attended"
 * from the attendance register: set by hand they would contradict the records they stand for, and the finance
 * overview and the reminders, which read the ledger, would go on treating the booking as unpaid (issue 30).
 */
export const DECIDED_REGISTRATION_STATUSES = ["new", "confirmed", "cancelled", "waitlisted"] as const;

const RECORDED_STATUS_SOURCES = {
  paid: "Paid follows from the payments recorded for the booking: record or reverse a payment in Finance to change it.",
  attended:
    "Attended comes from the attendance register kept on the course date's attendance page; it is not set by hand.",
} as const;

/** Where a recorded status comes from, as the screens show it and the action's refusal says; null for the rest. */
export function recordedStatusSource(status: unknown): string | null {
  return typeof status === "string" && Object.hasOwn(RECORDED_STATUS_SOURCES, status)
    ? RECORDED_STATUS_SOURCES[status as keyof typeof RECORDED_STATUS_SOURCES]
    : null;
}

export const PAGE_SIZE = 25;
/** The site promises a reply to an enquiry within this many hours; older new ones are waiting too long. */
export const ENQUIRY_REPLY_HOURS = 24;
/** Deleted rows can be restored for this long; older ones are purged. */
export const RESTORE_WINDOW_DAYS = 30;

/** Spec §8, word for word. */
export const REGISTRATION_MESSAGES = {
  fetchFailed: "Failed to fetch registrations.",
  deleteFailed: "Failed to delete registration.",
  deleted: "Registration Deleted",
  empty: "No registrations found.",
  restored: "Registration Restored",
  restoreFailed: "Failed to restore registration.",
  statusUpdated: "Status Updated",
  statusFailed: "Failed to update status.",
} as const;

export const CONTACT_MESSAGES = {
  fetchFailed: "Failed to fetch contacts.",
  statusUpdated: "Status Updated",
  statusFailed: "Failed to update status.",
  deleted: "Contact Deleted",
  deleteFailed: "Failed to delete contact.",
  empty: "No contact submissions found.",
  restored: "Contact Restored",
  restoreFailed: "Failed to restore contact.",
} as const;

// A bad query-string value falls back to the default instead of failing the page: links get edited by hand.
const lenient = <T extends z.ZodType>(schema: T, fallback: z.output<T>) => schema.catch(fallback);

const listBase = {
  q: queryText(),
  page: lenient(z.coerce.number().int().min(1).max(100_000), 1),
  dir: lenient(z.enum(["asc", "desc"]), "desc"),
};

export const REGISTRATION_SORTS = ["created", "name", "course", "status"] as const;
export type RegistrationSort = (typeof REGISTRATION_SORTS)[number];

export const RegistrationQuerySchema = z.object({
  ...listBase,
  course: queryText(),
  status: lenient(z.enum(REGISTRATION_STATUSES).or(z.literal("")), ""),
  from: queryDate(),
  to: queryDate(),
  /** One course date's registrations (the run page links here). */
  run: lenient(z.uuid().or(z.literal("")), ""),
  /** Only registrations marked "possible duplicate". */
  duplicates: lenient(z.enum(["1"]).or(z.literal("")), ""),
  sort: lenient(z.enum(REGISTRATION_SORTS), "created"),
  view: lenient(z.enum(["table", "cards"]), "table"),
});
export type RegistrationQuery = z.infer<typeof RegistrationQuerySchema>;

export const ContactQuerySchema = z.object({
  ...listBase,
  status: lenient(z.enum(CONTACT_STATUSES).or(z.literal("")), ""),
  /** Only new enquiries that have waited longer than the reply promise (the dashboard links here). */
  waiting: lenient(z.enum(["1"]).or(z.literal("")), ""),
});
export type ContactQuery = z.infer<typeof ContactQuerySchema>;

/** The Bookings list: by course date, organisation, payment state, status and booking date, or any search. */
export const BookingQuerySchema = z.object({
  q: listBase.q,
  page: listBase.page,
  run: lenient(z.uuid().or(z.literal("")), ""),
  organization: queryText(),
  payment: lenient(z.enum(PAYMENT_STATES).or(z.literal("")), ""),
  status: lenient(z.enum(BOOKING_STATUSES).or(z.literal("")), ""),
  from: queryDate(),
  to: queryDate(),
});
export type BookingQuery = z.infer<typeof BookingQuerySchema>;

export const DeletedQuerySchema = z.object({ page: listBase.page });

/** Reads a list query from a URL; unknown or malformed values take their defaults. */
export function parseListQuery<S extends z.ZodType>(schema: S, url: URL): z.output<S> {
  return schema.parse(Object.fromEntries(url.searchParams));
}

const id = z.uuid("Unknown record.");

/** The row actions posted by the admin lists and detail pages. */
export const RegistrationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), id }),
  z.object({ intent: z.literal("restore"), id }),
  z.object({
    intent: z.literal("status"),
    id,
    status: z.enum(DECIDED_REGISTRATION_STATUSES, {
      error: (issue) => recordedStatusSource(issue.input) ?? "Choose a valid status.",
    }),
  }),
]);

/** The registration page's one post: its ID number in full, for an account that may see it (decision 0637). */
export const RevealIdNumberSchema = z.object({
  intent: z.literal("reveal-id-number", { error: "Unknown action." }),
});

export const ContactActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), id }),
  z.object({ intent: z.literal("restore"), id }),
  z.object({ intent: z.literal("status"), id, status: z.enum(CONTACT_STATUSES, "Choose a valid status.") }),
]);

/** Nairobi has no daylight saving: a calendar day there is [date 00:00+03:00, next day 00:00+03:00). */
export function startOfNairobiDay(date: string) {
  return new Date(`${date}T00:00:00+03:00`);
}
export function endOfNairobiDay(date: string) {
  return new Date(startOfNairobiDay(date).getTime() + 24 * 60 * 60 * 1000);
}
