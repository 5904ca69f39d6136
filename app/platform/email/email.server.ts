import { buffer } from "node:stream/consumers";
import nodemailer, { type Transporter } from "nodemailer";
import type { EmailAttachment } from "#app/platform/db/tables.server";
import { env } from "../env.server";
import { storage } from "../files/storage.server";
import type { OutboxRow, SendEmail } from "./outbox.server";

/** A sender over SMTP (`smtp://` or `smtps://` URL); each call to the result sends one outbox row. */
export function createSmtpSender(smtpUrl: string, from = env().MAIL_FROM): SendEmail & { close(): void } {
  const transport: Transporter = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
  const send = async (row: OutboxRow) => {
    await transport.sendMail({
      from,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      attachments: row.attachments ? await Promise.all(row.attachments.map(attachmentContent)) : undefined,
      // lets the receiving side (and our tests) recognise a retried message
      messageId: `<${row.id}@mafunzo.outbox>`,
    });
  };
  return Object.assign(send, { close: () => transport.close() });
}

async function attachmentContent(attachment: EmailAttachment) {
  const { filename, contentType } = attachment;
  if ("content" in attachment) return { filename, contentType, content: attachment.content };
  const stored = await storage().get(attachment.storageKey);
  // a missing document is a fault to retry later, never a message sent without its attachment
  if (!stored) throw new Error(`Attachment ${attachment.storageKey} is missing from storage`);
  return { filename, contentType, content: await buffer(stored.body) };
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}
