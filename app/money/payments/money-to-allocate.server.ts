import { sql } from "drizzle-orm";
import { bookings } from "#app/booking/tables.server";
import { db } from "#app/platform/db/client.server";
import { bookingBalanceSql } from "./balance-sql.server";

/**
 * Bookings holding more money than their open invoice asks (issue 45): paid before any invoice (an advance
 * waiting for it), paid twice (or by certificates beyond what was withheld), or left with money after a credit note. Each is someone's to allocate, refund
 * or invoice, so "What needs doing today" and Finance list them; the Bookings list filters them as "Overpaid".
 */
export async function moneyToAllocate() {
  const [row] = await db()
    .select({
      count: sql<number>`count(*)::int`,
      cents: sql<string>`coalesce(sum(-${bookingBalanceSql}), 0)`,
    })
    .from(bookings)
    .where(sql`${bookingBalanceSql} < 0`);
  return { count: Number(row?.count ?? 0), cents: Number(row?.cents ?? 0) };
}

/** Where the office sees them: the Bookings list filtered to overpaid. */
export const MONEY_TO_ALLOCATE_PATH = "/admin/bookings?payment=overpaid";
