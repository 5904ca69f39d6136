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
import { organisations } from "../organisations/tables.server";
import { createdAt, id, inList, updatedAt } from "../platform/db/columns";
import {
  ACTIVE_STATUSES,
  COURSE_CATEGORIES,
  DELIVERY_MODES,
  DOCUMENT_CATEGORIES,
  ETIMS_TAX_TYPES,
  FAITH_GROUPS,
  GALLERY_CATEGORIES,
  HOLIDAY_COUNTRY_CODES,
  IMAGE_COMPONENTS,
  MEETING_PROVIDERS,
  OFFICE_CURRENCIES,
  RUN_STATUSES,
  SELLING_OFFICES,
  SESSION_MODES,
} from "../platform/db/enums";
import { users } from "../platform/db/tables.server";

// The tables this feature owns (decision 0725). drizzle-kit loads this file outside the app, so it imports
// only drizzle, the value lists and the table files of platform and of earlier features, by relative paths.

export const siteContent = pgTable("site_content", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
});

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
    /** The course day by day, as the course page prints it (decision 0784); empty until written. */
    outline: jsonb("outline")
      .$type<{ fromDay: number; toDay: number; title: string; topics: string[] }[]>()
      .notNull()
      .default([]),
    /** How the course is taught: the method a buyer reads before choosing. */
    method: text("method"),
    /** CPD points or hours a professional body awards for the course, where it does. */
    cpdPoints: text("cpd_points"),
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
    /**
     * The office that sells the run (issue 52, decision 0790) and the currency its prices are in: the office's,
     * kept on the run so a later change of the office cannot reprice what is booked. The key to selling_offices
     * is in the migration's hand-written part (the offices are made there, after the column).
     */
    sellingOffice: text("selling_office", { enum: SELLING_OFFICES }).notNull().default("nairobi"),
    currency: text("currency", { enum: OFFICE_CURRENCIES }).notNull().default("KES"),
    /** the optional price in US dollars for donors and international NGOs (decision 0790) */
    priceUsd: numeric("price_usd", { precision: 12, scale: 2, mode: "number" }),
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
    check("course_runs_currency_check", inList("currency", OFFICE_CURRENCIES)),
    check("course_runs_price_usd_check", sql`price_usd is null or price_usd >= 0`),
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
    /** the meeting's maker and its id there (Zoom's numeric id, Graph's onlineMeeting id), to fetch its report */
    meetingProvider: text("meeting_provider", { enum: MEETING_PROVIDERS }),
    meetingId: text("meeting_id"),
    meetingPasscode: text("meeting_passcode"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("run_sessions_run_date_key").on(t.runId, t.date),
    check("run_sessions_mode_check", inList("mode", SESSION_MODES)),
    // null passes a check: a session without a meeting
    check("run_sessions_meeting_provider_check", inList("meeting_provider", MEETING_PROVIDERS)),
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
 * A launch checklist item the office knowingly keeps as sample content (issue 49, decision 0780): who accepted it
 * and when. Rows are only added: an acceptance is part of the record of how the site went live.
 */
export const launchAcceptances = pgTable("launch_acceptances", {
  id: id(),
  itemKey: text("item_key").notNull().unique(),
  /** what the item showed when it was accepted, as the checklist said it ("9 illustrations") */
  detail: text("detail").notNull(),
  acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
  acceptedByEmail: text("accepted_by_email"),
  acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
});
