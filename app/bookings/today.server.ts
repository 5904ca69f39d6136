import { and, eq, gte, ne, sql } from "drizzle-orm";
import { bookings } from "#app/booking/tables.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import type { TodayContributor } from "#app/platform/today/contributor";
import { addDays, toEatDateTime } from "#app/utils/dates";

// Bookings' part of "What needs doing today" (decision 0716): what clients changed in the portal lately.

/** How many days back the dashboard shows clients' own changes to their bookings (a weekend's included). */
const CLIENT_CHANGE_DAYS = 3;

/**
 * Bookings their clients changed in the portal lately (a substitution, a move, an addition, a cancellation, new
 * PINs): each links to the booking's page, with what was done. Documents asked for again need nothing of the
 * office and are left out. The most recently changed first, at most 20.
 */
export const bookingsToday: TodayContributor = async ({ today }) => {
  const since = new Date(toEatDateTime(addDays(today, -(CLIENT_CHANGE_DAYS - 1)), "00:00:00"));
  const rows = await db()
    .select({
      reference: bookings.reference,
      changes: sql<number>`count(*)::int`,
      actions: sql<string[]>`array_agg(distinct ${adminAuditLogs.action})`,
    })
    .from(adminAuditLogs)
    .innerJoin(bookings, sql`${bookings.id}::text = ${adminAuditLogs.recordId}`)
    .where(
      and(
        eq(adminAuditLogs.tableName, "bookings"),
        eq(adminAuditLogs.actorRoles, "client"),
        ne(adminAuditLogs.action, "Sent booking documents again"),
        gte(adminAuditLogs.createdAt, since),
      ),
    )
    .groupBy(bookings.reference)
    .orderBy(sql`max(${adminAuditLogs.createdAt}) desc`)
    .limit(20);
  return rows.map((row) => ({
    id: `client-changes-${row.reference}`,
    count: row.changes,
    title: `${row.changes === 1 ? "change" : "changes"} by the client to booking ${row.reference}: ${row.actions.join(", ").toLowerCase()}`,
    to: `/admin/bookings/${row.reference}`,
  }));
};
