import { sql } from "drizzle-orm";
import {
  bigint,
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
import { bookings } from "../booking/tables.server";
import { organisations } from "../organisations/tables.server";
import { createdAt, id, inList, updatedAt } from "../platform/db/columns";
import {
  CONTACT_STATUSES,
  ENGAGEMENT_STATUSES,
  ENQUIRY_KINDS,
  ENQUIRY_STATUSES,
  QUOTE_KINDS,
  QUOTE_LINE_KINDS,
  QUOTE_STATUSES,
} from "../platform/db/enums";
import { users } from "../platform/db/tables.server";
import { courses } from "../site/tables.server";

// The tables this feature owns (decision 0725). drizzle-kit loads this file outside the app, so it imports
// only drizzle, the value lists and the table files of platform and of earlier features, by relative paths.

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    organization: text("organization"),
    courseInterest: text("course_interest"),
    message: text("message"),
    status: text("status", { enum: CONTACT_STATUSES }).notNull().default("new"),
    source: text("source").notNull().default("contact"),
    idempotencyKey: text("idempotency_key").unique(),
    ip: text("ip"),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("contact_submissions_status_check", inList("status", CONTACT_STATUSES)),
    index("contact_submissions_created_idx").on(t.createdAt, t.id),
    index("contact_submissions_status_idx").on(t.status, t.createdAt, t.id),
    index("contact_submissions_deleted_idx").on(t.deletedAt),
  ],
);

/**
 * A request for training or consultancy that the office follows up (issue 37): from the contact forms (beside
 * the spec's contact submission, which keeps its own statuses) or the in-house training request. It has an
 * owner, a status (new → qualified → quoted → won / lost with a reason) and a follow-up date.
 */
export const enquiries = pgTable(
  "enquiries",
  {
    id: id(),
    kind: text("kind", { enum: ENQUIRY_KINDS }).notNull(),
    status: text("status", { enum: ENQUIRY_STATUSES }).notNull().default("new"),
    lostReason: text("lost_reason"),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    followUpOn: date("follow_up_on"),
    /** the day (Nairobi) it was won or lost: the pipeline's month */
    closedOn: date("closed_on"),
    organisationId: uuid("organisation_id").references(() => organisations.id, { onDelete: "restrict" }),
    /** the organisation as the enquirer typed it */
    organisationName: text("organisation_name"),
    contactName: text("contact_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone"),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    /** the course as named in a contact form, or the topic of an in-house request */
    topic: text("topic"),
    participants: integer("participants"),
    preferredDates: text("preferred_dates"),
    venue: text("venue"),
    budgetCents: bigint("budget_cents", { mode: "number" }),
    message: text("message"),
    contactSubmissionId: uuid("contact_submission_id")
      .unique()
      .references(() => contactSubmissions.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key").unique(),
    ip: text("ip"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("enquiries_kind_check", inList("kind", ENQUIRY_KINDS)),
    check("enquiries_status_check", inList("status", ENQUIRY_STATUSES)),
    check("enquiries_lost_reason_check", sql`status <> 'lost' or lost_reason is not null`),
    check("enquiries_closed_check", sql`(closed_on is not null) = (status in ('won', 'lost'))`),
    check("enquiries_participants_check", sql`participants is null or participants > 0`),
    check("enquiries_budget_check", sql`budget_cents is null or budget_cents >= 0`),
    index("enquiries_status_idx").on(t.status, t.createdAt),
    index("enquiries_follow_up_idx").on(t.followUpOn).where(sql`status in ('new', 'qualified', 'quoted')`),
    index("enquiries_organisation_idx").on(t.organisationId),
    index("enquiries_closed_idx").on(t.closedOn).where(sql`closed_on is not null`),
  ],
);

/**
 * A priced offer to an enquiry's client (issue 37). Versions of one enquiry's quote count up; at most one is open
 * (unanswered) at a time, and sending a new version replaces it. The VAT rule and the totals are kept as they were
 * when it was sent, so a later change of settings does not change what the client was offered.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: id(),
    enquiryId: uuid("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "restrict" }),
    version: integer("version").notNull(),
    status: text("status", { enum: QUOTE_STATUSES }).notNull().default("open"),
    /** training sells a course; consultancy has no course, and its acceptance opens an engagement */
    kind: text("kind", { enum: QUOTE_KINDS }).notNull().default("training"),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "restrict" }),
    participants: integer("participants").notNull(),
    /** the last day (Nairobi) it may be accepted */
    validUntil: date("valid_until").notNull(),
    terms: text("terms").notNull(),
    /**
     * What a training quote schedules, as the private run its acceptance makes (decision 0671): the course
     * above, these dates and this venue. Null on the quotes sent before they were asked.
     */
    startDate: date("start_date"),
    endDate: date("end_date"),
    venue: text("venue"),
    vatRatePercent: integer("vat_rate_percent").notNull(),
    pricesIncludeVat: boolean("prices_include_vat").notNull(),
    netCents: bigint("net_cents", { mode: "number" }).notNull(),
    vatCents: bigint("vat_cents", { mode: "number" }).notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answeredByName: text("answered_by_name"),
    answeredByPosition: text("answered_by_position"),
    lpoNumber: text("lpo_number"),
    declineReason: text("decline_reason"),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("quotes_status_check", inList("status", QUOTE_STATUSES)),
    check("quotes_kind_check", inList("kind", QUOTE_KINDS)),
    check("quotes_consultancy_course_check", sql`kind <> 'consultancy' or course_id is null`),
    check("quotes_participants_check", sql`participants > 0`),
    check("quotes_dates_check", sql`end_date is null or start_date is null or end_date >= start_date`),
    check(
      "quotes_totals_check",
      sql`net_cents >= 0 and vat_cents >= 0 and total_cents = net_cents + vat_cents`,
    ),
    check(
      "quotes_answer_check",
      sql`(status in ('accepted', 'declined')) = (answered_at is not null) and (status <> 'declined' or decline_reason is not null) and (status <> 'accepted' or answered_by_name is not null)`,
    ),
    uniqueIndex("quotes_enquiry_version_idx").on(t.enquiryId, t.version),
    // one unanswered version per enquiry: two offices sending at once cannot leave two open
    uniqueIndex("quotes_one_open_idx").on(t.enquiryId).where(sql`status = 'open'`),
  ],
);

/** A quote's priced lines, in their order: quantity × unit price, in integer cents. */
export const quoteLines = pgTable(
  "quote_lines",
  {
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind", { enum: QUOTE_LINE_KINDS }).notNull(),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitCents: bigint("unit_cents", { mode: "number" }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.position] }),
    check("quote_lines_kind_check", inList("kind", QUOTE_LINE_KINDS)),
    check("quote_lines_quantity_check", sql`quantity > 0`),
    check("quote_lines_unit_check", sql`unit_cents >= 0`),
  ],
);

/**
 * A consultancy engagement (issue 37): opened by an accepted consultancy quote, for the quote's total. Its
 * milestones divide that total; each is invoiced when the office marks it reached.
 */
export const engagements = pgTable(
  "engagements",
  {
    id: id(),
    quoteId: uuid("quote_id")
      .notNull()
      .unique()
      .references(() => quotes.id, { onDelete: "restrict" }),
    enquiryId: uuid("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "restrict" }),
    organisationId: uuid("organisation_id").references(() => organisations.id, { onDelete: "restrict" }),
    /** the client as the enquiry named it, for an engagement whose organisation is not matched yet */
    organisationName: text("organisation_name"),
    title: text("title").notNull(),
    contactName: text("contact_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone"),
    lpoNumber: text("lpo_number"),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    /** the quote's VAT rule: each milestone's invoice charges VAT as the accepted quote did */
    vatRatePercent: integer("vat_rate_percent").notNull(),
    status: text("status", { enum: ENGAGEMENT_STATUSES }).notNull().default("active"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("engagements_status_check", inList("status", ENGAGEMENT_STATUSES)),
    check("engagements_total_check", sql`total_cents >= 0`),
    index("engagements_organisation_idx").on(t.organisationId),
    index("engagements_status_idx").on(t.status, t.createdAt),
    index("engagements_contact_email_idx").on(sql`lower(${t.contactEmail})`),
  ],
);

/**
 * A part of an engagement, invoiced when reached: `booking_id` is the billing booking its invoice and payments
 * stand on (decision 0673), set once, in the transaction that marks it reached.
 */
export const engagementMilestones = pgTable(
  "engagement_milestones",
  {
    id: id(),
    engagementId: uuid("engagement_id")
      .notNull()
      .references(() => engagements.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    dueOn: date("due_on").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    reachedAt: timestamp("reached_at", { withTimezone: true }),
    reachedBy: text("reached_by"),
    bookingId: uuid("booking_id")
      .unique()
      .references(() => bookings.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("engagement_milestones_amount_check", sql`amount_cents > 0`),
    check(
      "engagement_milestones_reached_check",
      sql`(reached_at is null) = (booking_id is null) and (reached_at is null) = (reached_by is null)`,
    ),
    uniqueIndex("engagement_milestones_position_idx").on(t.engagementId, t.position),
  ],
);
