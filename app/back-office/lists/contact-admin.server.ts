import { and, eq, isNull, lt, sql } from "drizzle-orm";
import {
  CONTACT_MESSAGES,
  ContactActionSchema,
  type ContactQuery,
  ContactQuerySchema,
  ENQUIRY_REPLY_HOURS,
} from "#app/back-office/lists/admin-lists";
import { keysetBatches } from "#app/platform/csv.server";
import { db } from "#app/platform/db/client.server";
import { contactSubmissions as t } from "#app/sales/tables.server";
import { now } from "#app/utils/clock";
import { afterCursor, orderBy, searchColumns, selectPage } from "./list-query.server";
import { listScreen } from "./row-actions.server";

export type ContactFilter = Pick<ContactQuery, "q" | "status" | "waiting">;

const columns = {
  id: t.id,
  name: t.name,
  email: t.email,
  phone: t.phone,
  organization: t.organization,
  courseInterest: t.courseInterest,
  message: t.message,
  status: t.status,
  source: t.source,
  createdAt: t.createdAt,
};

function whereFilter(filter: ContactFilter) {
  return and(
    isNull(t.deletedAt),
    filter.q
      ? searchColumns([t.name, t.email, t.organization, t.courseInterest, t.message], filter.q)
      : undefined,
    filter.status ? eq(t.status, filter.status) : undefined,
    filter.waiting ? waitingTooLong() : undefined,
  );
}

/** New enquiries older than the reply promise, by the business clock. */
export function waitingTooLong() {
  const cutoff = new Date(now().getTime() - ENQUIRY_REPLY_HOURS * 60 * 60 * 1000);
  return and(eq(t.status, "new"), lt(t.createdAt, cutoff));
}

/** Newest first, as spec §7 orders them; the full message is part of each row. */
export function listContacts(query: ContactFilter & Pick<ContactQuery, "dir" | "page">) {
  const where = whereFilter(query);
  return selectPage(t, where, query.page, ({ limit, offset, reversed }) =>
    db()
      .select(columns)
      .from(t)
      .where(where)
      .orderBy(...orderBy(t.createdAt, t.id, query.dir, reversed))
      .limit(limit)
      .offset(offset),
  );
}

export const CONTACT_EXPORT_HEADER = [
  "Name",
  "Email",
  "Phone",
  "Organization",
  "Course of Interest",
  "Message",
  "Status",
  "Source",
  "Received At",
] as const;

export function streamContacts(query: ContactFilter & Pick<ContactQuery, "dir">, batchSize = 1000) {
  const where = whereFilter(query);
  return keysetBatches(
    (after: { key: string; id: string } | null, limit) =>
      db()
        .select({ ...columns, key: sql<string>`${t.createdAt}::text` })
        .from(t)
        .where(and(where, afterCursor(t.createdAt, t.id, query.dir, after, "timestamptz")))
        .orderBy(...orderBy(t.createdAt, t.id, query.dir))
        .limit(limit),
    batchSize,
  );
}

export const CONTACT_LIST_SCREEN = listScreen(t, {
  query: ContactQuerySchema,
  actions: ContactActionSchema,
  messages: CONTACT_MESSAGES,
  deletedColumns: columns,
});

/** A contact as the list shows it. */
export type ContactListRow = Awaited<ReturnType<typeof listContacts>>["rows"][number];
