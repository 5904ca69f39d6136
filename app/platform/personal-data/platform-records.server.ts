import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import {
  adminAuditLogs,
  emailOutbox,
  smsOptOuts,
  smsOutbox,
  whatsappOptOuts,
  whatsappOutbox,
} from "#app/platform/db/tables.server";
import type { Executor } from "../db/client.server";
import {
  type ErasurePart,
  iso,
  matchesSubject,
  type NoLinks,
  none,
  type PersonalDataContributor,
} from "./contributor.server";
import type { Subject } from "./subject";

// The platform's part of a data request (decision 0715): the e-mails in the outbox addressed to the person, the
// text messages to their number (a search by phone number finds them), and the audit rows about the records the
// features found.

async function findEmails(subject: Subject, _links: NoLinks, executor: Executor) {
  const emails =
    subject.kind === "email"
      ? await executor
          .select({
            id: emailOutbox.id,
            toAddress: emailOutbox.toAddress,
            subject: emailOutbox.subject,
            kind: emailOutbox.kind,
            status: emailOutbox.status,
            relatedTable: emailOutbox.relatedTable,
            relatedId: emailOutbox.relatedId,
            createdAt: emailOutbox.createdAt,
            sentAt: emailOutbox.sentAt,
          })
          .from(emailOutbox)
          .where(matchesSubject(subject, emailOutbox.toAddress))
          .orderBy(asc(emailOutbox.createdAt))
      : await none<never>();
  const texts =
    subject.kind === "phone"
      ? await executor
          .select({
            id: smsOutbox.id,
            toNumber: smsOutbox.toNumber,
            body: smsOutbox.body,
            status: smsOutbox.status,
            createdAt: smsOutbox.createdAt,
            sentAt: smsOutbox.sentAt,
          })
          .from(smsOutbox)
          .where(matchesSubject(subject, smsOutbox.toNumber))
          .orderBy(asc(smsOutbox.createdAt))
      : await none<never>();
  // a STOP is kept: it is what keeps every later SMS from the number (decision 0767)
  const optedOut =
    subject.kind === "phone"
      ? await executor
          .select({ number: smsOptOuts.number, createdAt: smsOptOuts.createdAt })
          .from(smsOptOuts)
          .where(matchesSubject(subject, smsOptOuts.number))
      : await none<never>();
  // and the WhatsApp messages to the number and its STOP there (decision 0772), kept as SMS's are
  const whatsapp =
    subject.kind === "phone"
      ? await executor
          .select({
            id: whatsappOutbox.id,
            toNumber: whatsappOutbox.toNumber,
            templateName: whatsappOutbox.templateName,
            variables: whatsappOutbox.variables,
            status: whatsappOutbox.status,
            createdAt: whatsappOutbox.createdAt,
            sentAt: whatsappOutbox.sentAt,
          })
          .from(whatsappOutbox)
          .where(matchesSubject(subject, whatsappOutbox.toNumber))
          .orderBy(asc(whatsappOutbox.createdAt))
      : await none<never>();
  const whatsappOptedOut =
    subject.kind === "phone"
      ? await executor
          .select({ number: whatsappOptOuts.number, createdAt: whatsappOptOuts.createdAt })
          .from(whatsappOptOuts)
          .where(matchesSubject(subject, whatsappOptOuts.number))
      : await none<never>();
  return { emails, texts, optedOut, whatsapp, whatsappOptedOut };
}
type EmailsFound = Awaited<ReturnType<typeof findEmails>>;

/**
 * E-mails and SMS still waiting belong to a booking that is still running (`stillDelivering`); the rest have done
 * their work. A number's STOP is kept, so that nothing is sent to it again.
 */
function planEmails(
  found: EmailsFound,
  { stillDelivering }: { stillDelivering: boolean },
): ErasurePart<{ deleteEmails: string[]; deleteTexts: string[]; deleteWhatsApp: string[] }> {
  const waiting = found.emails.filter((e) => e.status === "pending");
  const keepWaiting = waiting.length > 0 && stillDelivering;
  const textsWaiting = found.texts.filter((t) => t.status === "pending");
  const keepTexts = textsWaiting.length > 0 && stillDelivering;
  const whatsappWaiting = found.whatsapp.filter((m) => m.status === "pending");
  const keepWhatsApp = whatsappWaiting.length > 0 && stillDelivering;
  return {
    plan: {
      deleteEmails: found.emails.filter((e) => !keepWaiting || e.status !== "pending").map((e) => e.id),
      deleteTexts: found.texts.filter((t) => !keepTexts || t.status !== "pending").map((t) => t.id),
      deleteWhatsApp: found.whatsapp.filter((m) => !keepWhatsApp || m.status !== "pending").map((m) => m.id),
    },
    kept: [
      ...(keepWaiting
        ? [
            {
              what: `${waiting.length} e-mail(s) waiting to be sent`,
              why: "They belong to the booking that is still running (joining instructions, reminders, its invoice).",
            },
          ]
        : []),
      ...(keepTexts
        ? [
            {
              what: `${textsWaiting.length} SMS waiting to be sent`,
              why: "They belong to the booking that is still running (its reminder, payment or certificate).",
            },
          ]
        : []),
      ...(keepWhatsApp
        ? [
            {
              what: `${whatsappWaiting.length} WhatsApp message(s) waiting to be sent`,
              why: "They belong to the booking that is still running (its reminder, payment or certificate).",
            },
          ]
        : []),
      ...(found.whatsappOptedOut.length > 0
        ? [
            {
              what: "The number's request to receive no WhatsApp message (STOP)",
              why: "It is what keeps any WhatsApp message from being sent to the number again.",
            },
          ]
        : []),
      ...(found.optedOut.length > 0
        ? [
            {
              what: "The number's request to receive no SMS (STOP)",
              why: "It is what keeps any SMS from being sent to the number again.",
            },
          ]
        : []),
    ],
    redactAuditOf: [],
  };
}

export const outboxPersonalData = {
  find: findEmails,
  plan: planEmails,
  async erase(tx, { deleteEmails, deleteTexts, deleteWhatsApp }) {
    if (deleteEmails.length > 0) await tx.delete(emailOutbox).where(inArray(emailOutbox.id, deleteEmails));
    if (deleteTexts.length > 0) await tx.delete(smsOutbox).where(inArray(smsOutbox.id, deleteTexts));
    if (deleteWhatsApp.length > 0) {
      await tx.delete(whatsappOutbox).where(inArray(whatsappOutbox.id, deleteWhatsApp));
    }
    return {
      emailsDeleted: deleteEmails.length,
      textsDeleted: deleteTexts.length,
      whatsappDeleted: deleteWhatsApp.length,
    };
  },
  copy: (found) => ({
    emails: found.emails.map((e) => ({
      to: e.toAddress,
      subject: e.subject,
      status: e.status,
      queuedAt: iso(e.createdAt),
      sentAt: iso(e.sentAt),
    })),
    texts: found.texts.map((t) => ({
      to: t.toNumber,
      text: t.body,
      status: t.status,
      queuedAt: iso(t.createdAt),
      sentAt: iso(t.sentAt),
    })),
    smsStopped: found.optedOut.map((o) => ({ number: o.number, stoppedAt: iso(o.createdAt) })),
    whatsapp: found.whatsapp.map((m) => ({
      to: m.toNumber,
      template: m.templateName,
      variables: m.variables,
      status: m.status,
      queuedAt: iso(m.createdAt),
      sentAt: iso(m.sentAt),
    })),
    whatsappStopped: found.whatsappOptedOut.map((o) => ({ number: o.number, stoppedAt: iso(o.createdAt) })),
  }),
} satisfies PersonalDataContributor<
  EmailsFound,
  NoLinks,
  { stillDelivering: boolean },
  { deleteEmails: string[]; deleteTexts: string[]; deleteWhatsApp: string[] }
>;

/** How many audit rows are about the records found. */
export async function countAuditRows(recordIds: string[], executor: Executor): Promise<number> {
  if (recordIds.length === 0) return 0;
  const [audit] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(adminAuditLogs)
    .where(and(isNotNull(adminAuditLogs.recordId), inArray(adminAuditLogs.recordId, recordIds)));
  return audit?.n ?? 0;
}

/** What replaces a personal value in the audit log's before and after values. */
export const REDACTED = "[erased]";

/** The keys of personal values in audit rows' before and after values, in both spellings. */
const PERSONAL_KEYS = new Set(
  [
    "name",
    "email",
    "phone",
    "organization",
    "message",
    "ip",
    "idNumber",
    "idNumberLast4",
    "specialRequirements",
    "contactName",
    "contactEmail",
    "contactPhone",
    "contactPhoneSha256",
    "phoneSha256",
    "kraPin",
    "lpoNumber",
    "courseInterest",
    "quoteName",
    "quotePosition",
    "answeredByName",
    "answeredByPosition",
  ].flatMap((key) => [key, key.replace(/[A-Z0-9]/g, (c) => `_${c.toLowerCase()}`)]),
);

/** A copy of an audit value with every personal field's value replaced, at any depth. */
export function redactPersonal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactPersonal);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      PERSONAL_KEYS.has(key) && inner !== null ? REDACTED : redactPersonal(inner),
    ]),
  );
}

/** Replaces the personal values in the audit rows about `recordIds`; says how many rows changed. */
export async function redactAuditRows(tx: Executor, recordIds: string[]) {
  if (recordIds.length === 0) return 0;
  const rows = await tx
    .select({
      id: adminAuditLogs.id,
      oldValues: adminAuditLogs.oldValues,
      newValues: adminAuditLogs.newValues,
    })
    .from(adminAuditLogs)
    .where(inArray(adminAuditLogs.recordId, recordIds));
  let changed = 0;
  for (const row of rows) {
    const oldValues = redactPersonal(row.oldValues);
    const newValues = redactPersonal(row.newValues);
    if (
      JSON.stringify(oldValues) === JSON.stringify(row.oldValues) &&
      JSON.stringify(newValues) === JSON.stringify(row.newValues)
    )
      continue;
    await tx.update(adminAuditLogs).set({ oldValues, newValues }).where(eq(adminAuditLogs.id, row.id));
    changed++;
  }
  return changed;
}
