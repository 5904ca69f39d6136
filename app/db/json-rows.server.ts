import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

type Row<T extends PgTable> = Partial<T["$inferInsert"]>;

/** A row's values as PostgreSQL reads them from JSON: dates as ISO text, everything else as it is. */
function jsonValue(value: unknown) {
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * `INSERT INTO table (columns) SELECT columns FROM jsonb_to_recordset($1)`: many rows as one JSON parameter
 * (decision 0608). Building a multi-row insert with one bound value per cell cost a registration group more
 * than its statements did; one text parameter is what the engine parses fastest. Every row names the same
 * properties (the first row's): a column none of them names takes its default.
 */
export function insertJsonRows<T extends PgTable>(table: T, rows: Row<T>[]): SQL {
  const [first] = rows;
  if (!first) throw new Error("insertJsonRows: no rows");
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(first).filter((key) => first[key as keyof typeof first] !== undefined);
  const named = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`insertJsonRows: ${getTableName(table)} has no column ${key}`);
    return column;
  });
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [index, key] of keys.entries()) {
      const value = row[key as keyof typeof row];
      if (value === undefined) throw new Error(`insertJsonRows: a row lacks ${key}`);
      record[(named[index] as PgColumn).name] = jsonValue(value);
    }
    return record;
  });
  const list = sql.join(
    named.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const types = sql.join(
    named.map((column) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  return sql`insert into ${table} (${list}) select ${list}
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as rows(${types})`;
}
