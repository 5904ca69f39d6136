import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, inList } from "../platform/db/columns";
import { DATA_REQUEST_FORMATS, DATA_REQUEST_KINDS } from "../platform/db/enums";
import { users } from "../platform/db/tables.server";

// The tables this feature owns (decision 0725). drizzle-kit loads this file outside the app, so it imports
// only drizzle, the value lists and the table files of platform and of earlier features, by relative paths.

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
