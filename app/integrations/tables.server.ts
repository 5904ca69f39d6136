import { sql } from "drizzle-orm";
import {
  check,
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
import { createdAt, id, inList, someOf } from "../platform/db/columns";
import { WEBHOOK_DELIVERY_ORIGINS, WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENT_TYPES } from "../platform/db/enums";
import { users } from "../platform/db/tables.server";

// The tables this feature owns (decision 0725). drizzle-kit loads this file outside the app, so it imports
// only drizzle, the value lists and the table files of platform and of earlier features, by relative paths.

/**
 * An API token an owner made for another system (issue 54, decision 0800). Only the SHA-256 of the secret is
 * kept; `prefix` (the token's first characters) lets the office tell tokens apart. A revoked token is kept with
 * who revoked it and when, never deleted: the audit rows of its uses point at it.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: id(),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** `<area>:read` and `<area>:write` (app/integrations/scopes.ts) */
    scopes: text("scopes").array().notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: uuid("revoked_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("api_tokens_scopes_check", sql`cardinality(scopes) > 0`),
    index("api_tokens_created_idx").on(t.createdAt),
  ],
);

/**
 * A write sent with an `Idempotency-Key` (decision 0802): `running` while the first request works, then `done`
 * with the answer it gave, which a replay with the same key and body receives again. Keyed per token.
 */
export const apiIdempotencyKeys = pgTable(
  "api_idempotency_keys",
  {
    tokenId: uuid("token_id")
      .notNull()
      .references(() => apiTokens.id, { onDelete: "restrict" }),
    key: text("key").notNull(),
    /** the method, path and SHA-256 of the body: the same key with another request is refused */
    fingerprint: text("fingerprint").notNull(),
    state: text("state", { enum: ["running", "done"] })
      .notNull()
      .default("running"),
    status: integer("status"),
    body: jsonb("body"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenId, t.key] }),
    check("api_idempotency_keys_state_check", sql`state in ('running', 'done')`),
    index("api_idempotency_keys_created_idx").on(t.createdAt),
  ],
);

/**
 * A receiver of webhooks an owner added (issue 54, decision 0820). `secret` is the Standard Webhooks signing
 * secret (`whsec_…`), sealed at rest; after a rotation the previous one signs too until
 * `previous_secret_until`, so a receiver can change its secret without refusing a delivery. A disabled endpoint
 * (by an owner, or by a `410 Gone`) keeps its log and receives nothing until enabled again.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    url: text("url").notNull(),
    description: text("description"),
    eventTypes: text("event_types").array().notNull(),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledReason: text("disabled_reason"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  () => [check("webhook_endpoints_event_types_check", someOf("event_types", WEBHOOK_EVENT_TYPES))],
);

/**
 * Something that happened, written by a trigger in the transaction of the change itself (the migration's
 * hand-written part, decision 0821): it exists exactly when the change committed. `fanned_out_at` is set when
 * the delivery pass has made its deliveries to the endpoints subscribed at that moment.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: id(),
    type: text("type", { enum: WEBHOOK_EVENT_TYPES }).notNull(),
    resourceId: uuid("resource_id").notNull(),
    reference: text("reference"),
    createdAt: createdAt(),
    fannedOutAt: timestamp("fanned_out_at", { withTimezone: true }),
  },
  (t) => [
    check("webhook_events_type_check", inList("type", WEBHOOK_EVENT_TYPES)),
    index("webhook_events_created_idx").on(t.createdAt),
    index("webhook_events_waiting_idx").on(t.createdAt).where(sql`fanned_out_at is null`),
  ],
);

/**
 * One event to one endpoint: the outbox the delivery pass works from (decision 0822). A pass claims a due row by
 * setting `lease_until` (another process skips it until then); an answer 2xx makes it `delivered`, any other
 * answer or none schedules the next attempt with backoff until three days after the first, then `failed`.
 * A resend or a replay adds a new row for the same event (the receiver sees the same `webhook-id`).
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "restrict" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "restrict" }),
    /** `event`: the delivery made when the event happened (one per endpoint); `resend`, `replay`: asked for */
    origin: text("origin", { enum: WEBHOOK_DELIVERY_ORIGINS }).notNull().default("event"),
    state: text("state", { enum: WEBHOOK_DELIVERY_STATES }).notNull().default("waiting"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("webhook_deliveries_state_check", inList("state", WEBHOOK_DELIVERY_STATES)),
    check("webhook_deliveries_origin_check", inList("origin", WEBHOOK_DELIVERY_ORIGINS)),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`state = 'waiting'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    uniqueIndex("webhook_deliveries_event_endpoint_first_idx")
      .on(t.eventId, t.endpointId)
      .where(sql`origin = 'event'`),
  ],
);
