import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

type Row<T extends PgTable> = Partial<T["$inferInsert"]>;

/**
 * `INSERT INTO table (columns) SELECT columns FROM jsonb_to_recordset($1)`: many rows as one JSON parameter
 * (decision 0608). A multi-row insert with one bound value per cell, about 800 for a registration group, cost
 * more to build and send than the engine spent storing the rows. Every row names the same properties (the
 * first row's): a column none of them names takes its default.
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
      // a Date becomes its ISO text, which timestamptz reads back to the millisecond
      record[(named[index] as PgColumn).name] = value;
    }
    // a property the first row lacks would otherwise be dropped without a word
    const defined = Object.values(row).filter((value) => value !== undefined).length;
    if (defined !== keys.length)
      throw new Error("insertJsonRows: a row names a property the first row lacks");
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
