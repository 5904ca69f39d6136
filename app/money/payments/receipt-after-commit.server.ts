import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { lockBooking } from "#app/booking/index.server";
import { receiptJobs } from "#app/money/tables.server";
import type { AuditActor } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { retryDelayMs, wakeOutboxWorker } from "#app/platform/email/outbox.server";
import { runPeriodically } from "#app/platform/jobs/periodic.server";
import { logger } from "#app/platform/logger.server";
import { now } from "#app/utils/clock";
import { withDocumentDrawnFirst } from "../documents/document-drawn-first.server";
import { openProforma } from "../documents/finance-document.server";
import {
  cashExpected,
  type NewPayment,
  type RecordOutcome,
  receiptEachPayment,
  recordPayment,
} from "./payment.server";

/*
 * Receipts issued after the payment's transaction commits (decision 0652). The payment and its receipt job
 * commit together; a pass then renders, numbers, stores and e-mails the receipt in a transaction of its own.
 * The job is claimed with a lease (like the e-mail outbox), so a process killed in between leaves it due again
 * for the next pass of any process, and the issuing transaction marks it done: with the receipt's
 * once-per-proforma check under the booking's lock, the receipt and its e-mail are made once.
 */

/** Who issues a receipt after the commit, in the audit log. */
const RECEIPT_ACTOR: AuditActor = {
  id: null,
  email: "system",
  ip: "server",
  userAgent: "receipt after payment",
};

export type ReceiptPassOptions = { limit?: number; leaseMs?: number; retryBaseMs?: number };

/** Takes up to `limit` due jobs for this process; SKIP LOCKED and the lease keep other processes off them. */
async function claimDueJobs(limit: number, leaseMs: number) {
  const at = now();
  return db().transaction(async (tx) => {
    const due = await tx
      .select({ id: receiptJobs.id })
      .from(receiptJobs)
      .where(and(isNull(receiptJobs.doneAt), lte(receiptJobs.nextAttemptAt, at)))
      .orderBy(asc(receiptJobs.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(receiptJobs)
      .set({ attempts: sql`${receiptJobs.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + leaseMs) })
      .where(
        inArray(
          receiptJobs.id,
          due.map((job) => job.id),
        ),
      )
      .returning({ id: receiptJobs.id, bookingId: receiptJobs.bookingId, attempts: receiptJobs.attempts });
  });
}

/**
 * One job: a receipt for each of the booking's payments that has none, one receipt per transaction, and the job
 * marked done by the transaction that finds none left. Each receipt is drawn before its transaction (a
 * rehearsal finds what it will be), so payments of the booking, and on PGlite every query, never wait for a
 * render; should the receipt come out different for real, it is drawn there, one at most (decision 0668).
 */
async function issueJob(job: { id: string; bookingId: string }) {
  let issued = 0;
  for (;;) {
    const one = await withDocumentDrawnFirst(() =>
      moneyTransaction(async (tx) => {
        // the booking first, then the job: the house lock order
        const booking = await lockBooking(tx, job.bookingId);
        const [open] = await tx
          .select({ id: receiptJobs.id })
          .from(receiptJobs)
          .where(and(eq(receiptJobs.id, job.id), isNull(receiptJobs.doneAt)))
          .for("update");
        if (!open) return 0;
        const proforma = booking ? await openProforma(tx, booking.id) : null;
        // every payment without a receipt gets one (a payment reversed since gets none)
        // without a proforma, each payment gets its advance receipt (issue 45)
        const count = booking
          ? await receiptEachPayment(tx, booking, proforma, cashExpected(proforma), RECEIPT_ACTOR, {
              most: 1,
            })
          : 0;
        if (count === 0) {
          await tx
            .update(receiptJobs)
            .set({ doneAt: now(), lastError: null })
            .where(eq(receiptJobs.id, job.id));
        }
        return count;
      }),
    );
    if (one === 0) return issued;
    issued += one;
  }
}

/** One pass: issues the receipts due; returns how many jobs it claimed and how many receipts it issued. */
export async function issueDueReceipts({
  limit = 20,
  leaseMs = 5 * 60_000,
  retryBaseMs = 30_000,
}: ReceiptPassOptions = {}) {
  const jobs = await claimDueJobs(limit, leaseMs);
  let issued = 0;
  for (const job of jobs) {
    try {
      issued += await issueJob(job);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db()
        .update(receiptJobs)
        .set({
          lastError: message.slice(0, 1000),
          nextAttemptAt: new Date(now().getTime() + retryDelayMs(job.attempts, retryBaseMs)),
        })
        .where(eq(receiptJobs.id, job.id));
      logger.error({ err: error, bookingId: job.bookingId, attempts: job.attempts }, "receipt not issued");
    }
  }
  if (issued > 0) wakeOutboxWorker();
  return { claimed: jobs.length, issued };
}

let wake: (() => void) | undefined;

/**
 * Records a payment in a money transaction of its own and returns once it commits; a receipt it makes due is
 * issued after the commit, at once by this process's receipt worker, or by any process's next pass after a crash.
 * Every path that records a payment for a caller who must not wait on a PDF (the M-PESA callbacks) uses it.
 */
export async function recordPaymentThenReceipt(input: NewPayment, actor: AuditActor): Promise<RecordOutcome> {
  const outcome = await moneyTransaction((tx) =>
    recordPayment(tx, input, actor, { receipt: "after-commit" }),
  );
  wakeReceiptWorker();
  return outcome;
}

/** After a commit that queued receipts (settleBooking with `receipt: "after-commit"`): asks for a pass soon. */
export function wakeReceiptWorker() {
  wake?.();
}

/**
 * The server's receipt worker: a pass at start (jobs a crashed process left), every `intervalMs`, and soon after
 * each payment recorded through recordPaymentThenReceipt. One pass at a time in this process; the returned
 * function stops it and waits for the pass in progress.
 */
export function startReceiptWorker({
  intervalMs,
  onError,
  ...options
}: ReceiptPassOptions & { intervalMs: number; onError: (error: unknown) => void }) {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const pass = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await issueDueReceipts(options);
      } while (again && !stopped);
    })()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  };
  // after the answer to the payment's caller is on its way, not before
  wake = () => setImmediate(pass);
  const stopTimer = runPeriodically(async () => pass(), { intervalMs, atStart: true, onError });
  return async () => {
    stopped = true;
    wake = undefined;
    stopTimer();
    await running;
  };
}
