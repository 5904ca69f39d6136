import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { organisations } from "../organisations/tables.server";
import { createdAt, id, inList, updatedAt } from "../platform/db/columns";
import { BOOKING_KINDS, BOOKING_STATUSES, OFFER_STATUSES, REGISTRATION_STATUSES } from "../platform/db/enums";
import { courseRuns, courses } from "../site/tables.server";

// The tables this feature owns (decision 0725). drizzle-kit loads this file outside the app, so it imports
// only drizzle, the value lists and the table files of platform and of earlier features, by relative paths.

/**
 * The key of sales' quotes, named by table and column. A booking keeps the quote it was made from, but sales sits
 * above booking (it books an accepted quote's private run), so this file must not import sales' tables; the key
 * written from these names is the same constraint (decision 0725, checked by tables.server.test.ts).
 */
const quoteKey = pgTable("quotes", { id: uuid("id").primaryKey() }).id;

/**
 * One submission by one contact for one run (DESIGN §7): the reference the client pays against, and the
 * participants as its registrations. A booking larger than the seats left waits whole on the waiting list.
 */
/**
 * Seats of a run kept for the bookings of one holder, such as a sponsored cohort's discount code (decision 0751):
 * the run's other bookings see them taken until the hold is released or its last day passes. Never deleted.
 */
export const runSeatHolds = pgTable(
  "run_seat_holds",
  {
    id: id(),
    runId: uuid("run_id")
      .notNull()
      .references(() => courseRuns.id, { onDelete: "cascade" }),
    seats: integer("seats").notNull(),
    /** the last day the seats are kept (Nairobi); null: until released */
    until: date("until"),
    /** what holds them, as the office reads it ("Code SPONSOR-24") */
    holder: text("holder").notNull(),
    createdAt: createdAt(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [check("run_seat_holds_seats_check", sql`seats > 0`), index("run_seat_holds_run_idx").on(t.runId)],
);

export const bookings = pgTable(
  "bookings",
  {
    id: id(),
    reference: text("reference").notNull().unique(),
    // restrict: a booking, and the invoices and certificates that stand on it, outlive any delete attempt
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "restrict" }),
    runId: uuid("run_id").references(() => courseRuns.id, { onDelete: "restrict" }),
    contactName: text("contact_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone"),
    /** what Safaricom sends as MSISDN for this phone (SHA-256 of 2547…/2541…): a payment's payer finds its booking */
    contactPhoneSha256: text("contact_phone_sha256").generatedAlwaysAs(
      sql`mpesa_msisdn_sha256(contact_phone)`,
    ),
    /**
     * When the contact agreed to SMS about this booking at `contact_phone` (asked on the booking form, changed in
     * the portal; decision 0767); null: e-mail only. A STOP reply overrides it at once (sms_opt_outs).
     */
    contactSmsConsentAt: timestamp("contact_sms_consent_at", { withTimezone: true }),
    /** When the contact agreed to WhatsApp about this booking at `contact_phone` (decision 0772); null: not asked. */
    contactWhatsappConsentAt: timestamp("contact_whatsapp_consent_at", { withTimezone: true }),
    organization: text("organization"),
    kraPin: text("kra_pin"),
    lpoNumber: text("lpo_number"),
    /** The employer's NITA levy registration number, for its training-levy claim (asked of organisations). */
    nitaLevyNumber: text("nita_levy_number"),
    /** The client account the booking belongs to (issue 37): set when its organisation is matched or chosen. */
    organisationId: uuid("organisation_id").references(() => organisations.id, { onDelete: "restrict" }),
    /**
     * The accepted quote the booking was made from (decision 0672): its lines, not the run's price, are what the
     * booking's proforma charges. Unique: a quote makes one booking, however often it is accepted.
     */
    quoteId: uuid("quote_id")
      .unique()
      .references(() => quoteKey, { onDelete: "restrict" }),
    participants: integer("participants").notNull().default(1),
    /** the held seats this booking drew on (decision 0751): its live participants count against the hold */
    seatHoldId: uuid("seat_hold_id").references(() => runSeatHolds.id, { onDelete: "restrict" }),
    /** what this booking's payer withholds, when it differs from its organisation's (null: as the organisation) */
    withholdsIncomeTax: boolean("withholds_income_tax"),
    withholdsVat: boolean("withholds_vat"),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("pending"),
    /** what it bills: a course's participants, or one engagement milestone (decision 0673) */
    kind: text("kind", { enum: BOOKING_KINDS }).notNull().default("course"),
    idempotencyKey: text("idempotency_key").unique(),
    ip: text("ip"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("bookings_status_check", inList("status", BOOKING_STATUSES)),
    check("bookings_kind_check", inList("kind", BOOKING_KINDS)),
    check("bookings_participants_check", sql`participants > 0`),
    index("bookings_run_status_idx").on(t.runId, t.status, t.createdAt),
    index("bookings_contact_phone_sha256_idx").on(t.contactPhoneSha256),
    // the client portal finds a contact's bookings by their e-mail address, in any case
    index("bookings_contact_email_idx").on(sql`lower(${t.contactEmail})`),
    // the restrict check when a course is deleted, and "does this course have bookings"
    index("bookings_course_idx").on(t.courseId),
    index("bookings_organisation_idx").on(t.organisationId),
  ],
);

export const courseRegistrations = pgTable(
  "course_registrations",
  {
    id: id(),
    /**
     * A payment account number of this participant's own: the first participant carries the booking's; the
     * others of a group booked before migration 0015 had one each, still accepted with a payment. Never shown.
     */
    reference: text("reference").unique(),
    /** The booking's reference, on every participant: what the screens, the search and the export show. */
    bookingReference: text("booking_reference"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    phoneSha256: text("phone_sha256").generatedAlwaysAs(sql`mpesa_msisdn_sha256(phone)`),
    /** When this participant agreed to SMS at `phone` (decision 0767); null: e-mail only. */
    smsConsentAt: timestamp("sms_consent_at", { withTimezone: true }),
    /** When this participant agreed to WhatsApp at `phone` (decision 0772); null: no WhatsApp. */
    whatsappConsentAt: timestamp("whatsapp_consent_at", { withTimezone: true }),
    organization: text("organization"),
    courseName: text("course_name").notNull(),
    courseDate: text("course_date"),
    courseVenue: text("course_venue"),
    courseCost: text("course_cost"),
    courseDuration: text("course_duration"),
    specialRequirements: text("special_requirements"),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "restrict" }),
    runId: uuid("run_id").references(() => courseRuns.id, { onDelete: "restrict" }),
    bookingId: uuid("booking_id").references(() => bookings.id),
    /**
     * ID or passport number, needed for NITA claims: sealed (`seal1:…`, app/platform/personal-data), never
     * stored as typed (decision 0637). Its last four characters beside it are what the masked screens show.
     */
    idNumber: text("id_number"),
    idNumberLast4: text("id_number_last4"),
    status: text("status", { enum: REGISTRATION_STATUSES }).notNull().default("new"),
    source: text("source").notNull().default("register"),
    idempotencyKey: text("idempotency_key").unique(),
    ip: text("ip"),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("course_registrations_status_check", inList("status", REGISTRATION_STATUSES)),
    check("course_registrations_reference_check", sql`char_length(reference) <= 12`),
    // (sort column, id), ascending: the admin list's orders (either direction, scanned backwards for desc)
    // and its export's keyset batches are index range scans. drizzle's .desc() means DESC NULLS LAST, which
    // does not match a plain ORDER BY … DESC (NULLS FIRST), so the planner could not use those indexes.
    index("course_registrations_created_idx").on(t.createdAt, t.id),
    index("course_registrations_status_idx").on(t.status, t.createdAt, t.id),
    index("course_registrations_course_idx").on(t.courseId, t.createdAt),
    index("course_registrations_course_name_idx").on(t.courseName, t.id),
    index("course_registrations_name_idx").on(t.name, t.id),
    index("course_registrations_status_id_idx").on(t.status, t.id),
    index("course_registrations_deleted_idx").on(t.deletedAt),
    index("course_registrations_run_status_idx").on(t.runId, t.status),
    index("course_registrations_booking_idx").on(t.bookingId),
    index("course_registrations_phone_sha256_idx").on(t.phoneSha256),
    // the "possible duplicate" lookup: the same address for the same run
    index("course_registrations_email_run_idx").on(sql`lower(${t.email})`, t.runId),
    // ID numbers still as typed (written before sealing, or by an older process): the sealing pass finds
    // them without reading every registration, and finds none once all are sealed
    index("course_registrations_id_number_unsealed_idx")
      .on(t.id)
      .where(sql`id_number is not null and id_number !~ '^seal1:'`),
  ],
);

/**
 * Live registrations counted per course name, Nairobi month ("YYYY-MM") and status, kept by a statement
 * trigger on course_registrations inside every writing transaction (migration 0008, decision 0605): the
 * dashboard and the unfiltered list count read a few hundred rows instead of every registration. A key's
 * count may fall to zero and stay.
 */
export const registrationTallies = pgTable(
  "registration_tallies",
  {
    courseName: text("course_name").notNull(),
    month: text("month").notNull(),
    status: text("status").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseName, t.month, t.status] })],
);

/**
 * A seat freed on a full run, offered to a waitlisted booking until it expires (one open offer per booking). An
 * open offer holds its seats: the seat count reads it with the registrations (decision 0725).
 */
export const waitlistOffers = pgTable(
  "waitlist_offers",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    runId: uuid("run_id")
      .notNull()
      .references(() => courseRuns.id, { onDelete: "restrict" }),
    /** sha256 of the link's token: the link itself is only in the e-mail. */
    tokenHash: text("token_hash").notNull().unique(),
    seats: integer("seats").notNull(),
    status: text("status", { enum: OFFER_STATUSES }).notNull().default("open"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("waitlist_offers_status_check", inList("status", OFFER_STATUSES)),
    uniqueIndex("waitlist_offers_open_booking_key").on(t.bookingId).where(sql`status = 'open'`),
    index("waitlist_offers_due_idx").on(t.status, t.expiresAt),
    index("waitlist_offers_run_idx").on(t.runId, t.status),
  ],
);
