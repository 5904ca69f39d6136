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
import {
  OUTBOX_STATUSES,
  SMS_ENVIRONMENTS,
  SMS_OPT_OUT_SOURCES,
  SMS_STATUSES,
  STAFF_ROLES,
  WHATSAPP_MOMENTS,
  WHATSAPP_OPT_OUT_SOURCES,
  WHATSAPP_STATUSES,
} from "./enums";

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

/**
 * WhatsApp messages waiting to go, and what became of each (decision 0769): claimed like the SMS outbox, sent
 * through the WhatsApp Cloud API as the approved template of their moment, then moved by Meta's status webhooks.
 * `variables` are the template's body parameters in order; `template_name` and `template_language` record which
 * template went (the settings name it per moment, and may change it later).
 */
export const whatsappOutbox = pgTable(
  "whatsapp_outbox",
  {
    id: id(),
    /** E.164, one of the four countries' mobile numbers */
    toNumber: text("to_number").notNull(),
    moment: text("moment", { enum: WHATSAPP_MOMENTS }).notNull(),
    variables: jsonb("variables").$type<string[]>().notNull(),
    templateName: text("template_name"),
    templateLanguage: text("template_language"),
    relatedTable: text("related_table"),
    relatedId: text("related_id"),
    status: text("status", { enum: WHATSAPP_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** set just before the request to Meta, cleared with its answer: as the SMS outbox's (decision 0765) */
    sendingAt: timestamp("sending_at", { withTimezone: true }),
    /** the wamid Meta gave it, which its status webhooks name */
    providerMessageId: text("provider_message_id"),
    /** Meta's last word on it: "sent", "delivered", "read", "failed", or a refusal's error code and title */
    providerStatus: text("provider_status"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("whatsapp_outbox_status_check", inList("status", WHATSAPP_STATUSES)),
    check("whatsapp_outbox_moment_check", inList("moment", WHATSAPP_MOMENTS)),
    index("whatsapp_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("whatsapp_outbox_related_idx").on(t.relatedTable, t.relatedId),
    uniqueIndex("whatsapp_outbox_provider_message_key").on(t.providerMessageId),
  ],
);

/** Numbers that said STOP on WhatsApp (or withdrew in the portal): no WhatsApp message goes to them. */
export const whatsappOptOuts = pgTable(
  "whatsapp_opt_outs",
  {
    /** E.164 */
    number: text("number").primaryKey(),
    source: text("source", { enum: WHATSAPP_OPT_OUT_SOURCES }).notNull(),
    createdAt: createdAt(),
  },
  () => [check("whatsapp_opt_outs_source_check", inList("source", WHATSAPP_OPT_OUT_SOURCES))],
);

/**
 * The firm's WhatsApp Business phone number on the Cloud API: one row. The access token, the app secret (which
 * signs the webhooks) and the webhook's verify token are sealed like the SMS key (decision 0770).
 */
export const whatsappCredentials = pgTable(
  "whatsapp_credentials",
  {
    id: integer("id").primaryKey().default(1),
    /** the Graph API version in the path, e.g. v21.0 */
    graphVersion: text("graph_version").notNull(),
    phoneNumberId: text("phone_number_id").notNull(),
    accessTokenSealed: text("access_token_sealed").notNull(),
    appSecretSealed: text("app_secret_sealed").notNull(),
    verifyTokenSealed: text("verify_token_sealed").notNull(),
    updatedBy: text("updated_by").notNull(),
    updatedAt: updatedAt(),
  },
  () => [check("whatsapp_credentials_one_row", sql`id = 1`)],
);

/**
 * The Meta-approved utility template named for each moment (decision 0771): its name and language code as
 * WhatsApp Manager shows them. The variables it takes, and their order, are the product's (templates.ts).
 */
export const whatsappTemplates = pgTable(
  "whatsapp_templates",
  {
    moment: text("moment", { enum: WHATSAPP_MOMENTS }).primaryKey(),
    name: text("name").notNull(),
    language: text("language").notNull(),
    updatedBy: text("updated_by").notNull(),
    updatedAt: updatedAt(),
  },
  () => [
    check("whatsapp_templates_moment_check", inList("moment", WHATSAPP_MOMENTS)),
    check("whatsapp_templates_name_check", sql`name ~ '^[a-z0-9_]+$' and length(name) <= 512`),
  ],
);
