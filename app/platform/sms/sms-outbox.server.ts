import type { Executor } from "#app/platform/db/client.server";
import { smsOptOuts, smsOutbox } from "#app/platform/db/tables.server";
import { env } from "#app/platform/env.server";
import {
  applyProviderReport,
  type Channel,
  deliverDue,
  optOutList,
} from "#app/platform/messages/channel-outbox.server";
import { now } from "#app/utils/clock";
import { mobileNumber } from "#app/utils/phone";
import { smsLength } from "#app/utils/sms-text";
import { type SmsAccount, type SmsAnswer, sendSms } from "./africas-talking.server";
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

const smsChannel: Channel<SmsRow, SmsAccount, null, string, SmsAnswer> = {
  name: "SMS",
  provider: "Africa's Talking",
  outbox: smsOutbox,
  optOuts: smsOptOuts,
  maxAttempts: SMS_MAX_ATTEMPTS,
  account: getSmsAccount,
  context: async () => null,
  async write(row) {
    const writer = dueWriters.get(row.kind);
    const body = writer ? await writer(row) : row.body;
    if (body === null) return { cancel: null };
    return { values: { body, segments: smsLength(body).segments }, ready: body };
  },
  send: (account, row, body) => sendSms(account, row.toNumber, body),
  accepted: (answer) => ({
    providerStatus: answer.status,
    costE4: answer.cost?.e4 ?? null,
    costCurrency: answer.cost?.currency ?? null,
  }),
};

const smsOptOutList = optOutList<(typeof smsOptOuts.$inferInsert)["source"]>(smsChannel);

/** Whether `number` (as typed) may be sent SMS: a mobile number that has not opted out. */
export const smsAllowed = smsOptOutList.allowed;

export type SmsDeliveryOptions = { limit?: number; leaseMs?: number; retryBaseMs?: number };

/** One pass of the SMS outbox: the channel outbox's pass (decisions 0765, 0773) with Africa's Talking as sender. */
export const deliverDueSms = ({
  retryBaseMs = env().SMS_RETRY_SECONDS * 1000,
  ...options
}: SmsDeliveryOptions = {}) => deliverDue(smsChannel, { ...options, retryBaseMs });

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
  return applyProviderReport(smsOutbox, report.id, ["sent"], { ...final, providerStatus: report.status });
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
export const optOutOfSms = smsOptOutList.optOut;

/** A person who agreed to SMS again (in the portal) takes their number off the opt-out list. */
export const optBackInToSms = smsOptOutList.optBackIn;
