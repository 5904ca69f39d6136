import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { courseRegistrations } from "../booking/tables.server";
import { createdAt, id, inList, updatedAt } from "../platform/db/columns";
import {
  ACTIVE_STATUSES,
  MEETING_ACCOUNTS,
  RESOURCE_CURRENCIES,
  ROOM_LAYOUTS,
  ROOM_PRICINGS,
  RUN_COST_BASES,
  RUN_COST_KINDS,
  RUN_COST_STAGES,
  RUN_DECISIONS,
  TRAINER_ENGAGEMENTS,
  TRAINER_REQUEST_STATES,
  VENUE_KINDS,
} from "../platform/db/enums";
import { users } from "../platform/db/tables.server";
import { courseRuns, courses, testimonials } from "../site/tables.server";

// The tables this feature owns (decision 0725). drizzle-kit loads this file outside the app, so it imports
// only drizzle, the value lists and the table files of platform and of earlier features, by relative paths.

/**
 * The trainers of a run (staff accounts with the trainer role) and where each one's request stands (issue 48,
 * decision 0760): the office requests, the trainer accepts or declines from the e-mail's one-use link or "My
 * runs", the office may withdraw. Only an accepted trainer delivers the run (sees its delivery pages). Rows from
 * before requests existed were assignments, hence the default.
 */
export const runTrainers = pgTable(
  "run_trainers",
  {
    runId: uuid("run_id")
      .notNull()
      .references(() => courseRuns.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state", { enum: TRAINER_REQUEST_STATES }).notNull().default("accepted"),
    /** the last day the trainer may answer; the link says "expired" after it */
    dueDate: date("due_date"),
    /** SHA-256 of the e-mail link's token while the request waits for an answer; cleared when answered */
    tokenHash: text("token_hash").unique(),
    /** why the office double-booked the trainer on a day they already train, when it did */
    clashReason: text("clash_reason"),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.userId] }),
    index("run_trainers_user_idx").on(t.userId),
    check("run_trainers_state_check", inList("state", TRAINER_REQUEST_STATES)),
  ],
);

/** A trainer as a resource (issue 48): what they deliver, where they are based, what a day costs, how to pay them. */
export const trainerProfiles = pgTable(
  "trainer_profiles",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    homeOffice: text("home_office").notNull().default("Nairobi"),
    engagement: text("engagement", { enum: TRAINER_ENGAGEMENTS }).notNull().default("associate"),
    /** the fee for one session day, in the currency's minor unit */
    dayRate: integer("day_rate").notNull().default(0),
    /** per session day away from the home office (accommodation and meals), same currency */
    perDiem: integer("per_diem").notNull().default(0),
    currency: text("currency", { enum: RESOURCE_CURRENCIES }).notNull().default("KES"),
    languages: text("languages").array().notNull().default(sql`'{}'::text[]`),
    kraPin: text("kra_pin"),
    /** the M-PESA number fees are paid to, as M-PESA writes it (2547XXXXXXXX) */
    mpesaNumber: text("mpesa_number"),
    /** ISO weekdays (1 Monday … 7 Sunday) the trainer normally works; a session on another day warns */
    availableWeekdays: integer("available_weekdays").array().notNull().default(sql`'{1,2,3,4,5}'::integer[]`),
    updatedAt: updatedAt(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("trainer_profiles_engagement_check", inList("engagement", TRAINER_ENGAGEMENTS)),
    check("trainer_profiles_currency_check", inList("currency", RESOURCE_CURRENCIES)),
    check("trainer_profiles_rates_check", sql`${t.dayRate} >= 0 and ${t.perDiem} >= 0`),
    check("trainer_profiles_kra_pin_check", sql`${t.kraPin} is null or ${t.kraPin} ~ '^[A-Z][0-9]{9}[A-Z]$'`),
    check(
      "trainer_profiles_mpesa_check",
      sql`${t.mpesaNumber} is null or ${t.mpesaNumber} ~ '^254[17][0-9]{8}$'`,
    ),
  ],
);

/** The courses a trainer can deliver. */
export const trainerCourses = pgTable(
  "trainer_courses",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index("trainer_courses_course_idx").on(t.courseId),
  ],
);

/** A trainer's leave, both days included: no request for a run with a session inside it. */
export const trainerLeave = pgTable(
  "trainer_leave",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    note: text("note").notNull().default(""),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("trainer_leave_dates_check", sql`${t.endDate} >= ${t.startDate}`),
    index("trainer_leave_user_idx").on(t.userId, t.startDate),
  ],
);

/** A place runs are held: the firm's own rooms or a hotel (issue 48). */
export const venues = pgTable(
  "venues",
  {
    id: id(),
    name: text("name").notNull().unique(),
    kind: text("kind", { enum: VENUE_KINDS }).notNull(),
    city: text("city").notNull(),
    address: text("address").notNull().default(""),
    contact: text("contact").notNull().default(""),
    status: text("status", { enum: ACTIVE_STATUSES }).notNull().default("active"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [
    check("venues_kind_check", inList("kind", VENUE_KINDS)),
    check("venues_status_check", inList("status", ACTIVE_STATUSES)),
  ],
);

/** A room of a venue: its capacity per layout and its price (a day rate, or a package per person per day). */
export const venueRooms = pgTable(
  "venue_rooms",
  {
    id: id(),
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    /** seats per layout set out; a layout the room cannot take is absent */
    capacities: jsonb("capacities").$type<Partial<Record<(typeof ROOM_LAYOUTS)[number], number>>>().notNull(),
    pricing: text("pricing", { enum: ROOM_PRICINGS }).notNull(),
    /** the day rate of the room, or the package per person per day, in the currency's minor unit */
    rate: integer("rate").notNull(),
    currency: text("currency", { enum: RESOURCE_CURRENCIES }).notNull().default("KES"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("venue_rooms_name_key").on(t.venueId, t.name),
    check("venue_rooms_pricing_check", inList("pricing", ROOM_PRICINGS)),
    check("venue_rooms_currency_check", inList("currency", RESOURCE_CURRENCIES)),
    check("venue_rooms_rate_check", sql`${t.rate} >= 0`),
  ],
);

/** One step of a venue's cancellation ladder: cancelling on or after `from` costs `percent` of the total. */
export type CancellationStep = { from: string; percent: number };

/**
 * A run's hold on a room and the contract's dates (issue 48): the deposit's due date, the day final numbers are
 * due, and the cancellation ladder, which the run's costs and the go/no-go date read.
 */
export const runVenueHolds = pgTable(
  "run_venue_holds",
  {
    runId: uuid("run_id")
      .primaryKey()
      .references(() => courseRuns.id, { onDelete: "cascade" }),
    roomId: uuid("room_id")
      .notNull()
      .references(() => venueRooms.id, { onDelete: "restrict" }),
    layout: text("layout", { enum: ROOM_LAYOUTS }).notNull(),
    depositDue: date("deposit_due"),
    finalNumbersDue: date("final_numbers_due"),
    /** steps in date order, percents rising */
    cancellationLadder: jsonb("cancellation_ladder")
      .$type<CancellationStep[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("run_venue_holds_layout_check", inList("layout", ROOM_LAYOUTS)),
    index("run_venue_holds_room_idx").on(t.roomId),
  ],
);

/** What a participant needs on the day (DESIGN §7: joining instructions belong to the run), one row per run. */
export const runJoiningInstructions = pgTable("run_joining_instructions", {
  runId: uuid("run_id")
    .primaryKey()
    .references(() => courseRuns.id, { onDelete: "cascade" }),
  venueDetails: text("venue_details").notNull().default(""),
  mapUrl: text("map_url"),
  startTime: text("start_time").notNull().default(""),
  timetable: text("timetable").notNull().default(""),
  whatToBring: text("what_to_bring").notNull().default(""),
  contactName: text("contact_name").notNull().default(""),
  contactPhone: text("contact_phone").notNull().default(""),
  updatedAt: updatedAt(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/**
 * One joining-instructions reminder of one participant for one run start, `days_before` days ahead. The unique
 * key makes scheduling idempotent across processes; the outbox row carries the not-before time.
 */
export const runReminders = pgTable(
  "run_reminders",
  {
    id: id(),
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => courseRegistrations.id, { onDelete: "cascade" }),
    runId: uuid("run_id")
      .notNull()
      .references(() => courseRuns.id, { onDelete: "cascade" }),
    startDate: date("start_date").notNull(),
    daysBefore: integer("days_before").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("run_reminders_key").on(t.registrationId, t.runId, t.startDate, t.daysBefore),
    index("run_reminders_run_idx").on(t.runId),
  ],
);

/** Present or absent, per participant per run day; the last write wins and says who made it and when. */
export const attendanceMarks = pgTable(
  "attendance_marks",
  {
    id: id(),
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => courseRegistrations.id, { onDelete: "restrict" }),
    runId: uuid("run_id")
      .notNull()
      .references(() => courseRuns.id, { onDelete: "restrict" }),
    day: date("day").notNull(),
    present: boolean("present").notNull(),
    markedBy: uuid("marked_by").references(() => users.id, { onDelete: "set null" }),
    markedByEmail: text("marked_by_email"),
    markedAt: timestamp("marked_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("attendance_marks_key").on(t.registrationId, t.runId, t.day),
    index("attendance_marks_run_day_idx").on(t.runId, t.day),
  ],
);

/**
 * A certificate of attendance. What it says (name, course, dates, venue, hours) is kept as issued, so the
 * public verify page shows the certificate itself even if the registration is edited later.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: id(),
    /** The unguessable code printed on the certificate and in its QR link (/verify/<code>). */
    code: text("code").notNull().unique(),
    // restrict here and on what it stands on (registration, run, attendance): an issued certificate is never
    // deleted, so /verify answers for it as long as the firm exists (a trigger in migration 0014 refuses deletes)
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => courseRegistrations.id, { onDelete: "restrict" }),
    runId: uuid("run_id")
      .notNull()
      .references(() => courseRuns.id, { onDelete: "restrict" }),
    recipientName: text("recipient_name").notNull(),
    courseTitle: text("course_title").notNull(),
    dates: text("dates").notNull(),
    venue: text("venue"),
    hours: integer("hours"),
    attendancePercent: integer("attendance_percent").notNull(),
    signatoryName: text("signatory_name").notNull(),
    signatoryTitle: text("signatory_title").notNull(),
    storageKey: text("storage_key").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    issuedBy: uuid("issued_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    revokedBy: uuid("revoked_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("certificates_registration_run_key").on(t.registrationId, t.runId),
    index("certificates_run_idx").on(t.runId),
  ],
);

/** A feedback request to one attendee (one-use link: only the token's hash is stored) and its answers. */
export const courseFeedback = pgTable(
  "course_feedback",
  {
    id: id(),
    registrationId: uuid("registration_id")
      .notNull()
      .unique()
      .references(() => courseRegistrations.id, { onDelete: "restrict" }),
    runId: uuid("run_id")
      .notNull()
      .references(() => courseRuns.id, { onDelete: "restrict" }),
    tokenHash: text("token_hash").notNull().unique(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    courseRating: integer("course_rating"),
    facilitatorRating: integer("facilitator_rating"),
    mostUseful: text("most_useful"),
    improve: text("improve"),
    consentToQuote: boolean("consent_to_quote").notNull().default(false),
    quoteName: text("quote_name"),
    quotePosition: text("quote_position"),
    testimonialId: uuid("testimonial_id").references(() => testimonials.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "course_feedback_ratings_check",
      sql`course_rating between 1 and 5 and facilitator_rating between 1 and 5`,
    ),
    index("course_feedback_run_idx").on(t.runId, t.submittedAt),
  ],
);

/**
 * The signed attendance register of a run, scanned (a PDF or a photo) for the NITA claim pack. A new upload
 * replaces the current one by marking it replaced: the older scans and their files are kept, never overwritten.
 */
export const NITA_SCAN_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;
export const nitaRegisterScans = pgTable(
  "nita_register_scans",
  {
    id: id(),
    runId: uuid("run_id")
      .notNull()
      .references(() => courseRuns.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type", { enum: NITA_SCAN_TYPES }).notNull(),
    fileSize: integer("file_size").notNull(),
    uploadedBy: text("uploaded_by"),
    createdAt: createdAt(),
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
  },
  (t) => [
    check("nita_register_scans_type_check", inList("mime_type", NITA_SCAN_TYPES)),
    index("nita_register_scans_run_idx").on(t.runId, t.createdAt),
    uniqueIndex("nita_register_scans_current_idx").on(t.runId).where(sql`replaced_at IS NULL`),
  ],
);

/**
 * A run's costs, planned and actual (issue 48, decision 0775), each in the run's currency's minor unit: a fixed
 * amount, an amount per participant or per session day. Trainer fees and the held room's price are read live
 * from items 1-2 and are not stored here; a row here is what the office typed, or the venue's penalty recorded
 * when a run was postponed or cancelled (`source`). Rows are removed only by the office, audited.
 */
export const runCosts = pgTable(
  "run_costs",
  {
    id: id(),
    runId: uuid("run_id")
      .notNull()
      .references(() => courseRuns.id, { onDelete: "cascade" }),
    stage: text("stage", { enum: RUN_COST_STAGES }).notNull(),
    kind: text("kind", { enum: RUN_COST_KINDS }).notNull(),
    basis: text("basis", { enum: RUN_COST_BASES }).notNull(),
    description: text("description").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency", { enum: RESOURCE_CURRENCIES }).notNull(),
    /** "office" when typed; "venue_penalty" when the decision recorded the cancellation ladder's step */
    source: text("source").notNull().default("office"),
    createdAt: createdAt(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("run_costs_stage_check", inList("stage", RUN_COST_STAGES)),
    check("run_costs_kind_check", inList("kind", RUN_COST_KINDS)),
    check("run_costs_basis_check", inList("basis", RUN_COST_BASES)),
    check("run_costs_currency_check", inList("currency", RESOURCE_CURRENCIES)),
    check("run_costs_amount_check", sql`amount_minor >= 0`),
    index("run_costs_run_idx").on(t.runId, t.stage),
  ],
);

/**
 * The go/no-go decision on a run (issue 48, decision 0776): confirmed, postponed (to `to_run_id`) or cancelled,
 * with why, by whom, and the decision date it was due by. Append-only: a run has at most one (the unique index);
 * what a decision did (e-mails, credit notes, the penalty) is in its own tables and the audit.
 */
export const runDecisions = pgTable(
  "run_decisions",
  {
    id: id(),
    runId: uuid("run_id")
      .notNull()
      .unique()
      .references(() => courseRuns.id, { onDelete: "cascade" }),
    decision: text("decision", { enum: RUN_DECISIONS }).notNull(),
    reason: text("reason").notNull(),
    /** a postponed run's next date (null once that date is deleted) */
    toRunId: uuid("to_run_id").references(() => courseRuns.id, { onDelete: "set null" }),
    /** the decision date the run had when it was decided */
    dueOn: date("due_on"),
    participants: integer("participants").notNull(),
    penaltyMinor: bigint("penalty_minor", { mode: "number" }).notNull().default(0),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull(),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  () => [check("run_decisions_decision_check", inList("decision", RUN_DECISIONS))],
);

/**
 * A meeting account the firm connected (decision 0826): Zoom's Server-to-Server OAuth app (account id, client id
 * and secret) or a Microsoft Entra app with Graph's OnlineMeetings and OnlineMeetingArtifact permissions
 * (tenant id, client id and secret, and the user who organises the meetings). The secret is sealed like
 * Daraja's credentials.
 */
export const meetingAccounts = pgTable(
  "meeting_accounts",
  {
    provider: text("provider", { enum: MEETING_ACCOUNTS }).primaryKey(),
    /** Zoom's account id; Entra's tenant id */
    accountId: text("account_id").notNull(),
    clientId: text("client_id").notNull(),
    clientSecretSealed: text("client_secret_sealed").notNull(),
    /** Graph: the organiser's user id or principal name; Zoom: the user whose meetings they are ("me") */
    organizer: text("organizer").notNull().default("me"),
    updatedBy: text("updated_by").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("meeting_accounts_provider_check", inList("provider", MEETING_ACCOUNTS))],
);
