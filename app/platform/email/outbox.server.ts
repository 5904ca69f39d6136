import { eq, type SQL } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import { insertJsonRows } from "#app/platform/db/json-rows.server";
import {
  claimDueRows,
  giveBackRows,
  leaseHalfGone,
  retryDelayMs,
} from "#app/platform/db/outbox-claim.server";
import { type EmailAttachment, emailOutbox } from "#app/platform/db/tables.server";
import { now } from "#app/utils/clock";
import { logger } from "../logger.server";

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  relatedTable?: string;
  relatedId?: string;
  attachments?: EmailAttachment[];
  /** Not sent before this instant on the business clock (a reminder days ahead); by default at once. */
  notBefore?: Date;
};

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type SendEmail = (row: OutboxRow) => Promise<void>;

export const MAX_ATTEMPTS = 10;

/**
 * Writes a message of one kind as it should read when it falls due, or returns null when it is no longer wanted
 * (a reminder whose participant cancelled). The feature that queues such a kind registers its writer.
 */
export type DueWriter = (row: OutboxRow) => Promise<OutboxRow | null>;
const dueWriters = new Map<string, DueWriter>();

/** Registers the writer of a kind of message that is written when it falls due, not when it is queued. */
export function writeWhenDue(kind: string, writer: DueWriter) {
  dueWriters.set(kind, writer);
}

const currentMessage = (row: OutboxRow) => dueWriters.get(row.kind)?.(row) ?? Promise.resolve(row);

/** Queues messages; pass the submission's transaction so the mail exists exactly when the row does. */
export async function enqueueEmails(executor: Executor, emails: OutgoingEmail[]) {
  if (emails.length === 0) return;
  await executor.execute(insertEmails(emails));
}

/** The statement that queues `emails` (at least one), for a caller that sends it as part of its own. */
export function insertEmails(emails: OutgoingEmail[]): SQL {
  return insertJsonRows(
    emailOutbox,
    emails.map((email) => ({
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      kind: email.kind,
      relatedTable: email.relatedTable ?? null,
      relatedId: email.relatedId ?? null,
      attachments: email.attachments?.length ? email.attachments : null,
      // due times are business time, so a test clock (setClock, TEST_NOW) decides what is due
      nextAttemptAt: email.notBefore ?? now(),
    })),
  );
}

/**
 * Takes up to `limit` due messages for this process. SKIP LOCKED lets several processes claim at once
 * without waiting on or sharing rows, and pushing next_attempt_at past the lease keeps a claimed row
 * away from the others while it is sent outside the transaction (so a slow SMTP server never holds a
 * database transaction open, which on PGlite would stall every request).
 */
export const claimDueEmails = (limit: number, leaseMs: number, at: Date = now()) =>
  claimDueRows<OutboxRow>(emailOutbox, limit, leaseMs, at);

export { retryDelayMs };

export type DeliveryOptions = {
  send: SendEmail;
  limit?: number;
  leaseMs?: number;
  retryBaseMs?: number;
};

/** One pass of the worker: sends what is due, records each outcome; returns how many were sent. */
export async function deliverDueEmails({
  send,
  limit = 20,
  leaseMs = 5 * 60_000,
  retryBaseMs = 30_000,
}: DeliveryOptions) {
  const rows = await claimDueEmails(limit, leaseMs);
  let sent = 0;
  for (const [index, claimed] of rows.entries()) {
    // once half a lease has gone on the batch (a slow SMTP server), the rest go back to be claimed afresh: sent
    // later, a row's lease could run out during its SMTP conversation, and another process would send it again
    if (leaseHalfGone(claimed.nextAttemptAt, leaseMs)) {
      await giveBackRows(emailOutbox, rows.slice(index));
      break;
    }
    // a scheduled message is written when it falls due, or dropped when it is no longer wanted
    const row = await currentMessage(claimed);
    if (!row) {
      await db().update(emailOutbox).set({ status: "cancelled" }).where(eq(emailOutbox.id, claimed.id));
      continue;
    }
    try {
      await send(row);
      await db()
        .update(emailOutbox)
        .set({ status: "sent", sentAt: now(), lastError: null })
        .where(eq(emailOutbox.id, row.id));
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      await db()
        .update(emailOutbox)
        .set({
          status: giveUp ? "failed" : "pending",
          lastError: message.slice(0, 1000),
          nextAttemptAt: new Date(now().getTime() + retryDelayMs(row.attempts, retryBaseMs)),
        })
        .where(eq(emailOutbox.id, row.id));
      logger.warn({ emailId: row.id, attempts: row.attempts, err: message }, "e-mail delivery failed");
    }
  }
  return { claimed: rows.length, sent };
}

let wake: (() => void) | undefined;

/** Asks the running worker (if any) to look at the outbox now rather than at its next tick. */
export function wakeOutboxWorker() {
  wake?.();
}

export type WorkerOptions = DeliveryOptions & { intervalMs?: number };

/** Polls the outbox until stopped; the returned function waits for the pass in progress. */
export function startOutboxWorker({ intervalMs = 5_000, ...options }: WorkerOptions) {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = () => {
    timer = undefined;
    running = (async () => {
      try {
        // keep going while full batches come back, so a burst drains quickly
        while (!stopped) {
          const { claimed } = await deliverDueEmails(options);
          if (claimed < (options.limit ?? 20)) break;
        }
      } catch (error) {
        logger.error({ err: error }, "e-mail outbox pass failed");
      }
      if (!stopped) timer = setTimeout(tick, intervalMs);
    })();
  };

  wake = () => {
    if (timer && !stopped) {
      clearTimeout(timer);
      tick();
    }
  };
  timer = setTimeout(tick, 0);

  return async () => {
    stopped = true;
    wake = undefined;
    if (timer) clearTimeout(timer);
    await running;
  };
}
