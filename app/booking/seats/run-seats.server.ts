import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { courseRegistrations, waitlistOffers } from "#app/booking/tables.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { courseRuns } from "#app/site/tables.server";
import { keptByRun, liveHolds } from "./seat-holds.server";

/** The registration statuses that hold a seat (DESIGN §7): a cancelled or deleted registration frees it. */
export const SEAT_HOLDING_STATUSES = ["new", "confirmed", "paid", "attended"] as const;

export type RunSeats = { capacity: number | null; taken: number; left: number | null };

/**
 * Seats a run can still take: none when the admin marked it full, whatever its capacity says; otherwise its
 * capacity less the seats taken, those an open waiting-list offer holds and those live seat holds still keep for
 * their bookings (decision 0751) (null: no capacity, no limit).
 */
function seatsLeft(run: { capacity: number | null; status: string }, taken: number, held: number) {
  if (run.status === "full") return 0;
  return run.capacity === null ? null : Math.max(0, run.capacity - taken - held);
}

/** A registration that holds a seat: live, and not deleted. */
const holdsSeat = and(
  inArray(courseRegistrations.status, [...SEAT_HOLDING_STATUSES]),
  isNull(courseRegistrations.deletedAt),
);

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
    .leftJoin(courseRegistrations, and(eq(courseRegistrations.runId, courseRuns.id), holdsSeat))
    .where(inArray(courseRuns.id, [...new Set(runIds)]))
    .groupBy(courseRuns.id);
  const kept = keptByRun(await liveHolds(executor, runIds));
  for (const row of rows) {
    const taken = Number(row.taken);
    const held = Number(row.held) + (kept.get(row.id) ?? 0);
    seats.set(row.id, { capacity: row.capacity, taken, left: seatsLeft(row, taken, held) });
  }
  return seats;
}

/**
 * Locks runs' rows for the rest of the transaction, in id order (so two transactions never wait on each other),
 * and counts their seats: every booking of a run waits here for the one before it, so two bookings can never
 * both take the last seat (DESIGN §7). `left` is what any booking may take; `holds` the seats each live hold still
 * keeps (decision 0751), which only a booking drawing on that hold may take as well. Runs not found are absent.
 */
export async function lockRunsSeats(tx: Executor, runIds: readonly string[]) {
  const ids = [...new Set(runIds)];
  type Locked = Omit<Awaited<ReturnType<typeof lockedRuns>>[number], "held"> &
    Omit<RunSeats, "capacity"> & {
      holds: Map<string, number>;
    };
  const locked = new Map<string, Locked>();
  if (ids.length === 0) return locked;
  const runs = await lockedRuns(tx, ids);
  const counts = await tx
    .select({ runId: courseRegistrations.runId, taken: count() })
    .from(courseRegistrations)
    .where(and(inArray(courseRegistrations.runId, ids), holdsSeat))
    .groupBy(courseRegistrations.runId);
  const taken = new Map(counts.map((row) => [row.runId, Number(row.taken)]));
  const holds = await liveHolds(tx, ids);
  const kept = keptByRun(holds);
  for (const { held, ...run } of runs) {
    const seats = taken.get(run.id) ?? 0;
    locked.set(run.id, {
      ...run,
      taken: seats,
      left: seatsLeft(run, seats, Number(held) + (kept.get(run.id) ?? 0)),
      holds: new Map(holds.filter((hold) => hold.runId === run.id).map((hold) => [hold.id, hold.kept])),
    });
  }
  return locked;
}

function lockedRuns(tx: Executor, ids: string[]) {
  return tx
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
      status: courseRuns.status,
      capacity: courseRuns.capacity,
      label: courseRuns.label,
      venue: courseRuns.venue,
      costOverride: courseRuns.costOverride,
      private: courseRuns.private,
      held: heldByOffers,
    })
    .from(courseRuns)
    .where(inArray(courseRuns.id, ids))
    .orderBy(asc(courseRuns.id))
    .for("update");
}

/** `lockRunsSeats` for one run: its row locked and its seats counted, or null when there is no such run. */
export async function lockRunSeats(tx: Executor, runId: string) {
  return (await lockRunsSeats(tx, [runId])).get(runId) ?? null;
}
