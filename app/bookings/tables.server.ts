import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { courseRegistrations } from "../booking/tables.server";
import { createdAt, id } from "../platform/db/columns";
import { courseRuns, courses } from "../site/tables.server";

// The tables this feature owns (decision 0725). drizzle-kit loads this file outside the app, so it imports
// only drizzle, the value lists and the table files of platform and of earlier features, by relative paths.

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
 * A postponed run's offer to one participant (issue 48, decision 0777): the e-mail's one-use link moves them to
 * the next date with one click. Only the token's hash is kept; `moved_at` marks it used.
 */
export const postponementOffers = pgTable(
  "postponement_offers",
  {
    id: id(),
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => courseRegistrations.id, { onDelete: "cascade" }),
    fromRunId: uuid("from_run_id")
      .notNull()
      .references(() => courseRuns.id, { onDelete: "cascade" }),
    toRunId: uuid("to_run_id")
      .notNull()
      .references(() => courseRuns.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    movedAt: timestamp("moved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("postponement_offers_registration_idx").on(t.registrationId, t.fromRunId)],
);
