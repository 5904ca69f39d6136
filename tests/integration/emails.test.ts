import { expect, test } from "vitest";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/schema";
import { createSmtpSender } from "#app/platform/email/email.server";
import { deliverDueEmails } from "#app/platform/email/outbox.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { book, confirmAll, newRun } from "../helpers/money";
import { type ReceivedMail, startSmtpServer } from "../helpers/smtp";

/** What a reader sees of the HTML part: the text between the tags, with the addresses links hide. */
const visible = (html: string) =>
  html
    .replace(/<head>[\s\S]*?<\/head>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

function expectClientMail(mail: ReceivedMail | undefined) {
  expect(mail?.html).toMatch(/^<!DOCTYPE html>/i);
  expect(mail?.text.length).toBeGreaterThan(50);
  // the firm's header in both parts
  expect(visible(mail?.html ?? "")).toContain("Mafunzo Training & Consultancy");
  expect(mail?.text).toContain("Mafunzo Training & Consultancy");
  // no web address is printed in the HTML part: links carry their names
  for (const long of visible(mail?.html ?? "").match(/https?:\/\/\S+/g) ?? []) expect(long).toBe("");
}

test("a group's confirmation states the total, and its invoice e-mail has a button, not a long link, in a real SMTP sink", async () => {
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
  await db().update(emailOutbox).set({ status: "sent" });
  const smtp = await startSmtpServer();
  const send = createSmtpSender(smtp.url);
  try {
    const runId = await newRun("110000.00");
    const { booking, participants } = await book(runId, 4, "Grouptotal");
    await confirmAll(runId, participants);
    await deliverDueEmails({ send });
    const mails = await smtp.waitFor(
      (m) => m.filter((mail) => mail.to[0] === booking.contactEmail).length >= 2,
    );
    const mine = mails.filter((m) => m.to[0] === booking.contactEmail);

    const confirmation = mine.find((m) => m.subject.startsWith("Registration received"));
    expectClientMail(confirmation);
    for (const part of [confirmation?.text ?? "", visible(confirmation?.html ?? "")]) {
      expect(part).toContain("4 × KES 110,000 = KES 440,000");
    }
    expect(confirmation?.html).toContain("See your booking");

    const invoice = mine.find((m) => m.subject.startsWith("Proforma invoice"));
    expectClientMail(invoice);
    const link = /<a href="([^"]*\/billing\/[^"]+)"(?:(?!<\/a>)[\s\S])*View invoice/.exec(
      invoice?.html ?? "",
    )?.[1];
    expect(link).toBeDefined();
    // the text part keeps the address for mail programs without HTML
    expect(invoice?.text).toContain(`View invoice: ${link?.replace(/&amp;/g, "&")}`);
    expect(visible(invoice?.html ?? "")).toContain("KES 440,000.00");
  } finally {
    send.close();
    await smtp.close();
  }
});
