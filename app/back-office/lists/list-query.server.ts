import { asc, type Column, count, desc, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { PAGE_SIZE } from "#app/back-office/lists/admin-lists";
import { referenceIn } from "#app/booking/index";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";

/** A search term as a case-insensitive substring pattern, with the LIKE wildcards in it taken literally. */
function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether any of the columns contains the term (case-insensitive). One ILIKE over the columns joined by a
 * unit separator, which a typed term cannot contain, so a match never spans two columns (decision 0253). The
 * join is written with `||` and coalesce, which PostgreSQL holds immutable, so the trigram indexes of
 * migration 0007 on the very same expression answer it (decision 0601); concat_ws is only stable.
 * A booking reference read out on the phone ("mf 72jfv9g8", "MF72JFV9G8") is searched as it is written
 * (MF-72JFV9G8), read by the same `referenceIn` that matches M-PESA account numbers to bookings.
 */
export function searchColumns(columns: (Column | SQL)[], typed: string): SQL {
  const term = referenceIn(typed) ?? typed;
  const joined = sql.join(
    columns.map((column) => sql`coalesce(${column}, '')`),
    sql` || chr(31) || `,
  );
  return sql`(${joined}) ilike ${containsPattern(term)}`;
}

/** ORDER BY column, id in one direction; `reversed` flips it (a page read from the far end, see selectPage). */
export function orderBy(column: Column, id: Column, dir: "asc" | "desc", reversed = false) {
  const by = (dir === "asc") !== reversed ? asc : desc;
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

/**
 * Which rows of the whole ordered list a page is: `offset` and `limit` in the list's order, or, when
 * `reversed`, in the opposite order (the caller flips its ORDER BY; selectPage puts the rows back).
 */
export type PageSlice = { limit: number; offset: number; reversed: boolean };

/**
 * The slice to read for a page of a list of `total` rows. An OFFSET walks every row it skips, so a page in
 * the back half is read from the far end: the last page costs what the first does and no page walks more
 * than half the list (decision 0605). ORDER BY column, id is a total order, and PostgreSQL's DESC puts NULLs
 * first where ASC puts them last, so the flipped order is the exact mirror.
 */
export function pageSlice(page: number, total: number): PageSlice {
  const offset = (page - 1) * PAGE_SIZE;
  const fromEnd = Math.max(total - offset - PAGE_SIZE, 0);
  if (fromEnd >= offset || offset >= total) return { limit: PAGE_SIZE, offset, reversed: false };
  return { limit: Math.min(PAGE_SIZE, total - offset), offset: fromEnd, reversed: true };
}

/**
 * One page of an admin list and the count of the same WHERE (counted first: the count places the page). A
 * model that keeps the count elsewhere for some filters passes `countRows`.
 */
export async function selectPage<Row>(
  table: PgTable,
  where: SQL | undefined,
  page: number,
  selectRows: (slice: PageSlice) => PromiseLike<Row[]>,
  countRows = async () => (await db().select({ n: count() }).from(table).where(where))[0]?.n ?? 0,
): Promise<Page<Row>> {
  const total = await countRows();
  const slice = pageSlice(page, total);
  const rows = await selectRows(slice);
  return pageOf(slice.reversed ? rows.reverse() : rows, total, page);
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
