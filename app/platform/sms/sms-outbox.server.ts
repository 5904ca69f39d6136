import { and, eq, isNull } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import {
  claimDueRows,
  giveBackRows,
  leaseHalfGone,
  retryDelayMs,
} from "#app/platform/db/outbox-claim.server";
import { smsOptOuts, smsOutbox } from "#app/platform/db/tables.server";
import { env } from "#app/platform/env.server";
import { logger } from "#app/platform/logger.server";
import { now } from "#app/utils/clock";
import { mobileNumber } from "#app/utils/phone";
import { smsLength } from "#app/utils/sms-text";
import { type SmsAnswer, sendSms } from "./africas-talking.server";
import { getSmsAccount } from "./sms-credentials.server";

export type SmsRow = typeof smsOutbox.$inferSelect;

export type OutgoingSms = {
  /** as the person typed it; a number that is not a mobile number of the four countries is not queued */
  to: string;
  body: string;
  kind: string;
  relatedTable?: string;
  relatedId?: string;
  /** not sent before this instant on the business clock (a reminder days ahead); by default at once */
  notBefore?: Date;
};

export const SMS_MAX_ATTEMPTS = 8;

/**
 * Writes an SMS of one kind as it should read when it falls due, or returns null when it is no longer wanted;
 * registered by the feature that queues that kind, like the e-mail outbox's `writeWhenDue`.
 */
export type SmsDueWriter = (row: SmsRow) => Promise<string | null>;
const dueWriters = new Map<string, SmsDueWriter>();

export function writeSmsWhenDue(kind: string, writer: SmsDueWriter) {
  dueWriters.set(kind, writer);
}

/** Queues text messages in the caller's transaction; returns how many were queued (mobile numbers only). */
export async function enqueueSms(executor: Executor, messages: OutgoingSms[]) {
  const rows = messages.flatMap((message) => {
    const to = mobileNumber(message.to);
    if (!to) return [];
    return [
      {
        toNumber: to,
        body: message.body,
        segments: smsLength(message.body).segments,
        kind: message.kind,
        relatedTable: message.relatedTable ?? null,
        relatedId: message.relatedId ?? null,
        nextAttemptAt: message.notBefore ?? now(),
      },
    ];
  });
  if (rows.length === 0) return 0;
  await executor.insert(smsOutbox).values(rows);
  return rows.length;
}

/** Whether `number` (as typed) may be sent SMS: a mobile number that has not opted out. */
export async function smsAllowed(number: string | null, executor: Executor = db()) {
  const to = mobileNumber(number);
  if (!to) return false;
  const [out] = await executor
    .select({ number: smsOptOuts.number })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.number, to));
  return !out;
}

type Outcome = Partial<SmsRow>;

/** What an answer of the provider makes of a row. */
function outcomeOf(row: SmsRow, answer: SmsAnswer, retryBaseMs: number): Outcome {
  const at = now();
  switch (answer.kind) {
    case "accepted":
      return {
        status: "sent",
        sentAt: at,
        providerMessageId: answer.messageId,
        providerStatus: answer.status,
        costE4: answer.cost?.e4 ?? null,
        costCurrency: answer.cost?.currency ?? null,
        lastError: null,
      };
    case "refused":
      return { status: "failed", providerStatus: answer.status, lastError: answer.message };
    case "retry":
      return {
        status: row.attempts >= SMS_MAX_ATTEMPTS ? "failed" : "pending",
        providerStatus: answer.status,
        lastError: answer.message,
        nextAttemptAt: new Date(at.getTime() + retryDelayMs(row.attempts, retryBaseMs)),
      };
    case "unknown":
      return { status: "failed", lastError: `${answer.message} Not sent again, so it is never sent twice.` };
  }
}

export type SmsDeliveryOptions = { limit?: number; leaseMs?: number; retryBaseMs?: number };

/**
 * One pass of the SMS outbox: claims what is due (decision 0765), drops what is no longer wanted or goes to a
 * number that opted out, sends the rest one by one and records each answer. Never sent twice: a row is marked
 * as being sent (committed) before its request, and a row found so marked when claimed (its process stopped
 * mid-request) or left without an answer is failed, not sent again. Returns how many the provider took.
 */
export async function deliverDueSms({
  limit = 50,
  leaseMs = 5 * 60_000,
  retryBaseMs = env().SMS_RETRY_SECONDS * 1000,
}: SmsDeliveryOptions = {}) {
  const account = await getSmsAccount();
  if (!account) return { claimed: 0, sent: 0 };
  const rows = await claimDueRows<SmsRow>(smsOutbox, limit, leaseMs);
  let sent = 0;
  for (const [index, claimed] of rows.entries()) {
    if (leaseHalfGone(claimed.nextAttemptAt, leaseMs)) {
      await giveBackRows(smsOutbox, rows.slice(index));
      break;
    }
    // ours while the lease we set holds: another process that claimed it since has moved next_attempt_at
    const ours = and(
      eq(smsOutbox.id, claimed.id),
      eq(smsOutbox.status, "pending"),
      eq(smsOutbox.nextAttemptAt, claimed.nextAttemptAt),
    );
    const finish = (values: Outcome) =>
      db()
        .update(smsOutbox)
        .set({ ...values, sendingAt: null, updatedAt: now() })
        .where(ours);
    if (claimed.sendingAt) {
      await finish({
        status: "failed",
        lastError: "The process sending it stopped before Africa's Talking answered. Not sent again.",
      });
      continue;
    }
    if (!(await smsAllowed(claimed.toNumber))) {
      await finish({ status: "cancelled", lastError: "The number opted out of SMS." });
      continue;
    }
    const writer = dueWriters.get(claimed.kind);
    const body = writer ? await writer(claimed) : claimed.body;
    if (body === null) {
      await finish({ status: "cancelled" });
      continue;
    }
    const [marked] = await db()
      .update(smsOutbox)
      .set({ body, segments: smsLength(body).segments, sendingAt: now() })
      .where(ours)
      .returning({ id: smsOutbox.id });
    if (!marked) continue;
    const answer = await sendSms(account, claimed.toNumber, body);
    await finish(outcomeOf(claimed, answer, retryBaseMs));
    if (answer.kind === "accepted") sent += 1;
    else logger.warn({ smsId: claimed.id, attempts: claimed.attempts, answer }, "SMS not sent");
  }
  return { claimed: rows.length, sent };
}

// Africa's Talking's delivery statuses: Success and Failed/Rejected are final, the rest on the way
const FINAL_DELIVERED = new Set(["Success"]);
const FINAL_FAILED = new Set(["Failed", "Rejected", "AbsentSubscriber", "Expired"]);

export type DeliveryReport = {
  id: string;
  status: string;
  phoneNumber: string;
  failureReason?: string | undefined;
};

/**
 * Applies a delivery report to the message it names; a final state (delivered, failed) is never changed by a
 * later report. Returns whether it named a message of ours.
 */
export async function applyDeliveryReport(report: DeliveryReport) {
  const final = FINAL_DELIVERED.has(report.status)
    ? { status: "delivered" as const, deliveredAt: now() }
    : FINAL_FAILED.has(report.status)
      ? {
          status: "failed" as const,
          lastError: `Not delivered: ${report.status}${report.failureReason ? ` (${report.failureReason})` : ""}.`,
        }
      : {};
  const updated = await db()
    .update(smsOutbox)
    .set({ ...final, providerStatus: report.status, updatedAt: now() })
    .where(and(eq(smsOutbox.providerMessageId, report.id), eq(smsOutbox.status, "sent")))
    .returning({ id: smsOutbox.id });
  if (updated.length > 0) return true;
  const [known] = await db()
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(eq(smsOutbox.providerMessageId, report.id));
  return Boolean(known);
}

/** The replies that opt a number out: STOP and its usual spellings, in English and Swahili. */
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "ACHA", "SITISHA"]);
export const isStopReply = (text: string) =>
  STOP_WORDS.has(
    text
      .trim()
      .toUpperCase()
      .replace(/[^A-Z]/g, ""),
  );

/**
 * Opts a number out of SMS at once: recorded, and every message still waiting for it cancelled, in the caller's
 * transaction or one of its own. Returns false when the number is not a mobile number we could have written to.
 */
export async function optOutOfSms(
  number: string,
  source: (typeof smsOptOuts.$inferInsert)["source"],
  executor?: Executor,
) {
  const to = mobileNumber(number);
  if (!to) return false;
  const work = async (tx: Executor) => {
    await tx.insert(smsOptOuts).values({ number: to, source }).onConflictDoNothing();
    await tx
      .update(smsOutbox)
      .set({ status: "cancelled", lastError: "The number opted out of SMS.", updatedAt: now() })
      .where(and(eq(smsOutbox.toNumber, to), eq(smsOutbox.status, "pending"), isNull(smsOutbox.sendingAt)));
  };
  if (executor) await work(executor);
  else await db().transaction(work);
  return true;
}

/** A person who agreed to SMS again (in the portal) takes their number off the opt-out list. */
export async function optBackInToSms(executor: Executor, number: string) {
  const to = mobileNumber(number);
  if (to) await executor.delete(smsOptOuts).where(eq(smsOptOuts.number, to));
}
