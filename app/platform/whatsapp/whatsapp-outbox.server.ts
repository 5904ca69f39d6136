import { and, eq, inArray, isNull } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import {
  claimDueRows,
  giveBackRows,
  leaseHalfGone,
  retryDelayMs,
} from "#app/platform/db/outbox-claim.server";
import { whatsappOptOuts, whatsappOutbox, whatsappTemplates } from "#app/platform/db/tables.server";
import { env } from "#app/platform/env.server";
import { logger } from "#app/platform/logger.server";
import { now } from "#app/utils/clock";
import { mobileNumber } from "#app/utils/phone";
import { sendTemplate, type WhatsAppAnswer } from "./cloud-api.server";
import { WHATSAPP_PARAMETER_MAX, WHATSAPP_TEMPLATES, type WhatsAppMoment } from "./templates";
import { getWhatsAppAccount } from "./whatsapp-credentials.server";

export type WhatsAppRow = typeof whatsappOutbox.$inferSelect;

export type OutgoingWhatsApp = {
  /** as the person typed it; a number that is not a mobile number of the four countries is not queued */
  to: string;
  moment: WhatsAppMoment;
  /** the template's body variables, in the order templates.ts names them */
  variables: string[];
  relatedTable?: string;
  relatedId?: string;
  notBefore?: Date;
};

export const WHATSAPP_MAX_ATTEMPTS = 8;

/**
 * Fills a moment's variables afresh when its message falls due (a reminder queued days ahead), or returns null
 * when it is no longer wanted; registered by the feature that queues that moment, like SMS's `writeSmsWhenDue`.
 */
export type WhatsAppDueWriter = (row: WhatsAppRow) => Promise<string[] | null>;
const dueWriters = new Map<string, WhatsAppDueWriter>();

export function writeWhatsAppWhenDue(moment: WhatsAppMoment, writer: WhatsAppDueWriter) {
  dueWriters.set(moment, writer);
}

/** Meta refuses an empty parameter, a newline or a tab in one, more than four spaces in a row, over 1024 characters. */
const cleanVariables = (variables: readonly string[]) =>
  variables.map(
    (text) =>
      text
        .replace(/[\n\t]+/g, " ")
        .replace(/ {5,}/g, "    ")
        .trim()
        .slice(0, WHATSAPP_PARAMETER_MAX) || "-",
  );

/**
 * Queues WhatsApp messages in the caller's transaction; returns how many were queued. A message with the wrong
 * number of variables for its moment is a programming error and throws; one to a number that is not a mobile
 * number is not queued.
 */
export async function enqueueWhatsApp(executor: Executor, messages: OutgoingWhatsApp[]) {
  const rows = messages.flatMap((message) => {
    const expected = WHATSAPP_TEMPLATES[message.moment].variables.length;
    if (message.variables.length !== expected) {
      throw new Error(`${message.moment} takes ${expected} variables, not ${message.variables.length}`);
    }
    const to = mobileNumber(message.to);
    if (!to) return [];
    return [
      {
        toNumber: to,
        moment: message.moment,
        variables: cleanVariables(message.variables),
        relatedTable: message.relatedTable ?? null,
        relatedId: message.relatedId ?? null,
        nextAttemptAt: message.notBefore ?? now(),
      },
    ];
  });
  if (rows.length === 0) return 0;
  await executor.insert(whatsappOutbox).values(rows);
  return rows.length;
}

/** Whether `number` (as typed) may be sent WhatsApp messages: a mobile number that has not opted out. */
export async function whatsappAllowed(number: string | null, executor: Executor = db()) {
  const to = mobileNumber(number);
  if (!to) return false;
  const [out] = await executor
    .select({ number: whatsappOptOuts.number })
    .from(whatsappOptOuts)
    .where(eq(whatsappOptOuts.number, to));
  return !out;
}

type Outcome = Partial<WhatsAppRow>;

function outcomeOf(row: WhatsAppRow, answer: WhatsAppAnswer, retryBaseMs: number): Outcome {
  const at = now();
  switch (answer.kind) {
    case "accepted":
      return {
        status: "sent",
        sentAt: at,
        providerMessageId: answer.messageId,
        providerStatus: "accepted",
        lastError: null,
      };
    case "refused":
      return { status: "failed", providerStatus: answer.status, lastError: answer.message };
    case "retry":
      return {
        status: row.attempts >= WHATSAPP_MAX_ATTEMPTS ? "failed" : "pending",
        providerStatus: answer.status,
        lastError: answer.message,
        nextAttemptAt: new Date(at.getTime() + retryDelayMs(row.attempts, retryBaseMs)),
      };
    case "unknown":
      return { status: "failed", lastError: `${answer.message} Not sent again, so it is never sent twice.` };
  }
}

export type WhatsAppDeliveryOptions = { limit?: number; leaseMs?: number; retryBaseMs?: number };

/**
 * One pass of the WhatsApp outbox, as the SMS outbox's (decision 0765): claims what is due, cancels what goes to
 * a number that opted out or a moment with no approved template named, marks each row as being sent before its
 * request and records Meta's answer. A row found so marked when claimed again is failed, never sent twice.
 */
export async function deliverDueWhatsApp({
  limit = 50,
  leaseMs = 5 * 60_000,
  retryBaseMs = env().WHATSAPP_RETRY_SECONDS * 1000,
}: WhatsAppDeliveryOptions = {}) {
  const account = await getWhatsAppAccount();
  if (!account) return { claimed: 0, sent: 0 };
  const rows = await claimDueRows<WhatsAppRow>(whatsappOutbox, limit, leaseMs);
  const templates = new Map((await db().select().from(whatsappTemplates)).map((t) => [t.moment, t]));
  let sent = 0;
  for (const [index, claimed] of rows.entries()) {
    if (leaseHalfGone(claimed.nextAttemptAt, leaseMs)) {
      await giveBackRows(whatsappOutbox, rows.slice(index));
      break;
    }
    const ours = and(
      eq(whatsappOutbox.id, claimed.id),
      eq(whatsappOutbox.status, "pending"),
      eq(whatsappOutbox.nextAttemptAt, claimed.nextAttemptAt),
    );
    const finish = (values: Outcome) =>
      db()
        .update(whatsappOutbox)
        .set({ ...values, sendingAt: null, updatedAt: now() })
        .where(ours);
    if (claimed.sendingAt) {
      await finish({
        status: "failed",
        lastError: "The process sending it stopped before Meta answered. Not sent again.",
      });
      continue;
    }
    if (!(await whatsappAllowed(claimed.toNumber))) {
      await finish({ status: "cancelled", lastError: "The number opted out of WhatsApp." });
      continue;
    }
    const template = templates.get(claimed.moment);
    if (!template) {
      await finish({
        status: "cancelled",
        lastError: `No approved template is named for "${WHATSAPP_TEMPLATES[claimed.moment].label}" in the WhatsApp settings.`,
      });
      continue;
    }
    const writer = dueWriters.get(claimed.moment);
    const written = writer ? await writer(claimed) : claimed.variables;
    if (written === null) {
      await finish({ status: "cancelled" });
      continue;
    }
    const variables = cleanVariables(written);
    const [marked] = await db()
      .update(whatsappOutbox)
      .set({ variables, templateName: template.name, templateLanguage: template.language, sendingAt: now() })
      .where(ours)
      .returning({ id: whatsappOutbox.id });
    if (!marked) continue;
    const answer = await sendTemplate(account, {
      to: claimed.toNumber,
      name: template.name,
      language: template.language,
      variables,
    });
    await finish(outcomeOf(claimed, answer, retryBaseMs));
    if (answer.kind === "accepted") sent += 1;
    else
      logger.warn(
        { whatsappId: claimed.id, attempts: claimed.attempts, answer },
        "WhatsApp message not sent",
      );
  }
  return { claimed: rows.length, sent };
}

export type WhatsAppStatus = {
  id: string;
  status: "sent" | "delivered" | "read" | "failed";
  errors?: { code: number; title?: string | undefined; details?: string | undefined }[] | undefined;
};

/** The states a status may move a message from: Meta's may come out of order, and never move one backwards. */
const FROM: Record<WhatsAppStatus["status"], WhatsAppRow["status"][]> = {
  sent: [],
  delivered: ["sent"],
  read: ["sent", "delivered"],
  failed: ["sent"],
};

/** Applies one of Meta's statuses to the message it names; returns whether it named a message of ours. */
export async function applyWhatsAppStatus(update: WhatsAppStatus) {
  const at = now();
  const error = update.errors?.[0];
  const values: Outcome =
    update.status === "delivered"
      ? { status: "delivered", deliveredAt: at }
      : update.status === "read"
        ? { status: "read", readAt: at }
        : update.status === "failed"
          ? {
              status: "failed",
              lastError: `Not delivered: ${error ? `${error.title ?? "error"} (${error.code})${error.details ? `: ${error.details.slice(0, 300)}` : ""}` : "failed"}.`,
            }
          : {};
  const from = FROM[update.status];
  if (from.length > 0) {
    const updated = await db()
      .update(whatsappOutbox)
      .set({ ...values, providerStatus: update.status, updatedAt: at })
      .where(and(eq(whatsappOutbox.providerMessageId, update.id), inArray(whatsappOutbox.status, from)))
      .returning({ id: whatsappOutbox.id });
    if (updated.length > 0) return true;
  }
  const [known] = await db()
    .select({ id: whatsappOutbox.id })
    .from(whatsappOutbox)
    .where(eq(whatsappOutbox.providerMessageId, update.id));
  return Boolean(known);
}

/**
 * Opts a number out of WhatsApp at once: recorded, and every message still waiting for it cancelled, in the
 * caller's transaction or one of its own. Returns false for a number we could not have written to.
 */
export async function optOutOfWhatsApp(
  number: string,
  source: (typeof whatsappOptOuts.$inferInsert)["source"],
  executor?: Executor,
) {
  const to = mobileNumber(number);
  if (!to) return false;
  const work = async (tx: Executor) => {
    await tx.insert(whatsappOptOuts).values({ number: to, source }).onConflictDoNothing();
    await tx
      .update(whatsappOutbox)
      .set({ status: "cancelled", lastError: "The number opted out of WhatsApp.", updatedAt: now() })
      .where(
        and(
          eq(whatsappOutbox.toNumber, to),
          eq(whatsappOutbox.status, "pending"),
          isNull(whatsappOutbox.sendingAt),
        ),
      );
  };
  if (executor) await work(executor);
  else await db().transaction(work);
  return true;
}

/** A person who agreed to WhatsApp again (in the portal) takes their number off the opt-out list. */
export async function optBackInToWhatsApp(executor: Executor, number: string) {
  const to = mobileNumber(number);
  if (to) await executor.delete(whatsappOptOuts).where(eq(whatsappOptOuts.number, to));
}
