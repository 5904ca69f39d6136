import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { db, type Executor } from "#app/db/client.server";
import { courseRegistrations, courseRuns } from "#app/db/schema";

/** The registration statuses that hold a seat (DESIGN §7): a cancelled or deleted registration frees it. */
export const SEAT_HOLDING_STATUSES = ["new", "confirmed", "paid", "attended"] as const;

export type RunSeats = { capacity: number | null; taken: number; left: number | null };

/**
 * Seats of many runs in one grouped query: taken = live registrations of the run, left = capacity minus
 * taken (never below 0), null when the run has no capacity. Runs not found are absent from the map.
 */
export async function seatsForRuns(
  runIds: readonly string[],
  executor: Executor = db(),
): Promise<Map<string, RunSeats>> {
  const seats = new Map<string, RunSeats>();
  if (runIds.length === 0) return seats;
  const rows = await executor
    .select({ id: courseRuns.id, capacity: courseRuns.capacity, taken: count(courseRegistrations.id) })
    .from(courseRuns)
    .leftJoin(
      courseRegistrations,
      and(
        eq(courseRegistrations.runId, courseRuns.id),
        inArray(courseRegistrations.status, [...SEAT_HOLDING_STATUSES]),
        isNull(courseRegistrations.deletedAt),
      ),
    )
    .where(inArray(courseRuns.id, [...new Set(runIds)]))
    .groupBy(courseRuns.id);
  for (const row of rows) {
    const taken = Number(row.taken);
    seats.set(row.id, {
      capacity: row.capacity,
      taken,
      left: row.capacity === null ? null : Math.max(0, row.capacity - taken),
    });
  }
  return seats;
}
