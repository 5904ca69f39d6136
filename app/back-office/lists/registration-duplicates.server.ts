import { and, eq, exists, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { courseRegistrations as t } from "#app/booking/tables.server";
import { db } from "#app/platform/db/client.server";

/** Two registrations this close together (either way) may be one person registering twice (decision 0552). */
export const DUPLICATE_WINDOW_DAYS = 3;

/**
 * True for a live, not cancelled registration when another one has the same e-mail (any case) for the same
 * course date, made within the window: the same run, or without a run the same course name and date text.
 * Participants of one booking share its contact's address on purpose and are not duplicates of each other.
 */
export function possibleDuplicate(): SQL<boolean> {
  const other = alias(t, "other_registration");
  const sameRun = or(
    eq(other.runId, t.runId),
    and(
      isNull(t.runId),
      isNull(other.runId),
      eq(other.courseName, t.courseName),
      sql`${other.courseDate} is not distinct from ${t.courseDate}`,
    ),
  );
  const window = sql`make_interval(days => ${DUPLICATE_WINDOW_DAYS})`;
  const match = db()
    .select({ one: sql`1` })
    .from(other)
    .where(
      and(
        ne(other.id, t.id),
        isNull(other.deletedAt),
        ne(other.status, "cancelled"),
        sql`lower(${other.email}) = lower(${t.email})`,
        sameRun,
        sql`${other.createdAt} between ${t.createdAt} - ${window} and ${t.createdAt} + ${window}`,
        or(isNull(t.bookingId), isNull(other.bookingId), ne(other.bookingId, t.bookingId)),
      ),
    );
  return sql<boolean>`(${t.status} <> 'cancelled' and ${exists(match)})`;
}
