import { and, asc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { now } from "#app/utils/clock";
import { db } from "./client.server";

/*
 * What the outboxes share (the e-mail outbox, the SMS outbox; decision 0765): a row waits as "pending" until its
 * next_attempt_at, a process claims due rows with FOR UPDATE SKIP LOCKED and pushes next_attempt_at past a lease
 * in the same statement, then works on them outside any transaction. Another process skips them while the lease
 * runs; once it ran out (the claimer died), they are due again. Each claim counts an attempt.
 */

/** An outbox table: any table with these four columns under these names. */
export type OutboxTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
};

// drizzle types set() by the table's own columns, which a function over any outbox cannot name
const leaseSet = (values: { attempts: SQL; nextAttemptAt: Date }) =>
  values as unknown as Record<string, never>;

/** Claims up to `limit` due rows of `outbox` for this process, the longest due first. */
export async function claimDueRows<Row>(
  outbox: OutboxTable,
  limit: number,
  leaseMs: number,
  at: Date = now(),
): Promise<Row[]> {
  return db().transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, at)))
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(outbox)
      .set(
        leaseSet({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + leaseMs) }),
      )
      .where(
        inArray(
          outbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    return claimed as Row[];
  });
}

/**
 * Claimed rows not attempted: due again at once, their attempt not counted, unless another process has them now.
 * One claim gives its rows one lease end, so a row whose lease end moved was claimed again since.
 */
export async function giveBackRows(outbox: OutboxTable, rows: { id: string; nextAttemptAt: Date }[]) {
  const [first] = rows;
  if (!first) return;
  await db()
    .update(outbox)
    .set(leaseSet({ attempts: sql`${outbox.attempts} - 1`, nextAttemptAt: now() }))
    .where(
      and(
        inArray(
          outbox.id,
          rows.map((row) => row.id),
        ),
        eq(outbox.status, "pending"),
        eq(outbox.nextAttemptAt, first.nextAttemptAt),
      ),
    );
}

/** The wait before attempt `attempts + 1`: `baseMs`, doubling with each attempt, at most an hour. */
export function retryDelayMs(attempts: number, baseMs: number) {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/** Whether half a claim's lease has gone: the rest of its rows go back rather than risk outliving the lease. */
export const leaseHalfGone = (leaseEnd: Date, leaseMs: number) =>
  now().getTime() >= leaseEnd.getTime() - leaseMs / 2;
