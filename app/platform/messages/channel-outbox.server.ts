import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { db, type Executor } from "#app/platform/db/client.server";
import {
  claimDueRows,
  giveBackRows,
  leaseHalfGone,
  type OutboxTable,
  retryDelayMs,
} from "#app/platform/db/outbox-claim.server";
import { logger } from "#app/platform/logger.server";
import { now } from "#app/utils/clock";
import { mobileNumber } from "#app/utils/phone";

/*
 * The one outbox path every phone channel (SMS, WhatsApp) goes through (decision 0773, after 0765 and 0769): claim
 * with a lease, drop what goes to a number that opted out, let the channel write what falls due, mark the row as
 * being sent (committed) before its one request, and judge the answer the same way for every channel: taken,
 * refused for good, refused for now (again after a doubling wait, failed after the last attempt), or no answer
 * (failed, never sent again). A channel brings only its table, its opt-out list, its account and its sender.
 */

/** What a provider made of one request, in the four fates every channel shares. */
export type ChannelAnswer =
  | { kind: "accepted"; messageId: string }
  /** refused for good: the message is failed */
  | { kind: "refused"; status: string; message: string }
  /** not taken, and it may be later: tried again */
  | { kind: "retry"; status: string | null; message: string }
  /** no answer: the provider may or may not have taken it, so it is never sent again */
  | { kind: "unknown"; message: string };

/** A channel's outbox table: the claim's columns, the number and the mark set while its request is out. */
export type ChannelOutboxTable = OutboxTable & {
  toNumber: PgColumn;
  sendingAt: PgColumn;
  providerMessageId: PgColumn;
};

/** A channel's opt-out list: numbers (E.164) that no message of the channel goes to. */
export type OptOutTable = PgTable & { number: PgColumn; source: PgColumn };

/** The columns of a row the path itself reads. */
export type ChannelRow = {
  id: string;
  toNumber: string;
  attempts: number;
  nextAttemptAt: Date;
  sendingAt: Date | null;
};

/** What the channel makes of a claimed row: columns to store and what to send, or a reason to cancel it. */
export type Written<Row, Ready> =
  | { values: Partial<Row>; ready: Ready }
  /** not sent: the reason stored with it (null: no longer wanted, nothing to say) */
  | { cancel: string | null };

export type Channel<Row extends ChannelRow, Account, Context, Ready, Answer extends ChannelAnswer> = {
  /** "SMS", "WhatsApp": in reasons and logs */
  name: string;
  /** who answers the requests ("Africa's Talking", "Meta"), in the reason a row is failed after a stop */
  provider: string;
  outbox: ChannelOutboxTable;
  optOuts: OptOutTable;
  maxAttempts: number;
  /** the provider account, or null while it is not set (the messages wait) */
  account(): Promise<Account | null>;
  /** what a pass reads once for all its rows (WhatsApp: the templates named) */
  context(): Promise<Context>;
  write(row: Row, context: Context): Promise<Written<Row, Ready>>;
  /** one request; never throws for the provider's sake */
  send(account: Account, row: Row, ready: Ready): Promise<Answer>;
  /** the columns an accepted answer sets beyond its id and time (SMS: the reported cost) */
  accepted(answer: Extract<Answer, { kind: "accepted" }>): Partial<Row>;
};

// drizzle types set() by the table's own columns, which a function over any channel's table cannot name
const anySet = (values: object) => values as unknown as Record<string, never>;

/** What an answer of the provider makes of a row. */
function outcomeOf<Row extends ChannelRow, Answer extends ChannelAnswer>(
  channel: Channel<Row, unknown, unknown, unknown, Answer>,
  row: Row,
  answer: Answer,
  retryBaseMs: number,
): Record<string, unknown> {
  const at = now();
  switch (answer.kind) {
    case "accepted":
      return {
        status: "sent",
        sentAt: at,
        providerMessageId: answer.messageId,
        lastError: null,
        ...channel.accepted(answer as Extract<Answer, { kind: "accepted" }>),
      };
    case "refused":
      return { status: "failed", providerStatus: answer.status, lastError: answer.message };
    case "retry":
      return {
        status: row.attempts >= channel.maxAttempts ? "failed" : "pending",
        providerStatus: answer.status,
        lastError: answer.message,
        nextAttemptAt: new Date(at.getTime() + retryDelayMs(row.attempts, retryBaseMs)),
      };
    case "unknown":
      return { status: "failed", lastError: `${answer.message} Not sent again, so it is never sent twice.` };
  }
}

export type DeliveryOptions = { limit?: number; leaseMs?: number; retryBaseMs: number };

/**
 * One pass of a channel's outbox: claims what is due, drops what goes to a number that opted out or that the
 * channel no longer wants sent, sends the rest one by one and records each answer. Never sent twice: a row is
 * marked as being sent (committed) before its request, and a row found so marked when claimed (its process
 * stopped mid-request) or left without an answer is failed, not sent again. Returns how many the provider took.
 */
export async function deliverDue<
  Row extends ChannelRow,
  Account,
  Context,
  Ready,
  Answer extends ChannelAnswer,
>(
  channel: Channel<Row, Account, Context, Ready, Answer>,
  { limit = 50, leaseMs = 5 * 60_000, retryBaseMs }: DeliveryOptions,
) {
  const { outbox } = channel;
  const account = await channel.account();
  if (!account) return { claimed: 0, sent: 0 };
  const rows = await claimDueRows<Row>(outbox, limit, leaseMs);
  if (rows.length === 0) return { claimed: 0, sent: 0 };
  const context = await channel.context();
  let sent = 0;
  for (const [index, claimed] of rows.entries()) {
    if (leaseHalfGone(claimed.nextAttemptAt, leaseMs)) {
      await giveBackRows(outbox, rows.slice(index));
      break;
    }
    // ours while the lease we set holds: another process that claimed it since has moved next_attempt_at
    const ours = and(
      eq(outbox.id, claimed.id),
      eq(outbox.status, "pending"),
      eq(outbox.nextAttemptAt, claimed.nextAttemptAt),
    ) as SQL;
    const finish = (values: object) =>
      db()
        .update(outbox)
        .set(anySet({ ...values, sendingAt: null, updatedAt: now() }))
        .where(ours);
    if (claimed.sendingAt) {
      await finish({
        status: "failed",
        lastError: `The process sending it stopped before ${channel.provider} answered. Not sent again.`,
      });
      continue;
    }
    if (!(await numberAllowed(channel.optOuts, claimed.toNumber))) {
      await finish({ status: "cancelled", lastError: optedOutReason(channel.name) });
      continue;
    }
    const written = await channel.write(claimed, context);
    if ("cancel" in written) {
      await finish(
        written.cancel === null
          ? { status: "cancelled" }
          : { status: "cancelled", lastError: written.cancel },
      );
      continue;
    }
    const [marked] = await db()
      .update(outbox)
      .set(anySet({ ...written.values, sendingAt: now() }))
      .where(ours)
      .returning({ id: outbox.id });
    if (!marked) continue;
    const answer = await channel.send(account, claimed, written.ready);
    await finish(outcomeOf(channel, claimed, answer, retryBaseMs));
    if (answer.kind === "accepted") sent += 1;
    else
      logger.warn(
        { channel: channel.name, messageId: claimed.id, attempts: claimed.attempts, answer },
        `${channel.name} message not sent`,
      );
  }
  return { claimed: rows.length, sent };
}

/**
 * Moves the message a provider's report names to a new state, only from the states in `from` (reports come out
 * of order, and a final state never moves back). Returns whether it named a message of ours.
 */
export async function applyProviderReport(
  outbox: ChannelOutboxTable,
  providerMessageId: string,
  from: readonly string[],
  values: object,
) {
  if (from.length > 0) {
    const updated = await db()
      .update(outbox)
      .set(anySet({ ...values, updatedAt: now() }))
      .where(and(eq(outbox.providerMessageId, providerMessageId), inArray(outbox.status, [...from])))
      .returning({ id: outbox.id });
    if (updated.length > 0) return true;
  }
  const [known] = await db()
    .select({ id: outbox.id })
    .from(outbox)
    .where(eq(outbox.providerMessageId, providerMessageId));
  return Boolean(known);
}

const optedOutReason = (name: string) => `The number opted out of ${name}.`;

async function numberAllowed(optOuts: OptOutTable, number: string | null, executor: Executor = db()) {
  const to = mobileNumber(number);
  if (!to) return false;
  const [out] = await executor.select({ number: optOuts.number }).from(optOuts).where(eq(optOuts.number, to));
  return !out;
}

/** A channel's opt-out list: whether a number may be written to, opting out (at once), opting back in. */
export function optOutList<Source extends string>(channel: {
  name: string;
  outbox: ChannelOutboxTable;
  optOuts: OptOutTable;
}) {
  const { name, outbox, optOuts } = channel;
  return {
    /** Whether `number` (as typed) may be sent this channel's messages: a mobile number that has not opted out. */
    allowed: (number: string | null, executor: Executor = db()) => numberAllowed(optOuts, number, executor),
    /**
     * Opts a number out at once: recorded, and every message still waiting for it cancelled, in the caller's
     * transaction or one of its own. Returns false when the number is not a mobile number we could have written to.
     */
    async optOut(number: string, source: Source, executor?: Executor) {
      const to = mobileNumber(number);
      if (!to) return false;
      const work = async (tx: Executor) => {
        await tx
          .insert(optOuts)
          .values(anySet({ number: to, source }))
          .onConflictDoNothing();
        await tx
          .update(outbox)
          .set(anySet({ status: "cancelled", lastError: optedOutReason(name), updatedAt: now() }))
          .where(and(eq(outbox.toNumber, to), eq(outbox.status, "pending"), isNull(outbox.sendingAt)));
      };
      if (executor) await work(executor);
      else await db().transaction(work);
      return true;
    },
    /** A person who agreed again (in the portal) takes their number off the list. */
    async optBackIn(executor: Executor, number: string) {
      const to = mobileNumber(number);
      if (to) await executor.delete(optOuts).where(eq(optOuts.number, to));
    },
  };
}
