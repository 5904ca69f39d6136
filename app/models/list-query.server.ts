import { asc, type Column, count, desc, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { db } from "#app/db/client.server";
import { PAGE_SIZE } from "#app/schemas/admin-lists";
import { type AuditActor, recordAudit } from "#app/services/audit.server";

/** A search term as a case-insensitive substring pattern, with the LIKE wildcards in it taken literally. */
function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether any of the columns contains the term (case-insensitive). One ILIKE over the columns joined by a
 * unit separator, which a typed term cannot contain, so a match never spans two columns (decision 0253). The
 * join is written with `||` and coalesce, which PostgreSQL holds immutable, so the trigram indexes of
 * migration 0007 on the very same expression answer it (decision 0601); concat_ws is only stable.
 */
export function searchColumns(columns: Column[], term: string): SQL {
  const joined = sql.join(
    columns.map((column) => sql`coalesce(${column}, '')`),
    sql` || chr(31) || `,
  );
  return sql`(${joined}) ilike ${containsPattern(term)}`;
}

export function orderBy(column: Column, id: Column, dir: "asc" | "desc") {
  const by = dir === "asc" ? asc : desc;
  return [by(column), by(id)];
}

/**
 * The keyset condition "after this row" for an order of (column, id) in one direction. The cursor keeps the
 * column as PostgreSQL text so timestamps keep their microseconds (a JavaScript Date would drop them and
 * skip or repeat rows).
 */
export function afterCursor(
  column: Column,
  id: Column,
  dir: "asc" | "desc",
  cursor: { key: string; id: string } | null,
  type: "text" | "timestamptz",
): SQL | undefined {
  if (!cursor) return undefined;
  const op = sql.raw(dir === "asc" ? ">" : "<");
  return sql`(${column}, ${id}) ${op} (cast(${cursor.key} as ${sql.raw(type)}), cast(${cursor.id} as uuid))`;
}

export type Page<Row> = { rows: Row[]; total: number; page: number; pageCount: number; pageSize: number };

export function pageOf<Row>(rows: Row[], total: number, page: number): Page<Row> {
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)), pageSize: PAGE_SIZE };
}

const pageOffset = (page: number) => (page - 1) * PAGE_SIZE;

/** One page of an admin list and the count of the same WHERE, read together. */
export async function selectPage<Row>(
  table: PgTable,
  where: SQL | undefined,
  page: number,
  selectRows: (limit: number, offset: number) => PromiseLike<Row[]>,
): Promise<Page<Row>> {
  const [rows, [total]] = await Promise.all([
    selectRows(PAGE_SIZE, pageOffset(page)),
    db().select({ n: count() }).from(table).where(where),
  ]);
  return pageOf(rows, total?.n ?? 0, page);
}

/** Personal data leaving the system is worth a line in the audit log (who exported what, with which filter). */
export async function auditExport(
  actor: AuditActor,
  what: { noun: string; tableName: string; query: unknown },
) {
  await recordAudit(db(), actor, {
    action: `Exported ${what.noun}`,
    tableName: what.tableName,
    newValues: { query: what.query },
  });
}
