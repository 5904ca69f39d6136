import { getTableName } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { quotes } from "../sales/tables.server";
import { bookings } from "./tables.server";

describe("a booking's quote", () => {
  it("references sales' quotes table and its key, though named without it", () => {
    const key = getTableConfig(bookings)
      .foreignKeys.map((fk) => fk.reference())
      .find((ref) => ref.columns.some((column) => column.name === bookings.quoteId.name));
    expect(key && getTableName(key.foreignTable)).toBe(getTableName(quotes));
    expect(key?.foreignColumns.map((column) => [column.name, column.getSQLType()])).toEqual([
      [quotes.id.name, quotes.id.getSQLType()],
    ]);
  });
});
