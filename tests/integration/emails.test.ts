import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { readSignedReference } from "#app/booking/index.server";
import { saveDarajaCredentials } from "#app/money/index.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { createSmtpSender } from "#app/platform/email/email.server";
import { deliverDueEmails } from "#app/platform/email/outbox.server";
import { env } from "#app/platform/env.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as runIcsRoute from "#app/routes/site/public/course-run.ics";
import { courseRuns } from "#app/site/tables.server";
import { formatLongDate } from "#app/utils/dates";
import { DARAJA_KEYS } from "../helpers/daraja";
import { ACTOR, book, confirmAll, newRun, SECRET, SLUG } from "../helpers/money";
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

/** The address of the HTML part's button with this label, as the reader's click follows it. */
const buttonUrl = (html: string, label: string) =>
  new RegExp(`<a href="([^"]+)"(?:(?!</a>)[\\s\\S])*${label}`).exec(html)?.[1]?.replace(/&amp;/g, "&");

test("a booking's confirmation carries its main actions as buttons: Pay with M-PESA when M-PESA Express is on, Add to calendar; the waiting list gets neither", async () => {
  await db().update(emailOutbox).set({ status: "sent" });
  const smtp = await startSmtpServer();
  const send = createSmtpSender(smtp.url);
  const confirmationTo = async (email: string) => {
    await deliverDueEmails({ send });
    const mails = await smtp.waitFor((m) => m.some((mail) => mail.to[0] === email));
    const mail = mails.find((m) => m.to[0] === email);
    expectClientMail(mail);
    return mail as ReceivedMail;
  };
  try {
    const runId = await newRun("45000.00");

    // M-PESA Express not set up: the calendar and the booking, no pay button
    const before = await confirmationTo((await book(runId, 1, "Nopay")).booking.contactEmail);
    expect(buttonUrl(before.html, "Add to calendar")).toBeDefined();
    expect(before.html).not.toContain("Pay with M-PESA");
    expect(before.text).not.toContain("Pay with M-PESA");

    await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
    await saveDarajaCredentials(ACTOR, { environment: "sandbox", ...DARAJA_KEYS });
    const { booking } = await book(runId, 2, "Buttons");
    const mail = await confirmationTo(booking.contactEmail);
    const pay = buttonUrl(mail.html, "Pay with M-PESA");
    const calendar = buttonUrl(mail.html, "Add to calendar");
    const account = buttonUrl(mail.html, "See your booking");
    // the main action first, in the order a client acts: pay, put it in the calendar, see the booking
    expect(mail.html.indexOf("Pay with M-PESA")).toBeLessThan(mail.html.indexOf("Add to calendar"));
    expect(mail.html.indexOf("Add to calendar")).toBeLessThan(mail.html.indexOf("See your booking"));
    expect(account).toBe(`${env().PUBLIC_URL}/account`);
    // the pay page of this booking, opened by its signed reference
    const payPathname = new URL(pay as string).pathname;
    expect(`${env().PUBLIC_URL}${payPathname}`).toBe(pay);
    expect(readSignedReference(payPathname.replace(/^\/pay\//, ""))).toBe(booking.reference);
    // the run's own .ics file, which the course page offers too
    expect(calendar).toBe(`${env().PUBLIC_URL}/courses/${SLUG}/runs/${runId}.ics`);
    const ics = await runIcsRoute.loader({
      params: { slug: SLUG, runFile: `${runId}.ics` },
    } as never);
    expect(ics.status).toBe(200);
    const [run] = await db()
      .select({ startDate: courseRuns.startDate, endDate: courseRuns.endDate })
      .from(courseRuns)
      .where(eq(courseRuns.id, runId));
    // one timed event per session, the first at 09:00 in Nairobi (decision 0680)
    expect(await ics.text()).toContain(`DTSTART:${run?.startDate?.replaceAll("-", "")}T060000Z`);
    // a run without a printed label: the e-mail gives its dates, not "To be confirmed"
    expect(mail.text).toContain(
      `Dates: ${formatLongDate(run?.startDate as string)} to ${formatLongDate(run?.endDate as string)}`,
    );
    // the plain-text part has the same actions, the addresses written out
    for (const [label, url] of [
      ["Pay with M-PESA", pay],
      ["Add to calendar", calendar],
      ["See your booking", account],
    ]) {
      expect(mail.text).toContain(`${label}: ${url}`);
    }
    expect(mail.text).toContain("2 × KES 45,000 = KES 90,000");

    // a booking that waits for a seat: what happens next, nothing to pay and no date to keep yet
    await db().update(courseRuns).set({ capacity: 3 }).where(eq(courseRuns.id, runId));
    const waiting = await confirmationTo((await book(runId, 1, "Queued")).booking.contactEmail);
    expect(waiting.subject).toMatch(/^On the waiting list/);
    expect(waiting.text).toContain("What happens next");
    for (const part of [waiting.text, visible(waiting.html)]) {
      expect(part).not.toMatch(/Pay with M-PESA|Add to calendar|KES|paybill/i);
    }
    expect(buttonUrl(waiting.html, "See your booking")).toBe(`${env().PUBLIC_URL}/account`);
  } finally {
    send.close();
    await smtp.close();
  }
});
