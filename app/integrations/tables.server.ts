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
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "../platform/db/columns";
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
