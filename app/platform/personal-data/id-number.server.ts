import { eq, getTableName, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, executeRows } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import { openText, SEALED_PREFIX, sealText } from "#app/platform/secret.server";
import { idNumberLast4 } from "#app/utils/id-number";

// A participant's ID or passport number is sealed before it reaches the database and opened only where it is
// shown in full: a reveal, the NITA pack, an export that says so (decision 0637). The masked screens read the
// last four characters kept beside it and never open anything. The table that stores them is a feature's (the
// registrations, booking's): its columns are passed in, so the platform knows no feature's tables (decision 0725).

/** A table holding ID numbers as `idNumberColumns` writes them: `id_number` sealed, `id_number_last4` beside it. */
export type IdNumberTable = PgTable & { id: AnyPgColumn; idNumber: AnyPgColumn; idNumberLast4: AnyPgColumn };

/** What a registration stores for an ID number as typed: sealed, and its last four characters for masking. */
export function idNumberColumns(idNumber: string | null) {
  const typed = idNumber?.trim() ?? "";
  if (typed === "") return { idNumber: null, idNumberLast4: null };
  return { idNumber: sealText("id-number", typed), idNumberLast4: idNumberLast4(typed) };
}

/** Shown in place of a number sealed under another server secret (SESSION_SECRET changed or lost). */
export const UNREADABLE_ID_NUMBER = "unreadable (sealed under another server secret)";

/** The number as typed, from what a registration stores; null when it has none. */
export function openIdNumber(stored: string | null): string | null {
  if (stored === null) return null;
  return openText("id-number", stored) ?? UNREADABLE_ID_NUMBER;
}

/** The columns a masked screen selects from `table` (with `maskedIdNumber` from #app/utils/id-number). */
export const maskedIdNumberColumns = <T extends Pick<IdNumberTable, "idNumber" | "idNumberLast4">>(
  table: T,
) => ({
  hasIdNumber: sql<boolean>`(${table.idNumber} is not null)`,
  idNumberLast4: table.idNumberLast4,
});

/** The sealing pass names itself in the audit log. */
const SEALING_ACTOR: AuditActor = { id: null, email: "system", ip: "server", userAgent: "ID number sealing" };

/** Rows whose number is still as typed: for the registrations, the partial index of migration 0018 holds these. */
const unsealed = (t: IdNumberTable) =>
  sql`${t.idNumber} is not null and ${t.idNumber} !~ ${`^${SEALED_PREFIX}`}`;

/**
 * Seals every ID number in `table` still stored as typed: those written before migration 0018, and any an older
 * process wrote during a rolling upgrade, in its rows and in the audit rows that copied one whole (a deletion's
 * "before"). Run at every start and hourly by each process (app/jobs.server.ts). Each batch is one
 * transaction that locks its rows with SKIP LOCKED, so processes running it together take different rows and
 * never wait for each other or for a person's change; a sealed value no longer matches, so a second run, or a run
 * after a crash, seals only what is left. Returns how many rows and audit rows it sealed.
 */
export async function sealIdNumbersAtRest(table: IdNumberTable, { batchSize = 500 } = {}) {
  const tableName = getTableName(table);
  let total = 0;
  for (;;) {
    const sealed = await db().transaction(async (tx) => {
      const rows = await executeRows<{ id: string; id_number: string }>(
        tx,
        sql`select ${table.id} as id, ${table.idNumber} as id_number from ${table} where ${unsealed(table)}
            order by ${table.id} limit ${batchSize} for update skip locked`,
      );
      if (rows.length === 0) return 0;
      const values = rows.map((row) => ({ id: row.id, ...idNumberColumns(row.id_number) }));
      await tx.execute(sql`
        update ${table}
        set ${sql.identifier(table.idNumber.name)} = v.id_number, ${sql.identifier(table.idNumberLast4.name)} = v.last4
        from jsonb_to_recordset(${JSON.stringify(
          values.map((v) => ({ id: v.id, id_number: v.idNumber, last4: v.idNumberLast4 })),
        )}::jsonb) as v(id uuid, id_number text, last4 text)
        where ${table.id} = v.id`);
      await recordAudit(tx, SEALING_ACTOR, {
        action: "Sealed ID numbers stored as typed",
        tableName,
        newValues: { registrations: rows.length },
      });
      return rows.length;
    });
    total += sealed;
    if (sealed < batchSize) break;
  }
  return total + (await sealAuditedIdNumbers(tableName, batchSize));
}

/** The keys under which an audit row holds a row's ID number, as drizzle and as SQL name it. */
const AUDIT_KEYS = ["idNumber", "id_number"] as const;

/** An audit value with a typed ID number sealed in place; null when it holds none. */
function sealedAuditValue(value: unknown): Record<string, unknown> | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  let changed = false;
  const copy = { ...record };
  for (const key of AUDIT_KEYS) {
    const typed = record[key];
    if (typeof typed === "string" && !typed.startsWith(SEALED_PREFIX)) {
      copy[key] = idNumberColumns(typed).idNumber;
      changed = true;
    }
  }
  return changed ? copy : null;
}

async function sealAuditedIdNumbers(tableName: string, batchSize: number) {
  const holdsTyped = sql.join(
    AUDIT_KEYS.flatMap((key) =>
      [adminAuditLogs.oldValues, adminAuditLogs.newValues].map(
        (column) =>
          sql`(jsonb_typeof(${column} -> ${key}) = 'string' and ${column} ->> ${key} !~ ${`^${SEALED_PREFIX}`})`,
      ),
    ),
    sql` or `,
  );
  let total = 0;
  for (;;) {
    const sealed = await db().transaction(async (tx) => {
      const rows = await tx
        .select({
          id: adminAuditLogs.id,
          oldValues: adminAuditLogs.oldValues,
          newValues: adminAuditLogs.newValues,
        })
        .from(adminAuditLogs)
        .where(sql`${adminAuditLogs.tableName} = ${tableName} and (${holdsTyped})`)
        .orderBy(adminAuditLogs.id)
        .limit(batchSize)
        .for("update", { skipLocked: true });
      for (const row of rows) {
        const oldValues = sealedAuditValue(row.oldValues);
        const newValues = sealedAuditValue(row.newValues);
        await tx
          .update(adminAuditLogs)
          .set({ ...(oldValues ? { oldValues } : {}), ...(newValues ? { newValues } : {}) })
          .where(eq(adminAuditLogs.id, row.id));
      }
      return rows.length;
    });
    total += sealed;
    if (sealed < batchSize) return total;
  }
}
