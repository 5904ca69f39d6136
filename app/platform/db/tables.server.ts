import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, inList, someOf, updatedAt } from "./columns";
import { OUTBOX_STATUSES, SMS_ENVIRONMENTS, SMS_OPT_OUT_SOURCES, SMS_STATUSES, STAFF_ROLES } from "./enums";

// Platform's tables (decision 0725): the accounts every audited row and setting points to, the settings, the
// audit log, the e-mail outbox and the rate limit's events. Each feature declares its own in
// app/<feature>/tables.server.ts; drizzle-kit reads them all (drizzle.config.ts).

/**
 * A file sent with a message: small text inline (`content`, e.g. a run's .ics), or a stored document by its
 * storage key (`storageKey`, e.g. an invoice PDF) so the outbox row never carries a binary file.
 */
export type EmailAttachment =
  | { filename: string; contentType: string; content: string }
  | { filename: string; contentType: string; storageKey: string };

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

/**
 * Text messages waiting to go, and what became of each (decision 0765): claimed like the e-mail outbox, sent
 * through Africa's Talking, then moved by its delivery reports. `provider_message_id` is the id Africa's Talking
 * gave it, which its delivery report names; `cost_e4` the cost it reported, in ten-thousandths of `cost_currency`
 * (it reports four decimals: "KES 0.8000").
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: id(),
    /** E.164, one of the four countries' mobile numbers (app/utils/phone.ts `mobileNumber`) */
    toNumber: text("to_number").notNull(),
    body: text("body").notNull(),
    segments: integer("segments").notNull(),
    kind: text("kind").notNull(),
    relatedTable: text("related_table"),
    relatedId: text("related_id"),
    status: text("status", { enum: SMS_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /**
     * Set just before the request to the provider, cleared with its answer: a row claimed again with it set was
     * being sent when its process stopped, and is never sent again (decision 0765).
     */
    sendingAt: timestamp("sending_at", { withTimezone: true }),
    providerMessageId: text("provider_message_id"),
    /** the provider's last word on it: "Success", "Failed", "InsufficientBalance", … */
    providerStatus: text("provider_status"),
    costE4: integer("cost_e4"),
    costCurrency: text("cost_currency"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("sms_outbox_status_check", inList("status", SMS_STATUSES)),
    check("sms_outbox_segments_check", sql`segments > 0`),
    index("sms_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("sms_outbox_related_idx").on(t.relatedTable, t.relatedId),
    uniqueIndex("sms_outbox_provider_message_key").on(t.providerMessageId),
  ],
);

/** Numbers that said STOP (or opted out through the provider or the portal): no SMS goes to them. */
export const smsOptOuts = pgTable(
  "sms_opt_outs",
  {
    /** E.164 */
    number: text("number").primaryKey(),
    source: text("source", { enum: SMS_OPT_OUT_SOURCES }).notNull(),
    createdAt: createdAt(),
  },
  () => [check("sms_opt_outs_source_check", inList("source", SMS_OPT_OUT_SOURCES))],
);

/**
 * The firm's Africa's Talking account: one row. The API key and the secret of the callback addresses are sealed
 * like Daraja's credentials (decision 0766).
 */
export const smsCredentials = pgTable(
  "sms_credentials",
  {
    id: integer("id").primaryKey().default(1),
    environment: text("environment", { enum: SMS_ENVIRONMENTS }).notNull(),
    username: text("username").notNull(),
    /** the approved alphanumeric sender ID or short code; null sends from the account's default */
    senderId: text("sender_id"),
    apiKeySealed: text("api_key_sealed").notNull(),
    callbackSecretSealed: text("callback_secret_sealed").notNull(),
    updatedBy: text("updated_by").notNull(),
    updatedAt: updatedAt(),
  },
  () => [
    check("sms_credentials_one_row", sql`id = 1`),
    check("sms_credentials_environment_check", inList("environment", SMS_ENVIRONMENTS)),
  ],
);
