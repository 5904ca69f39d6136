import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, inList, someOf } from "../platform/db/columns";
import { STAFF_ROLES } from "../platform/db/enums";
import { users } from "../platform/db/tables.server";

// The tables this feature owns (decision 0725). drizzle-kit loads this file outside the app, so it imports
// only drizzle, the value lists and the table files of platform and of earlier features, by relative paths.

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
