import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { bookings, courseRegistrations, runSeatHolds } from "#app/booking/tables.server";
import type { Executor } from "#app/platform/db/client.server";
import { today } from "#app/utils/dates";

// Seats kept on a run for one holder's bookings, such as a sponsored cohort's code (decision 0751). Booking owns
// them because it owns the seat count: a later feature (money's codes) sets and releases them through here.

/** The registration statuses that hold a seat (DESIGN §7), as `SEAT_HOLDING_STATUSES` lists them. */
const HOLDING = ["new", "confirmed", "paid", "attended"] as const;

export type LiveHold = { id: string; runId: string; seats: number; used: number; kept: number };

/** A hold counts while not released and its last day has not passed (the business clock). */
const live = () =>
  and(
    isNull(runSeatHolds.releasedAt),
    or(isNull(runSeatHolds.until), sql`${runSeatHolds.until} >= ${today()}`),
  );

/**
 * The live holds of these runs, each with the seats its bookings use and those it still keeps from everyone
 * else (`kept`, never below nothing: a holder's bookings beyond its hold take ordinary seats).
 */
export async function liveHolds(executor: Executor, runIds: readonly string[]): Promise<LiveHold[]> {
  if (runIds.length === 0) return [];
  // the outer columns named in full: drizzle writes a lone "id" in single-table selects (see run-seats)
  const rows = await executor
    .select({
      id: runSeatHolds.id,
      runId: runSeatHolds.runId,
      seats: runSeatHolds.seats,
      used: sql<number>`(select count(*) from ${courseRegistrations} r join ${bookings} b on b.id = r.booking_id where b.seat_hold_id = "run_seat_holds"."id" and r.run_id = "run_seat_holds"."run_id" and r.deleted_at is null and r.status in (${sql.join(
        HOLDING.map((status) => sql`${status}`),
        sql`, `,
      )}))`,
    })
    .from(runSeatHolds)
    .where(and(inArray(runSeatHolds.runId, [...new Set(runIds)]), live()));
  return rows.map((row) => {
    const used = Number(row.used);
    return { ...row, used, kept: Math.max(0, row.seats - used) };
  });
}

/** The seats each run's live holds keep from everyone else. */
export function keptByRun(holds: LiveHold[]): Map<string, number> {
  const kept = new Map<string, number>();
  for (const hold of holds) kept.set(hold.runId, (kept.get(hold.runId) ?? 0) + hold.kept);
  return kept;
}

/** A hold as the office reads it: its seats, those used, and whether it still counts. */
export async function describeHolds(executor: Executor, holdIds: readonly string[]) {
  const described = new Map<string, { seats: number; used: number; live: boolean }>();
  if (holdIds.length === 0) return described;
  const rows = await executor
    .select({ id: runSeatHolds.id, runId: runSeatHolds.runId, seats: runSeatHolds.seats })
    .from(runSeatHolds)
    .where(inArray(runSeatHolds.id, [...new Set(holdIds)]));
  const counted = new Map(
    (
      await liveHolds(
        executor,
        rows.map((row) => row.runId),
      )
    ).map((hold) => [hold.id, hold]),
  );
  for (const row of rows) {
    const hold = counted.get(row.id);
    described.set(row.id, { seats: row.seats, used: hold?.used ?? 0, live: Boolean(hold) });
  }
  return described;
}

/**
 * Holds `seats` of a run, under the run's lock taken by the caller (`lockRunSeats`), for bookings that will name
 * the hold; refused with a sentence when the run has fewer seats free. Returns the new hold's id.
 */
export async function holdSeats(
  tx: Executor,
  run: { id: string; left: number | null },
  hold: { seats: number; until: string | null; holder: string },
): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  if (run.left !== null && hold.seats > run.left) {
    return {
      ok: false,
      message: `The date has ${run.left} ${run.left === 1 ? "seat" : "seats"} free: hold ${run.left === 0 ? "none" : `at most ${run.left}`}.`,
    };
  }
  const [row] = await tx
    .insert(runSeatHolds)
    .values({ runId: run.id, ...hold })
    .returning({ id: runSeatHolds.id });
  return { ok: true, id: (row as { id: string }).id };
}

/** Releases a hold: its unused seats return to everyone. The run is the one to lock first; its id is returned. */
export async function releaseSeatHold(tx: Executor, holdId: string): Promise<string | null> {
  const [row] = await tx
    .update(runSeatHolds)
    .set({ releasedAt: new Date() })
    .where(and(eq(runSeatHolds.id, holdId), isNull(runSeatHolds.releasedAt)))
    .returning({ runId: runSeatHolds.runId });
  return row?.runId ?? null;
}

/** The run a hold is on, to lock before releasing it (house order: the run, then the rest). */
export async function holdRun(tx: Executor, holdId: string): Promise<string | null> {
  const [row] = await tx
    .select({ runId: runSeatHolds.runId })
    .from(runSeatHolds)
    .where(eq(runSeatHolds.id, holdId));
  return row?.runId ?? null;
}

/** Holds whose last day has passed and which nobody has released yet: their seats are free, not yet offered. */
export async function lapsedHolds(executor: Executor, limit: number) {
  return executor
    .select({ id: runSeatHolds.id, runId: runSeatHolds.runId })
    .from(runSeatHolds)
    .where(and(isNull(runSeatHolds.releasedAt), sql`${runSeatHolds.until} < ${today()}`))
    .orderBy(runSeatHolds.runId)
    .limit(limit);
}
