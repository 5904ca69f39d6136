import { db, type Executor } from "#app/platform/db/client.server";
import { whatsappOptOuts, whatsappOutbox, whatsappTemplates } from "#app/platform/db/tables.server";
import { env } from "#app/platform/env.server";
import {
  applyProviderReport,
  type Channel,
  deliverDue,
  optOutList,
} from "#app/platform/messages/channel-outbox.server";
import { now } from "#app/utils/clock";
import { mobileNumber } from "#app/utils/phone";
import { sendTemplate, type WhatsAppAccount, type WhatsAppAnswer } from "./cloud-api.server";
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

type Template = typeof whatsappTemplates.$inferSelect;

const whatsappChannel: Channel<
  WhatsAppRow,
  WhatsAppAccount,
  Map<string, Template>,
  { template: Template; variables: string[] },
  WhatsAppAnswer
> = {
  name: "WhatsApp",
  provider: "Meta",
  outbox: whatsappOutbox,
  optOuts: whatsappOptOuts,
  maxAttempts: WHATSAPP_MAX_ATTEMPTS,
  account: getWhatsAppAccount,
  context: async () => new Map((await db().select().from(whatsappTemplates)).map((t) => [t.moment, t])),
  async write(row, templates) {
    const template = templates.get(row.moment);
    if (!template) {
      return {
        cancel: `No approved template is named for "${WHATSAPP_TEMPLATES[row.moment].label}" in the WhatsApp settings.`,
      };
    }
    const writer = dueWriters.get(row.moment);
    const written = writer ? await writer(row) : row.variables;
    if (written === null) return { cancel: null };
    const variables = cleanVariables(written);
    return {
      values: { variables, templateName: template.name, templateLanguage: template.language },
      ready: { template, variables },
    };
  },
  send: (account, row, { template, variables }) =>
    sendTemplate(account, { to: row.toNumber, name: template.name, language: template.language, variables }),
  accepted: () => ({ providerStatus: "accepted" }),
};

const whatsappOptOutList = optOutList<(typeof whatsappOptOuts.$inferInsert)["source"]>(whatsappChannel);

/** Whether `number` (as typed) may be sent WhatsApp messages: a mobile number that has not opted out. */
export const whatsappAllowed = whatsappOptOutList.allowed;

export type WhatsAppDeliveryOptions = { limit?: number; leaseMs?: number; retryBaseMs?: number };

/**
 * One pass of the WhatsApp outbox: the channel outbox's pass (decisions 0769, 0773) with Meta's Cloud API as
 * sender; a row whose moment has no approved template named is cancelled, the rest go as their template.
 */
export const deliverDueWhatsApp = ({
  retryBaseMs = env().WHATSAPP_RETRY_SECONDS * 1000,
  ...options
}: WhatsAppDeliveryOptions = {}) => deliverDue(whatsappChannel, { ...options, retryBaseMs });

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
  const values: Partial<WhatsAppRow> =
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
  return applyProviderReport(whatsappOutbox, update.id, FROM[update.status], {
    ...values,
    providerStatus: update.status,
  });
}

/**
 * Opts a number out of WhatsApp at once: recorded, and every message still waiting for it cancelled, in the
 * caller's transaction or one of its own. Returns false for a number we could not have written to.
 */
export const optOutOfWhatsApp = whatsappOptOutList.optOut;

/** A person who agreed to WhatsApp again (in the portal) takes their number off the opt-out list. */
export const optBackInToWhatsApp = whatsappOptOutList.optBackIn;
