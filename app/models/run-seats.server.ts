import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/client.server";
import { courseRegistrations, courseRuns, waitlistOffers } from "#app/db/schema";

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

/**
 * Locks a run's row for the rest of the transaction and counts its seats: every booking of the run waits
 * here for the one before it, so two bookings can never both take the last seat (DESIGN §7).
 */
export async function lockRunSeats(tx: Executor, runId: string) {
  const [run] = await tx
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      startDate: courseRuns.startDate,
      status: courseRuns.status,
      capacity: courseRuns.capacity,
    })
    .from(courseRuns)
    .where(eq(courseRuns.id, runId))
    .for("update");
  if (!run) return null;
  const [held] = await tx
    .select({ taken: count() })
    .from(courseRegistrations)
    .where(
      and(
        eq(courseRegistrations.runId, runId),
        inArray(courseRegistrations.status, [...SEAT_HOLDING_STATUSES]),
        isNull(courseRegistrations.deletedAt),
      ),
    );
  const taken = Number(held?.taken ?? 0);
  const promised = await heldSeats(tx, runId);
  // a run the admin marked full takes no more bookings, whatever its capacity says; seats held by an open
  // waiting-list offer are promised to that booking
  const left =
    run.status === "full" ? 0 : run.capacity === null ? null : Math.max(0, run.capacity - taken - promised);
  return { ...run, taken, left };
}

/** Seats held by open waiting-list offers of a run: free, but promised to someone until the offer expires. */
export async function heldSeats(tx: Executor, runId: string) {
  const [row] = await tx
    .select({ held: sql<number>`coalesce(sum(${waitlistOffers.seats}), 0)` })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.runId, runId), eq(waitlistOffers.status, "open")));
  return Number(row?.held ?? 0);
}
