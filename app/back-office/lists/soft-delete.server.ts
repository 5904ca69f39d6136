import { and, eq, gt, isNotNull, isNull, lte, not, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { RESTORE_WINDOW_DAYS } from "#app/back-office/lists/admin-lists";
import { courseRegistrations } from "#app/booking/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { contactSubmissions } from "#app/sales/tables.server";
import { orderBy, selectPage } from "./list-query.server";

/** The tables whose rows the admin deletes without a question and can restore (spec §5; decision 0251). */
export type SoftTable = typeof courseRegistrations | typeof contactSubmissions;

/** `keep`: rows the purge never removes, because something issued stands on them (decision 0630). */
type Labels = { noun: string; tableName: string; keep?: SQL };
const LABELS = new Map<SoftTable, Labels>([
  [
    courseRegistrations,
    {
      noun: "registration",
      tableName: "course_registrations",
      // a deleted participant with a certificate, attendance or feedback, or on an invoiced booking, stays
      // deleted (out of every list) but is kept: the database's restrict keys would refuse the purge anyway
      keep: sql`(exists (select 1 from certificates c where c.registration_id = "course_registrations"."id")
        or exists (select 1 from attendance_marks a where a.registration_id = "course_registrations"."id")
        or exists (select 1 from course_feedback f where f.registration_id = "course_registrations"."id")
        or exists (select 1 from finance_documents d where d.booking_id = "course_registrations"."booking_id"))`,
    },
  ],
  [contactSubmissions, { noun: "contact", tableName: "contact_submissions" }],
]);

const restoreCutoff = () => sql`now() - make_interval(days => ${RESTORE_WINDOW_DAYS})`;

/** Rows deleted within the restore window (the "Recently deleted" view). */
export const withinRestoreWindow = (table: SoftTable) =>
  and(isNotNull(table.deletedAt), gt(table.deletedAt, restoreCutoff()));

/** The "Recently deleted" page of a table: the given columns and deletedAt, most recently deleted first. */
export function listDeletedRows<Fields extends Record<string, PgColumn | SQL>>(
  table: SoftTable,
  columns: Fields,
  page: number,
) {
  const where = withinRestoreWindow(table);
  return selectPage(table, where, page, ({ limit, offset, reversed }) =>
    db()
      .select({ ...columns, deletedAt: table.deletedAt })
      .from(table)
      .where(where)
      .orderBy(...orderBy(table.deletedAt, table.id, "desc", reversed))
      .limit(limit)
      .offset(offset),
  );
}

function labels(table: SoftTable) {
  return LABELS.get(table) as Labels;
}

/**
 * Marks a live row deleted and audits it with the whole row as before, in one transaction.
 * Returns false when there is no live row with that id (already deleted or never existed).
 */
export async function softDeleteRow(table: SoftTable, id: string, actor: AuditActor) {
  const { noun, tableName } = labels(table);
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(table)
      .where(and(eq(table.id, id), isNull(table.deletedAt)))
      .for("update");
    if (!before) return false;
    const [after] = await tx
      .update(table)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(table.id, id))
      .returning({ deletedAt: table.deletedAt });
    await recordAudit(tx, actor, {
      action: `Deleted ${noun}`,
      tableName,
      recordId: id,
      oldValues: before,
      newValues: { deletedAt: after?.deletedAt },
    });
    return true;
  });
}

/** Undoes a delete made within the restore window; false when there is nothing to restore. */
export async function restoreRow(table: SoftTable, id: string, actor: AuditActor) {
  const { noun, tableName } = labels(table);
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select({ deletedAt: table.deletedAt })
      .from(table)
      .where(and(eq(table.id, id), withinRestoreWindow(table)))
      .for("update");
    if (!before) return false;
    await tx.update(table).set({ deletedAt: null, updatedAt: sql`now()` }).where(eq(table.id, id));
    await recordAudit(tx, actor, {
      action: `Restored ${noun}`,
      tableName,
      recordId: id,
      oldValues: { deletedAt: before.deletedAt },
      newValues: { deletedAt: null },
    });
    return true;
  });
}

/**
 * Removes for good the rows deleted more than the restore window ago. Called on read (decision 0251): by the
 * list and "Recently deleted" loaders, so expired rows go the next time anyone looks; one indexed delete.
 */
export async function purgeExpiredRows(table: SoftTable, actor: AuditActor) {
  const { noun, tableName, keep } = labels(table);
  const expired = and(isNotNull(table.deletedAt), lte(table.deletedAt, restoreCutoff()), keep && not(keep));
  const [probe] = await db().select({ id: table.id }).from(table).where(expired).limit(1);
  if (!probe) return 0;
  return db().transaction(async (tx) => {
    const gone = await tx.delete(table).where(expired).returning({ id: table.id });
    if (gone.length === 0) return 0;
    await recordAudit(tx, actor, {
      action: `Purged deleted ${noun}s`,
      tableName,
      recordId: null,
      oldValues: { ids: gone.map((row) => row.id), deletedBefore: `${RESTORE_WINDOW_DAYS} days ago` },
      newValues: null,
    });
    return gone.length;
  });
}

/**
 * Whose status changed and from what, so the answer can name the person and offer the way back; `note` is
 * what else the change's follow-up has to say.
 */
export type StatusChange = { name: string; previous: string; note?: string };

/** What a status change does besides, in its transaction. */
export type StatusFollowUp = {
  /** locks taken before the row's own: what the house lock order puts first (a participant's booking) */
  lockFirst?: (tx: Executor, id: string) => Promise<void>;
  afterChange?: (tx: Executor, id: string, actor: AuditActor) => Promise<string | undefined>;
  /** why this status may not be set now (a rule of the row's feature), or null; asked under the row's lock */
  refuse?: (tx: Executor, id: string, status: string) => Promise<string | null>;
};

export async function setRowStatus<S extends string>(
  table: SoftTable,
  id: string,
  status: S,
  actor: AuditActor,
  follow?: StatusFollowUp,
) {
  const { noun, tableName } = labels(table);
  // a status change may move money (a participant's invoice): it retries a deadlock as money transactions do
  return moneyTransaction(async (tx): Promise<StatusChange | { refused: string } | false> => {
    await follow?.lockFirst?.(tx, id);
    const [before] = await tx
      .select({ status: table.status, name: table.name })
      .from(table)
      .where(and(eq(table.id, id), isNull(table.deletedAt)))
      .for("update");
    if (!before) return false;
    const change = { name: before.name, previous: before.status };
    if (before.status === status) return change;
    const refused = await follow?.refuse?.(tx, id, status);
    if (refused) return { refused };
    // the status enum differs per table (a union drizzle cannot narrow); the action schema checked the value
    await tx
      .update(table)
      .set({ status: status as never, updatedAt: sql`now()` })
      .where(eq(table.id, id));
    await recordAudit(tx, actor, {
      action: `Updated ${noun} status`,
      tableName,
      recordId: id,
      oldValues: { status: before.status },
      newValues: { status },
    });
    const note = await follow?.afterChange?.(tx, id, actor);
    return note ? { ...change, note } : change;
  });
}
