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
import { courseRegistrations } from "../booking/tables.server";
import { createdAt, id, inList, updatedAt } from "../platform/db/columns";
import { users } from "../platform/db/tables.server";
import { courseRuns, testimonials } from "../site/tables.server";

// The tables this feature owns (decision 0725). drizzle-kit loads this file outside the app, so it imports
// only drizzle, the value lists and the table files of platform and of earlier features, by relative paths.

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
