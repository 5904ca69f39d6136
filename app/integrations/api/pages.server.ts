import { and, asc, gte, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { PageQuery } from "./schemas";

/**
 * Keyset pages (decision 0802): items in the order of (changed, id), the time an item was created or last
 * changed, so a client that keeps the last cursor, or asks `updated_since` its last sync, misses nothing. The
 * cursor is that pair for the last item, as the database writes the time (microseconds kept), base64url.
 */
export type Cursor = { at: string; id: string };

export function encodeCursor(cursor: Cursor) {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString("base64url");
}

/** The cursor a client sent, or null when it is not one this API gave. */
export function decodeCursor(text: string): Cursor | null {
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown;
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [at, id] = value;
    if (typeof at !== "string" || typeof id !== "string") return null;
    if (!/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(Date.parse(at.replace(" ", "T")))) return null;
    if (!/^\d{4}-\d\d-\d\d[ T][\d:.]+([+-]\d\d(:?\d\d)?|Z)$/.test(at)) return null;
    return { at, id };
  } catch {
    return null;
  }
}

/** The conditions a page query adds: after the cursor, and changed since. */
export function pageConditions(
  changed: PgColumn,
  idColumn: PgColumn,
  query: PageQuery,
  cursor: Cursor | null,
) {
  const conditions: SQL[] = [];
  if (query.updated_since) conditions.push(gte(changed, new Date(query.updated_since)));
  if (cursor) {
    const at = sql`${cursor.at}::timestamptz`;
    const after = or(
      sql`${changed} > ${at}`,
      and(sql`${changed} = ${at}`, sql`${idColumn} > ${cursor.id}::uuid`),
    );
    if (after) conditions.push(after);
  }
  return conditions;
}

export const pageOrder = (changed: PgColumn, idColumn: PgColumn) => [asc(changed), asc(idColumn)];

/** The text of `changed` as the cursor keeps it: ISO 8601 with microseconds, in UTC. */
export const cursorText = (changed: PgColumn) =>
  sql<string>`to_char(${changed} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A page from rows fetched with one more than asked: the extra row says there is a next page. */
export function finishPage<Row extends { _cursor: string; _id: string }, Out>(
  rows: Row[],
  limit: number,
  shape: (row: Row) => Out,
) {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept.at(-1);
  return {
    data: kept.map(shape),
    next_cursor: more && last ? encodeCursor({ at: last._cursor, id: last._id }) : null,
  };
}
