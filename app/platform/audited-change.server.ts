import { getTableName, type SQL } from "drizzle-orm";
import type {
  PgColumn,
  PgInsertValue,
  PgTable,
  PgUpdateSetSource,
  SelectedFieldsFlat,
} from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { type AuditActor, recordAudit } from "./audit.server";
import type { Executor } from "./db/client.server";

/**
 * The one row an admin's change is about: its table, the columns the change reads and returns, the condition
 * that finds it, and its id in the audit log (which names the table by its SQL name).
 */
type AuditedRow<T extends PgTable, C extends SelectedFieldsFlat> = {
  table: T;
  columns: C;
  where: SQL | undefined;
  recordId: string;
};

type RowValues<C extends SelectedFieldsFlat> = SelectResultFields<C>;

/** What the audit row keeps of the row before and after: all of it, unless the change says less. */
type Audited<C extends SelectedFieldsFlat> = (values: RowValues<C>) => unknown;

const wholeRow = <V>(values: V) => values;

/** The audit entry's action and the row it names. */
const auditEntry = (action: string, row: AuditedRow<PgTable, SelectedFieldsFlat>) => ({
  action,
  tableName: getTableName(row.table),
  recordId: row.recordId,
});

/**
 * Inserts a row and writes the audit row, with the row as inserted, in the same transaction; the log names the
 * row by its new id, so `columns` has it.
 */
export async function auditedInsert<T extends PgTable, C extends SelectedFieldsFlat & { id: PgColumn }>(
  tx: Executor,
  actor: AuditActor,
  change: { action: string; table: T; columns: C; values: PgInsertValue<T> },
): Promise<RowValues<C>> {
  const { action, table, columns, values } = change;
  const [inserted] = (await tx
    .insert(table as PgTable)
    .values(values)
    .returning(columns)) as RowValues<C>[];
  if (!inserted) throw new Error("insert returned no row");
  await recordAudit(tx, actor, {
    action,
    tableName: getTableName(table),
    recordId: String(inserted.id),
    newValues: inserted,
  });
  return inserted;
}

/**
 * The row as it is before a change, read FOR UPDATE: it stays so until the change's transaction ends, so the
 * audit row's before is what the change replaced. Undefined when there is no such row.
 */
export async function lockRow<T extends PgTable, C extends SelectedFieldsFlat>(
  tx: Executor,
  row: Pick<AuditedRow<T, C>, "table" | "columns" | "where">,
): Promise<RowValues<C> | undefined> {
  const [locked] = (await tx
    .select(row.columns)
    .from(row.table as PgTable)
    .where(row.where)
    .for("update")) as RowValues<C>[];
  return locked;
}

/**
 * Updates the row, stamping its updatedAt, and writes the audit row in the same transaction: the row `before`
 * (as the caller locked it) and as the update returns it. Undefined, with nothing audited, when no row matched.
 */
export async function auditedUpdate<
  T extends PgTable & { updatedAt: PgColumn },
  C extends SelectedFieldsFlat,
>(
  tx: Executor,
  actor: AuditActor,
  change: {
    action: string;
    row: AuditedRow<T, C>;
    before: RowValues<C>;
    values: PgUpdateSetSource<T>;
    audited?: Audited<C>;
  },
): Promise<RowValues<C> | undefined> {
  const { action, row, before, values, audited = wholeRow } = change;
  const [after] = (await tx
    .update(row.table as PgTable)
    .set({ ...values, updatedAt: new Date() })
    .where(row.where)
    .returning(row.columns)) as RowValues<C>[];
  if (!after) return undefined;
  await recordAudit(tx, actor, {
    ...auditEntry(action, row),
    oldValues: audited(before),
    newValues: audited(after),
  });
  return after;
}

/**
 * Deletes the row and writes the audit row, with what the row was, in the same transaction. Returns the deleted
 * row; undefined, with nothing audited, when no row matched.
 */
export async function auditedDelete<T extends PgTable, C extends SelectedFieldsFlat>(
  tx: Executor,
  actor: AuditActor,
  change: { action: string; row: AuditedRow<T, C>; audited?: Audited<C> },
): Promise<RowValues<C> | undefined> {
  const { action, row, audited = wholeRow } = change;
  const [deleted] = (await tx
    .delete(row.table as PgTable)
    .where(row.where)
    .returning(row.columns)) as RowValues<C>[];
  if (!deleted) return undefined;
  await recordAudit(tx, actor, { ...auditEntry(action, row), oldValues: audited(deleted) });
  return deleted;
}
