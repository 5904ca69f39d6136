import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  ACTIVE_STATUSES,
  BOOKING_KINDS,
  BOOKING_STATUSES,
  CONTACT_STATUSES,
  COURSE_CATEGORIES,
  DARAJA_ENVIRONMENTS,
  DATA_REQUEST_FORMATS,
  DATA_REQUEST_KINDS,
  DELIVERY_MODES,
  DOCUMENT_CATEGORIES,
  ENGAGEMENT_STATUSES,
  ENQUIRY_KINDS,
  ENQUIRY_STATUSES,
  ETIMS_ENVIRONMENTS,
  ETIMS_ITEM_STATES,
  ETIMS_SEND_ON,
  ETIMS_TAX_TYPES,
  FAITH_GROUPS,
  FINANCE_DOCUMENT_KINDS,
  GALLERY_CATEGORIES,
  HOLIDAY_COUNTRY_CODES,
  IMAGE_COMPONENTS,
  OFFER_STATUSES,
  ORGANISATION_TYPES,
  OUTBOX_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_REVIEW_STATES,
  PAYMENT_SOURCES,
  QUOTE_KINDS,
  QUOTE_LINE_KINDS,
  QUOTE_STATUSES,
  REGISTRATION_STATUSES,
  RUN_STATUSES,
  SESSION_MODES,
  STAFF_ROLES,
  STATEMENT_KINDS,
  STK_PUSH_STATES,
  TAX_INVOICE_STATES,
  TAX_RECEIPT_TYPES,
} from "./enums";

// The value lists live in ./enums (no drizzle) so browser code can import them without the table definitions.
export * from "./enums";

/**
 * A file sent with a message: small text inline (`content`, e.g. a run's .ics), or a stored document by its
 * storage key (`storageKey`, e.g. an invoice PDF) so the outbox row never carries a binary file.
 */
export type EmailAttachment =
  | { filename: string; contentType: string; content: string }
  | { filename: string; contentType: string; storageKey: string };

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

/** A non-empty array column whose every element is one of `values`. */
const someOf = (column: string, values: readonly string[]) =>
  sql.raw(
    `cardinality(${column}) > 0 and ${column} <@ array[${values.map((v) => `'${v}'`).join(", ")}]::text[]`,
  );

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    /** How the firm calls them: on a run's trainer list, in "My runs", in the audit log. */
    name: text("name"),
    passwordHash: text("password_hash").notNull(),
    // the accounts before roles were all owners (the spec's administrator)
    roles: text("roles", { enum: STAFF_ROLES }).array().notNull().default(sql`'{owner}'::text[]`),
    /** A deactivated account keeps its history and cannot sign in; its sessions end when it is set. */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    check("users_roles_check", someOf("roles", STAFF_ROLES)),
  ],
);

/** An owner's invitation: a one-use link (its token stored hashed) that lets the invitee set their own password. */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name"),
    roles: text("roles", { enum: STAFF_ROLES }).array().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("staff_invitations_email_idx").on(sql`lower(${t.email})`),
    check("staff_invitations_roles_check", someOf("roles", STAFF_ROLES)),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    // sha-256 of the cookie token, so a leaked table does not leak live sessions
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    // set when the password was right but the admin's second factor is still to be checked
    needsSecondFactor: boolean("needs_second_factor").notNull().default(false),
    // the last time this session's holder proved who they are (sign-in or step-up), for step-up checks
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const adminPasskeys = pgTable(
  "admin_passkeys",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // base64url credential id as the authenticator reports it
    credentialId: text("credential_id").notNull().unique(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("admin_passkeys_user_idx").on(t.userId)],
);

export const adminTotp = pgTable("admin_totp", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  // AES-256-GCM with a key derived from the session secret: a copied table alone does not give the codes
  secretEncrypted: text("secret_encrypted").notNull(),
  // null until the admin has typed one right code; only then does the factor count
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  // the last 30-second step accepted, so a code is used once
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAt(),
});

export const adminRecoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("admin_recovery_codes_user_idx").on(t.userId)],
);

export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose").notNull(),
    // the admin the ceremony is for; null for a usernameless sign-in
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("webauthn_challenges_expires_idx").on(t.expiresAt),
    check("webauthn_challenges_purpose_check", inList("purpose", ["login", "verify", "register", "step-up"])),
  ],
);

/** The one-time code that lets the first admin sign up from another machine; one row, the latest printed. */
export const adminSetupCode = pgTable(
  "admin_setup_code",
  {
    id: integer("id").primaryKey().default(1),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
  },
  () => [check("admin_setup_code_single_row", sql`id = 1`)],
);

export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: id(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    success: boolean("success").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_attempts_email_idx").on(t.email, t.createdAt),
    index("login_attempts_ip_idx").on(t.ip, t.createdAt),
    // rows are inserted in time order, so a block range index finds the old ones to forget at almost no cost
    index("login_attempts_created_brin_idx").using("brin", t.createdAt),
  ],
);

export const rateLimitEvents = pgTable(
  "rate_limit_events",
  {
    id: id(),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("rate_limit_events_lookup_idx").on(t.bucket, t.key, t.createdAt),
    index("rate_limit_events_created_brin_idx").using("brin", t.createdAt),
  ],
);

export const systemSettings = pgTable("system_settings", {
  id: id(),
  key: text("key").notNull().unique(),
  value: jsonb("value").notNull(),
  description: text("description"),
  updatedAt: updatedAt(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
});

export const siteContent = pgTable("site_content", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
});

export const adminAuditLogs = pgTable(
  "admin_audit_logs",
  {
    id: id(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    /** The roles the actor held when they acted ("registrar,finance"); null for the public and the system. */
    actorRoles: text("actor_roles"),
    action: text("action").notNull(),
    tableName: text("table_name").notNull(),
    recordId: text("record_id"),
    oldValues: jsonb("old_values"),
    newValues: jsonb("new_values"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_logs_created_idx").on(t.createdAt),
    index("admin_audit_logs_table_idx").on(t.tableName, t.createdAt),
    // a booking's timeline: the entries about its own rows
    index("admin_audit_logs_record_idx").on(t.recordId, t.createdAt),
  ],
);

export const courses = pgTable(
  "courses",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    description: text("description"),
    category: text("category", { enum: COURSE_CATEGORIES }).notNull().default("management"),
    faithGroup: text("faith_group", { enum: FAITH_GROUPS }),
    durationDays: integer("duration_days"),
    cost: numeric("cost", { precision: 12, scale: 2 }),
    currency: text("currency").notNull().default("KES"),
    type: text("type"),
    targetAudience: text("target_audience"),
    highlights: jsonb("highlights").$type<string[]>().notNull().default([]),
    objectives: jsonb("objectives").$type<string[]>().notNull().default([]),
    modules: jsonb("modules").$type<string[]>().notNull().default([]),
    /** What the fee pays for and what it leaves to the participant, as the course page states them. */
    feeIncludes: jsonb("fee_includes").$type<string[]>().notNull().default([]),
    feeExcludes: jsonb("fee_excludes").$type<string[]>().notNull().default([]),
    /** The certificate a participant receives, e.g. "Certificate of participation". */
    certificate: text("certificate"),
    status: text("status", { enum: ACTIVE_STATUSES }).notNull().default("active"),
    featured: boolean("featured").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    imageUrl: text("image_url"),
    /** KRA eTIMS: the item classification code (UNSPSC, 10 digits) and tax type its sales carry */
    etimsItemClassCode: text("etims_item_class_code"),
    etimsTaxType: text("etims_tax_type", { enum: ETIMS_TAX_TYPES }).notNull().default("B"),
    /** Kept with its history but off the public site; an archived course is never active (check below). */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("courses_category_check", inList("category", COURSE_CATEGORIES)),
    // every public read asks for status 'active', so an archived course is hidden wherever a course is shown
    check("courses_archived_check", sql`archived_at is null or status = 'inactive'`),
    check("courses_status_check", inList("status", ACTIVE_STATUSES)),
    check("courses_faith_group_check", sql`faith_group is null or faith_group in ('A', 'B', 'C')`),
    check("courses_duration_check", sql`duration_days is null or duration_days between 1 and 365`),
    check("courses_cost_check", sql`cost is null or cost >= 0`),
    check("courses_etims_tax_type_check", inList("etims_tax_type", ETIMS_TAX_TYPES)),
    check(
      "courses_etims_item_class_check",
      sql`etims_item_class_code is null or etims_item_class_code ~ '^[0-9]{8,10}$'`,
    ),
    index("courses_status_category_idx").on(t.status, t.category, t.sortOrder),
    index("courses_created_idx").on(t.createdAt),
  ],
);

export const courseRuns = pgTable(
  "course_runs",
  {
    id: id(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    startDate: date("start_date"),
    endDate: date("end_date"),
    // free-text range as printed in the catalogue, e.g. "3rd - 7th March 2025"
    label: text("label"),
    venue: text("venue"),
    country: text("country"),
    deliveryMode: text("delivery_mode", { enum: DELIVERY_MODES }).notNull().default("physical"),
    capacity: integer("capacity"),
    /** The smallest group worth running (decision 0553); null = no minimum. */
    minParticipants: integer("min_participants"),
    costOverride: numeric("cost_override", { precision: 12, scale: 2 }),
    status: text("status", { enum: RUN_STATUSES }).notNull().default("open"),
    /**
     * A private (in-house) run: one organisation's group, on no public page, feed or form (decision 0671). It
     * is made from an accepted quote, or by the office by hand (then without an organisation).
     */
    private: boolean("private").notNull().default(false),
    /** the organisation a private run is for: "Private — <organisation>" on the office's screens */
    organisationId: uuid("organisation_id").references((): AnyPgColumn => organisations.id, {
      onDelete: "restrict",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("course_runs_delivery_check", inList("delivery_mode", DELIVERY_MODES)),
    check("course_runs_organisation_check", sql`organisation_id is null or private`),
    check("course_runs_status_check", inList("status", RUN_STATUSES)),
    check("course_runs_dates_check", sql`end_date is null or start_date is null or end_date >= start_date`),
    check("course_runs_capacity_check", sql`capacity is null or capacity > 0`),
    check("course_runs_min_participants_check", sql`min_participants is null or min_participants > 0`),
    index("course_runs_course_idx").on(t.courseId, t.startDate),
    index("course_runs_start_idx").on(t.startDate),
    index("course_runs_organisation_idx").on(t.organisationId),
  ],
);

/**
 * The days a run is actually held (DESIGN §9, decision 0680): by default the working days from its start to its
 * end date, skipping weekends and the venue country's public holidays; staff may add a weekend day on purpose
 * or drop one. Attendance, the certificate threshold and hours, sign-in sheets, reminders, feeds and NITA
 * timetables count these, never the calendar days between the dates.
 */
export const runSessions = pgTable(
  "run_sessions",
  {
    id: id(),
    runId: uuid("run_id")
      .notNull()
      .references(() => courseRuns.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    /** Nairobi wall-clock times, "09:00" */
    startTime: text("start_time").notNull().default("09:00"),
    endTime: text("end_time").notNull().default("17:00"),
    mode: text("mode", { enum: SESSION_MODES }).notNull().default("in_person"),
    meetingLink: text("meeting_link"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("run_sessions_run_date_key").on(t.runId, t.date),
    check("run_sessions_mode_check", inList("mode", SESSION_MODES)),
    check(
      "run_sessions_times_check",
      sql`start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and end_time > start_time`,
    ),
  ],
);

/**
 * A public holiday the government gazettes for one year only (an election day, a day of mourning, a census,
 * an Eid moved by the moon's sighting), beside the holidays the law fixes (app/utils/public-holidays.ts).
 */
export const gazettedHolidays = pgTable(
  "gazetted_holidays",
  {
    id: id(),
    country: text("country", { enum: HOLIDAY_COUNTRY_CODES }).notNull(),
    date: date("date").notNull(),
    name: text("name").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gazetted_holidays_country_date_key").on(t.country, t.date),
    check("gazetted_holidays_country_check", inList("country", HOLIDAY_COUNTRY_CODES)),
  ],
);

/** The trainers of a run (staff accounts with the trainer role): they see and deliver that run only. */
export const runTrainers = pgTable(
  "run_trainers",
  {
    runId: uuid("run_id")
      .notNull()
      .references(() => courseRuns.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.userId] }), index("run_trainers_user_idx").on(t.userId)],
);

/**
 * One submission by one contact for one run (DESIGN §7): the reference the client pays against, and the
 * participants as its registrations. A booking larger than the seats left waits whole on the waiting list.
 */
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
      .references((): AnyPgColumn => quotes.id, { onDelete: "restrict" }),
    participants: integer("participants").notNull().default(1),
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

/**
 * A one-time sign-in link to the client portal, e-mailed to a booking contact (or an invited colleague): only a
 * hash of its token is kept; it works once, until `expires_at` (decision 0639).
 */
export const clientSignInLinks = pgTable(
  "client_sign_in_links",
  {
    id: id(),
    /** lower-cased */
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("client_sign_in_links_email_idx").on(t.email, t.createdAt)],
);

/** A client's portal session: never a staff session, and it reaches only what its e-mail address may see. */
export const clientSessions = pgTable(
  "client_sessions",
  {
    // sha-256 of the cookie token, as for staff sessions
    id: text("id").primaryKey(),
    /** lower-cased */
    email: text("email").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("client_sessions_email_idx").on(t.email),
    index("client_sessions_expires_idx").on(t.expiresAt),
  ],
);

/**
 * A booking contact's colleague, invited to see the bookings the contact made for one organisation. Removing
 * the colleague ends their access at once (their sessions find no booking).
 */
export const clientColleagues = pgTable(
  "client_colleagues",
  {
    id: id(),
    /** the contact who invited, lower-cased: whose bookings the colleague sees */
    contactEmail: text("contact_email").notNull(),
    organization: text("organization").notNull(),
    /** lower-cased */
    colleagueEmail: text("colleague_email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("client_colleagues_unique_idx").on(
      t.contactEmail,
      sql`lower(${t.organization})`,
      t.colleagueEmail,
    ),
    index("client_colleagues_colleague_idx").on(t.colleagueEmail),
  ],
);

/** A seat freed on a full run, offered to a waitlisted booking until it expires (one open offer per booking). */
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

/** "Notify me of new dates": people waiting for a course to be scheduled again, one row per e-mail per course. */
export const courseInterests = pgTable(
  "course_interests",
  {
    id: id(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("course_interests_course_email_key").on(t.courseId, sql`lower(${t.email})`)],
);

/**
 * A client organisation (issue 37): the account its bookings, enquiries and quotes belong to. `name_key` is the
 * name as matching compares it and `loose_key` the same without legal words (app/sales/organisations/
 * organisation-name.ts), kept beside it so lookups are index scans; the KRA PIN identifies it when given.
 */
export const organisations = pgTable(
  "organisations",
  {
    id: id(),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    looseKey: text("loose_key").notNull(),
    type: text("type", { enum: ORGANISATION_TYPES }).notNull().default("other"),
    kraPin: text("kra_pin"),
    nitaLevyNumber: text("nita_levy_number"),
    address: text("address"),
    /** the people the office deals with there, as the office writes them (names, roles, phones, e-mails) */
    contacts: text("contacts"),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("organisations_type_check", inList("type", ORGANISATION_TYPES)),
    uniqueIndex("organisations_kra_pin_key").on(t.kraPin).where(sql`kra_pin is not null`),
    index("organisations_name_key_idx").on(t.nameKey),
    index("organisations_loose_key_idx").on(t.looseKey),
    index("organisations_name_trgm_idx").using("gin", sql`${t.nameKey} gin_trgm_ops`),
  ],
);

/**
 * Two organisations the office looked at on the review screen and kept apart: the pair is not offered again.
 * `first_id` sorts before `second_id`, so a pair has one row.
 */
export const organisationsKeptApart = pgTable(
  "organisations_kept_apart",
  {
    firstId: uuid("first_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    secondId: uuid("second_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    decidedBy: text("decided_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.firstId, t.secondId] }),
    check("organisations_kept_apart_order_check", sql`first_id < second_id`),
  ],
);

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

export const testimonials = pgTable(
  "testimonials",
  {
    id: id(),
    name: text("name").notNull(),
    position: text("position").notNull(),
    course: text("course").notNull(),
    content: text("content").notNull(),
    rating: integer("rating").notNull().default(5),
    imageUrl: text("image_url"),
    status: text("status", { enum: ACTIVE_STATUSES }).notNull().default("active"),
    showOnHome: boolean("show_on_home").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("testimonials_rating_check", sql`rating between 1 and 5`),
    check("testimonials_status_check", inList("status", ACTIVE_STATUSES)),
    index("testimonials_created_idx").on(t.createdAt),
  ],
);

export const documents = pgTable(
  "documents",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description"),
    fileUrl: text("file_url").notNull(),
    fileName: text("file_name").notNull(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    mimeType: text("mime_type").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    category: text("category", { enum: DOCUMENT_CATEGORIES }).notNull().default("brochure"),
    status: text("status", { enum: ACTIVE_STATUSES }).notNull().default("active"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("documents_category_check", inList("category", DOCUMENT_CATEGORIES)),
    check("documents_status_check", inList("status", ACTIVE_STATUSES)),
    check("documents_size_check", sql`file_size >= 0`),
    index("documents_created_idx").on(t.createdAt),
    index("documents_category_idx").on(t.category, t.status, t.createdAt),
  ],
);

export type ImageVariant = { format: "avif" | "webp" | "jpeg"; width: number; key: string; url: string };

export const websiteImages = pgTable(
  "website_images",
  {
    id: id(),
    title: text("title").notNull(),
    imageUrl: text("image_url").notNull(),
    component: text("component", { enum: IMAGE_COMPONENTS }).notNull().default("hero"),
    altText: text("alt_text"),
    status: text("status", { enum: ACTIVE_STATUSES }).notNull().default("active"),
    galleryCategory: text("gallery_category", { enum: GALLERY_CATEGORIES }),
    description: text("description"),
    width: integer("width"),
    height: integer("height"),
    variants: jsonb("variants").$type<ImageVariant[]>().notNull().default([]),
    storageKey: text("storage_key"),
    /** the seeded illustrations: the site labels them as artwork until the office puts a photograph in */
    artwork: boolean("artwork").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("website_images_component_check", inList("component", IMAGE_COMPONENTS)),
    check("website_images_status_check", inList("status", ACTIVE_STATUSES)),
    check(
      "website_images_gallery_category_check",
      sql`gallery_category is null or ${inList("gallery_category", GALLERY_CATEGORIES)}`,
    ),
    index("website_images_component_idx").on(t.component, t.status, t.createdAt),
    index("website_images_created_idx").on(t.createdAt),
  ],
);

/**
 * A picture a record keeps through the image pipeline (decision 0677): the largest JPEG, the original's size for
 * width/height, the resized variants for srcset, and the stored original they were made from.
 */
const pictureColumns = () => ({
  imageUrl: text("image_url").notNull(),
  imageWidth: integer("image_width").notNull(),
  imageHeight: integer("image_height").notNull(),
  imageVariants: jsonb("image_variants").$type<ImageVariant[]>().notNull().default([]),
  imageStorageKey: text("image_storage_key").notNull(),
});

/** An organisation the firm has trained, shown by its logo in the public "Clients" strip (issue 38). */
export const clientLogos = pgTable(
  "client_logos",
  {
    id: id(),
    name: text("name").notNull(),
    altText: text("alt_text").notNull(),
    /** the client's record in the office, when the logo is one of theirs */
    organisationId: uuid("organisation_id").references(() => organisations.id, { onDelete: "set null" }),
    websiteUrl: text("website_url"),
    ...pictureColumns(),
    status: text("status", { enum: ACTIVE_STATUSES }).notNull().default("active"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("client_logos_status_check", inList("status", ACTIVE_STATUSES)),
    index("client_logos_order_idx").on(t.status, t.sortOrder),
  ],
);

/** A trainer as the public site presents them: on the About page and on the pages of the courses they teach. */
export const facilitators = pgTable(
  "facilitators",
  {
    id: id(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    bio: text("bio").notNull(),
    /** the staff account with the trainer role this facilitator signs in with, when they have one */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    ...pictureColumns(),
    status: text("status", { enum: ACTIVE_STATUSES }).notNull().default("active"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("facilitators_status_check", inList("status", ACTIVE_STATUSES)),
    check("facilitators_bio_check", sql`char_length(bio) <= 400`),
    index("facilitators_order_idx").on(t.status, t.sortOrder),
  ],
);

/** The courses a facilitator teaches. */
export const facilitatorCourses = pgTable(
  "facilitator_courses",
  {
    facilitatorId: uuid("facilitator_id")
      .notNull()
      .references(() => facilitators.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.facilitatorId, t.courseId] }),
    index("facilitator_courses_course_idx").on(t.courseId),
  ],
);

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    kind: text("kind").notNull(),
    relatedTable: text("related_table"),
    relatedId: text("related_id"),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    // files sent with the message (e.g. a run's .ics): [{ filename, contentType, content }], content as text
    attachments: jsonb("attachments").$type<EmailAttachment[]>(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("email_outbox_status_check", inList("status", OUTBOX_STATUSES)),
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_created_idx").on(t.createdAt),
  ],
);

/** The last number used per document kind and year; locked by the issuing transaction (gap-free). */
export const documentSequences = pgTable(
  "document_sequences",
  {
    kind: text("kind").notNull(),
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [uniqueIndex("document_sequences_kind_year_idx").on(t.kind, t.year)],
);

export type FinanceLine = {
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
  /** the course the line sells (lines issued since eTIMS carry it: its tax type and classification) */
  courseId?: string;
  /** the participants the line bills, by name (lines issued before issue 35 have none) */
  participants?: string[];
};
export type FinanceParty = {
  name: string;
  kraPin: string | null;
  lines: string[];
};

/**
 * Proforma invoices, credit notes and receipts (DESIGN §7). Immutable once issued: a trigger in the migration
 * refuses updates and deletes; a changed booking gets a new version with a new number.
 */
export const financeDocuments = pgTable(
  "finance_documents",
  {
    id: id(),
    kind: text("kind", { enum: FINANCE_DOCUMENT_KINDS }).notNull(),
    number: text("number").notNull().unique(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    /** the proforma this one replaces, or the proforma a credit note cancels */
    relatesToId: uuid("relates_to_id"),
    version: integer("version").notNull().default(1),
    issuedOn: date("issued_on").notNull(),
    dueOn: date("due_on"),
    currency: text("currency").notNull().default("KES"),
    seller: jsonb("seller").$type<FinanceParty>().notNull(),
    buyer: jsonb("buyer").$type<FinanceParty & { lpoNumber: string | null }>().notNull(),
    lines: jsonb("lines").$type<FinanceLine[]>().notNull(),
    vatRatePercent: integer("vat_rate_percent").notNull(),
    pricesIncludeVat: boolean("prices_include_vat").notNull(),
    netCents: bigint("net_cents", { mode: "number" }).notNull(),
    vatCents: bigint("vat_cents", { mode: "number" }).notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    /** how to pay, as printed: paybill, account, bank */
    paymentNote: text("payment_note").notNull(),
    storageKey: text("storage_key").notNull(),
    issuedBy: text("issued_by").notNull(),
    /** receipts: the one payment acknowledged, what it paid and the booking's balance after it (negative: overpaid) */
    paymentId: uuid("payment_id").references((): AnyPgColumn => payments.id),
    paidCents: bigint("paid_cents", { mode: "number" }),
    balanceAfterCents: bigint("balance_after_cents", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("finance_documents_kind_check", inList("kind", FINANCE_DOCUMENT_KINDS)),
    uniqueIndex("finance_documents_payment_idx").on(t.paymentId),
    uniqueIndex("finance_documents_booking_idx").on(t.bookingId, t.kind, t.version),
    index("finance_documents_issued_idx").on(t.issuedOn),
  ],
);

/**
 * The payments ledger: append-only. A reversal is a new row with the negative amount and a reason; the only
 * change a row accepts is being assigned to a booking once (the migration's trigger enforces both).
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    receivedOn: date("received_on").notNull(),
    /** the M-PESA receipt, bank reference or cheque number; unique per method */
    transactionCode: text("transaction_code"),
    payer: text("payer"),
    /** the payer's number as it came: plain, masked (2547*****126) or, from M-PESA since 2024, its SHA-256 */
    payerPhone: text("payer_phone"),
    /** the account number or reference the payer gave */
    accountReference: text("account_reference"),
    bookingId: uuid("booking_id").references(() => bookings.id),
    reversesId: uuid("reverses_id"),
    reason: text("reason"),
    source: text("source", { enum: PAYMENT_SOURCES }).notNull(),
    recordedBy: text("recorded_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("payments_method_check", inList("method", PAYMENT_METHODS)),
    check("payments_source_check", inList("source", PAYMENT_SOURCES)),
    check("payments_amount_check", sql`amount_cents <> 0`),
    check("payments_reversal_check", sql`(reverses_id is null) = (amount_cents > 0)`),
    uniqueIndex("payments_method_code_idx").on(t.method, t.transactionCode),
    uniqueIndex("payments_reverses_idx").on(t.reversesId),
    index("payments_booking_idx").on(t.bookingId),
    index("payments_received_idx").on(t.receivedOn),
  ],
);

/**
 * A confirmed payment that could not go into the ledger as it came: dated in the future or impossibly, of an
 * absurd amount, for another shortcode, or carrying control characters. The money has moved, so it is kept
 * whole here until a person records it (with the corrections) or dismisses it with a reason.
 */
export const paymentReviews = pgTable(
  "payment_reviews",
  {
    id: id(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    source: text("source", { enum: PAYMENT_SOURCES }).notNull(),
    transactionCode: text("transaction_code").notNull(),
    /** as read, when it could be read */
    amountCents: bigint("amount_cents", { mode: "number" }),
    receivedOn: date("received_on"),
    payer: text("payer"),
    payerPhone: text("payer_phone"),
    accountReference: text("account_reference"),
    /** why it waits, for the person who reviews it */
    reasons: text("reasons").array().notNull(),
    /** the call as received, control characters written out (\u0000) so it can be stored and read */
    payload: jsonb("payload").notNull(),
    state: text("state", { enum: PAYMENT_REVIEW_STATES }).notNull().default("open"),
    paymentId: uuid("payment_id").references(() => payments.id),
    resolvedBy: text("resolved_by"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolution: text("resolution"),
    createdAt: createdAt(),
  },
  (t) => [
    check("payment_reviews_state_check", inList("state", PAYMENT_REVIEW_STATES)),
    uniqueIndex("payment_reviews_method_code_idx").on(t.method, t.transactionCode),
    index("payment_reviews_state_idx").on(t.state, t.createdAt),
  ],
);

/** An uploaded statement waiting between its preview and its commit. */
export const statementImports = pgTable("statement_imports", {
  id: id(),
  kind: text("kind", { enum: STATEMENT_KINDS }).notNull(),
  filename: text("filename").notNull(),
  storageKey: text("storage_key").notNull(),
  /** bank statements: which column holds what, chosen by the admin */
  mapping: jsonb("mapping").$type<Record<string, string>>(),
  committedAt: timestamp("committed_at", { withTimezone: true }),
  createdBy: text("created_by").notNull(),
  createdAt: createdAt(),
});
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
 * Versions that database triggers raise inside the writing transaction (decision 0600): row 1 with every write
 * to the tables public pages read (courses, runs, settings, site content, testimonials, images), row 2 with
 * every write that changes free seats (registrations, waiting-list offers). Every process compares them on
 * each request. Two rows, so a booking never waits for an admin's transaction on the same lock.
 */
export const publicDataVersion = pgTable(
  "public_data_version",
  {
    id: integer("id").primaryKey(),
    version: bigint("version", { mode: "number" }).notNull(),
  },
  () => [check("public_data_version_rows", sql`id in (1, 2)`)],
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
 * A person's request about their data, as an owner handled it (decision 0637): a copy handed over (JSON or PDF)
 * or an erasure, with what was found, erased and kept. The address or number searched is kept with it: the
 * record that the request was answered is itself something the firm must be able to show.
 */
export const dataRequests = pgTable(
  "data_requests",
  {
    id: id(),
    kind: text("kind", { enum: DATA_REQUEST_KINDS }).notNull(),
    /** json or pdf for an export */
    format: text("format", { enum: DATA_REQUEST_FORMATS }),
    /** the e-mail address or phone number searched for, as searched */
    subject: text("subject").notNull(),
    /** who asked and how, in the owner's words ("Wanjiku Kamau, by e-mail on 3 March") */
    askedBy: text("asked_by").notNull(),
    /** how many records of each kind were held when the owner acted */
    found: jsonb("found").$type<Record<string, number>>().notNull(),
    /** an erasure: how many records of each kind were deleted or anonymised */
    erased: jsonb("erased").$type<Record<string, number>>(),
    /** an erasure: what stayed, and why */
    kept: jsonb("kept").$type<{ what: string; why: string }[]>(),
    handledBy: uuid("handled_by").references(() => users.id, { onDelete: "set null" }),
    handledByEmail: text("handled_by_email"),
    createdAt: createdAt(),
  },
  (t) => [
    check("data_requests_kind_check", inList("kind", DATA_REQUEST_KINDS)),
    check("data_requests_format_check", sql`(kind = 'export') = (format is not null)`),
    index("data_requests_created_idx").on(t.createdAt),
  ],
);

/**
 * M-PESA Express (STK Push) requests, one row per prompt sent to a phone. At most one open (`sending` or
 * `pending`) per booking, by the partial unique index: a second "Pay" while the phone still shows the first
 * prompt is refused whatever process takes it. The payment itself goes into the ledger like any M-PESA receipt.
 */
export const mpesaStkPushes = pgTable(
  "mpesa_stk_pushes",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    state: text("state", { enum: STK_PUSH_STATES }).notNull().default("sending"),
    /** the number prompted, as M-PESA writes it (2547…) */
    phone: text("phone").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    merchantRequestId: text("merchant_request_id"),
    checkoutRequestId: text("checkout_request_id").unique(),
    /** Daraja's answer: its ResultCode (or errorCode) and description as it sent them */
    resultCode: text("result_code"),
    resultDesc: text("result_desc"),
    receiptCode: text("receipt_code"),
    paymentId: uuid("payment_id").references(() => payments.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** when the STK Query last asked about it */
    queriedAt: timestamp("queried_at", { withTimezone: true }),
  },
  (t) => [
    check("mpesa_stk_pushes_state_check", inList("state", STK_PUSH_STATES)),
    check("mpesa_stk_pushes_amount_check", sql`amount_cents > 0`),
    uniqueIndex("mpesa_stk_pushes_open_idx").on(t.bookingId).where(sql`state in ('sending', 'pending')`),
    index("mpesa_stk_pushes_booking_idx").on(t.bookingId, t.createdAt),
  ],
);

/**
 * The firm's Daraja app for M-PESA Express: one row. The consumer key and secret and the passkey are sealed
 * (AES-256-GCM under a key derived from the server secret), like the authenticator secrets.
 */
export const darajaCredentials = pgTable(
  "daraja_credentials",
  {
    id: integer("id").primaryKey().default(1),
    environment: text("environment", { enum: DARAJA_ENVIRONMENTS }).notNull(),
    shortcode: text("shortcode").notNull(),
    consumerKeySealed: text("consumer_key_sealed").notNull(),
    consumerSecretSealed: text("consumer_secret_sealed").notNull(),
    passkeySealed: text("passkey_sealed").notNull(),
    updatedBy: text("updated_by").notNull(),
    updatedAt: updatedAt(),
  },
  () => [
    check("daraja_credentials_one_row", sql`id = 1`),
    check("daraja_credentials_environment_check", inList("environment", DARAJA_ENVIRONMENTS)),
  ],
);

/**
 * The firm's KRA eTIMS (OSCU) device: one row. The identity is typed in the finance settings; the communication
 * key comes from KRA's initialisation and is kept sealed (decision 0643).
 */
export const etimsDevice = pgTable(
  "etims_device",
  {
    id: integer("id").primaryKey().default(1),
    tin: text("tin").notNull(),
    branchId: text("branch_id").notNull(),
    deviceSerial: text("device_serial").notNull(),
    environment: text("environment", { enum: ETIMS_ENVIRONMENTS }).notNull(),
    /** when a booking's sale goes to eTIMS: once it is paid in full, or once it is confirmed */
    sendOn: text("send_on", { enum: ETIMS_SEND_ON }).notNull().default("paid"),
    /** sealed (seal1:…) */
    cmcKey: text("cmc_key"),
    sdcId: text("sdc_id"),
    mrcNo: text("mrc_no"),
    /** "ready", or KRA's own message when the initialisation was refused or could not be made */
    state: text("state").notNull(),
    initialisedAt: timestamp("initialised_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  () => [
    check("etims_device_one_row", sql`id = 1`),
    check("etims_device_env_check", inList("environment", ETIMS_ENVIRONMENTS)),
    check("etims_device_send_on_check", inList("send_on", ETIMS_SEND_ON)),
  ],
);

/**
 * What the firm sells, registered with KRA as OSCU items (saveItem) before a sale uses their item code
 * (decision 0690): one per course, plus one "general" item for a line without a course. The item code follows
 * KRA's structure: origin KE, product type 3 (service), packaging NT, quantity unit U, a 7-digit increment.
 */
export const etimsItems = pgTable(
  "etims_items",
  {
    id: id(),
    /** the course's id, or "general" for lines that name no course */
    itemKey: text("item_key").notNull().unique(),
    itemCode: text("item_code").notNull().unique(),
    itemName: text("item_name").notNull(),
    /** what was (or is to be) registered: a change registers the item again */
    itemClassCode: text("item_class_code").notNull(),
    taxType: text("tax_type", { enum: ETIMS_TAX_TYPES }).notNull(),
    /** "registered" once KRA answered 000 for these very details */
    state: text("state", { enum: ETIMS_ITEM_STATES }).notNull().default("unregistered"),
    lastError: text("last_error"),
    registeredAt: timestamp("registered_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  () => [
    check("etims_items_state_check", inList("state", ETIMS_ITEM_STATES)),
    check("etims_items_tax_check", inList("tax_type", ETIMS_TAX_TYPES)),
  ],
);

export type TaxInvoiceLine = {
  description: string;
  itemClassCode: string;
  /** the registered OSCU item (etims_items) the line sells; absent on lines queued before items existed */
  itemCode?: string;
  taxType: (typeof ETIMS_TAX_TYPES)[number];
  quantity: number;
  unitCents: number;
  /** quantity × unit price, tax included (OSCU's taxable amount includes the tax) */
  amountCents: number;
  taxCents: number;
};

/**
 * Sales and credit notes sent to KRA eTIMS (decision 0643), numbered by the firm (gap-free) and kept for ever:
 * a trigger in the migration refuses deletes, and a sent one's figures and KRA's signature never change.
 */
export const taxInvoices = pgTable(
  "tax_invoices",
  {
    id: id(),
    /** the firm's own invoice number, sent as invcNo / trdInvcNo: a retry sends the same one */
    invoiceNo: integer("invoice_no").notNull().unique(),
    receiptType: text("receipt_type", { enum: TAX_RECEIPT_TYPES }).notNull(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    /** the proforma invoice the sale is for */
    proformaId: uuid("proforma_id")
      .notNull()
      .references(() => financeDocuments.id),
    /** a credit note's original sale */
    originalId: uuid("original_id"),
    buyer: jsonb("buyer").$type<{ name: string; kraPin: string | null; email: string }>().notNull(),
    lines: jsonb("lines").$type<TaxInvoiceLine[]>().notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    taxCents: bigint("tax_cents", { mode: "number" }).notNull(),
    state: text("state", { enum: TAX_INVOICE_STATES }).notNull().default("waiting"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** the last answer that was not a success: KRA's code and message, or why KRA could not be reached */
    lastError: text("last_error"),
    resultCode: text("result_code"),
    /** KRA's answer (TrnsSalesSaveWrRes) */
    receiptNo: integer("receipt_no"),
    totalReceiptNo: integer("total_receipt_no"),
    internalData: text("internal_data"),
    signature: text("signature"),
    sdcDateTime: text("sdc_date_time"),
    sdcId: text("sdc_id"),
    mrcNo: text("mrc_no"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    storageKey: text("storage_key"),
    createdAt: createdAt(),
  },
  (t) => [
    check("tax_invoices_state_check", inList("state", TAX_INVOICE_STATES)),
    check("tax_invoices_type_check", inList("receipt_type", TAX_RECEIPT_TYPES)),
    check("tax_invoices_credit_check", sql`(receipt_type = 'R') = (original_id is not null)`),
    // one credit note per sale
    uniqueIndex("tax_invoices_original_idx").on(t.originalId),
    index("tax_invoices_due_idx").on(t.state, t.nextAttemptAt),
    index("tax_invoices_booking_idx").on(t.bookingId, t.createdAt),
  ],
);

/**
 * Receipts due for a booking's payments (one for every payment, decision 0641), written in the payment's
 * transaction and issued after it commits (decision 0652): the payment's caller (Safaricom's callback) is answered without
 * waiting for a PDF. A job survives a crash between the two, and the next pass issues the receipt; the receipt's
 * own once-per-payment check and the job's `done_at`, set in the issuing transaction, make it go out once.
 */
export const receiptJobs = pgTable(
  "receipt_jobs",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // one job waiting per booking: a second payment before the pass joins the first job
    uniqueIndex("receipt_jobs_pending_idx").on(t.bookingId).where(sql`done_at is null`),
    index("receipt_jobs_due_idx").on(t.nextAttemptAt).where(sql`done_at is null`),
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
