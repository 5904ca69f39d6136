import { sql } from "drizzle-orm";
import { timestamp, uuid } from "drizzle-orm/pg-core";

// The columns and checks every table file builds with (decision 0725). Like the table files, this is loaded by
// drizzle-kit outside the app, so it imports drizzle only.

export const id = () => uuid("id").primaryKey().defaultRandom();
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

/** A non-empty array column whose every element is one of `values`. */
export const someOf = (column: string, values: readonly string[]) =>
  sql.raw(
    `cardinality(${column}) > 0 and ${column} <@ array[${values.map((v) => `'${v}'`).join(", ")}]::text[]`,
  );
