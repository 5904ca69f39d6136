import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { ACTION_TYPE_WORDS, AUDIT_PAGE_SIZE, type AuditLogFilter } from "#app/back-office/audit/audit-log";
import { keysetBatches } from "#app/platform/csv.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";

const logColumns = {
  id: adminAuditLogs.id,
  action: adminAuditLogs.action,
  tableName: adminAuditLogs.tableName,
  recordId: adminAuditLogs.recordId,
  oldValues: adminAuditLogs.oldValues,
  newValues: adminAuditLogs.newValues,
  actorEmail: adminAuditLogs.actorEmail,
  createdAt: adminAuditLogs.createdAt,
};

// JavaScript dates stop at milliseconds and PostgreSQL keeps microseconds: an export cursor must carry the
// exact stored time, or rows within the same millisecond would be skipped.
const exactTime = sql<string>`${adminAuditLogs.createdAt}::text`;

export type AuditLogRow = Awaited<ReturnType<typeof listAuditLogs>>[number];

/** `%` and `_` typed in the search box are literal characters, not wildcards. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterWhere(filter: Omit<AuditLogFilter, "page">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.q) {
    const pattern = likeText(filter.q);
    conditions.push(or(ilike(adminAuditLogs.action, pattern), ilike(adminAuditLogs.tableName, pattern)));
  }
  if (filter.action !== "all") {
    const { substrings, words } = ACTION_TYPE_WORDS[filter.action];
    conditions.push(
      or(
        ...substrings.map((s) => ilike(adminAuditLogs.action, likeText(s))),
        // whole words only: "add" must not match "address"
        ...words.map((w) => sql`${adminAuditLogs.action} ~* ${`\\m${w}\\M`}`),
      ),
    );
  }
  if (filter.table) conditions.push(eq(adminAuditLogs.tableName, filter.table));
  return and(...conditions);
}

/** One page of matching entries, newest first (ties broken by id so pages never overlap). */
export async function listAuditLogs(filter: AuditLogFilter, executor: Executor = db()) {
  return executor
    .select(logColumns)
    .from(adminAuditLogs)
    .where(filterWhere(filter))
    .orderBy(desc(adminAuditLogs.createdAt), desc(adminAuditLogs.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((filter.page - 1) * AUDIT_PAGE_SIZE);
}

export async function countAuditLogs(filter: Omit<AuditLogFilter, "page">, executor: Executor = db()) {
  const [row] = await executor.select({ n: count() }).from(adminAuditLogs).where(filterWhere(filter));
  return row?.n ?? 0;
}

/** The distinct table names present, for the table filter (spec §5). */
export async function listAuditTables(executor: Executor = db()) {
  const rows = await executor
    .selectDistinct({ tableName: adminAuditLogs.tableName })
    .from(adminAuditLogs)
    .orderBy(adminAuditLogs.tableName);
  return rows.map((r) => r.tableName);
}

/**
 * A batch of matching entries after `after` in export order (newest first): a keyset page, so an export of
 * any size reads one index range at a time.
 */
export async function listAuditLogsAfter(
  filter: Omit<AuditLogFilter, "page">,
  after: { id: string; exactTime: string } | null,
  limit: number,
  executor: Executor = db(),
) {
  const cursor = after
    ? sql`(${adminAuditLogs.createdAt}, ${adminAuditLogs.id}) < (${after.exactTime}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return executor
    .select({ ...logColumns, exactTime })
    .from(adminAuditLogs)
    .where(and(filterWhere(filter), cursor))
    .orderBy(desc(adminAuditLogs.createdAt), desc(adminAuditLogs.id))
    .limit(limit);
}

/** Every matching entry, newest first, read a batch at a time (the CSV export). */
export function streamAuditLogs(filter: Omit<AuditLogFilter, "page">) {
  return keysetBatches((after: { id: string; exactTime: string } | null, limit) =>
    listAuditLogsAfter(filter, after, limit),
  );
}
