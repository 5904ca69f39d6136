import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/client.server";
import { courseRegistrations, courseRuns, waitlistOffers } from "#app/db/schema";

/** The registration statuses that hold a seat (DESIGN §7): a cancelled or deleted registration frees it. */
export const SEAT_HOLDING_STATUSES = ["new", "confirmed", "paid", "attended"] as const;

export type RunSeats = { capacity: number | null; taken: number; left: number | null };

/**
 * Seats a run can still take: none when the admin marked it full, whatever its capacity says; otherwise its
 * capacity less the seats taken and those an open waiting-list offer holds (null: no capacity, no limit).
 */
function seatsLeft(run: { capacity: number | null; status: string }, taken: number, held: number) {
  if (run.status === "full") return 0;
  return run.capacity === null ? null : Math.max(0, run.capacity - taken - held);
}

/**
 * The seats open waiting-list offers of a run hold, for use inside a query on course_runs. The outer column is
 * named in full: drizzle writes a lone `"id"` in single-table selects, which the subquery would take as its own.
 */
const heldByOffers = sql<number>`(select coalesce(sum(o.seats), 0) from ${waitlistOffers} o where o.run_id = "course_runs"."id" and o.status = 'open')`;

/**
 * Seats of many runs in one grouped query: taken = live registrations of the run, left as `seatsLeft` counts
 * it (the same rule the booking applies under its lock). Runs not found are absent from the map.
 */
export async function seatsForRuns(
  runIds: readonly string[],
  executor: Executor = db(),
): Promise<Map<string, RunSeats>> {
  const seats = new Map<string, RunSeats>();
  if (runIds.length === 0) return seats;
  const rows = await executor
    .select({
      id: courseRuns.id,
      capacity: courseRuns.capacity,
      status: courseRuns.status,
      held: heldByOffers,
      taken: count(courseRegistrations.id),
    })
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
    seats.set(row.id, { capacity: row.capacity, taken, left: seatsLeft(row, taken, Number(row.held)) });
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
      held: heldByOffers,
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
  const { held: promised, ...fields } = run;
  return { ...fields, taken, left: seatsLeft(run, taken, Number(promised)) };
}
