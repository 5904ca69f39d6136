import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { getTodayWork, setRegistrationStatus } from "#app/back-office/testing.server";
import {
  addParticipant,
  cancelBooking,
  confirmBooking,
  confirmParticipant,
  getBookingPage,
  substituteParticipant,
} from "#app/bookings/index.server";
import { recordPayment } from "#app/money/index.server";
import { financeDocuments } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { createSmtpSender } from "#app/platform/email/email.server";
import { deliverDueEmails } from "#app/platform/email/outbox.server";
import { env } from "#app/platform/env.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { courseRuns } from "#app/site/tables.server";
import { addDays, today } from "#app/utils/dates";
import { resolveChromium } from "../helpers/chromium.mjs";
import { ACTOR, book, documentsOf, newRun } from "../helpers/money";
import { startSmtpServer } from "../helpers/smtp";

// Issue 45, findings 3–5: one rule of what a booking may change and when; the client told of every change with
// its document; money before an invoice receipted as an advance and flagged; receipts listed with their amounts.

const OFFICE = { actor: ACTOR, overridesNotice: true };

/** A run of the course starting `days` from today (0: today), three days long, KES 110,000 a seat. */
const runFrom = (days: number) => newRun("110000.00", { startsIn: days, lastDay: 2 });

const pay = (bookingId: string, cents: number, code: string) =>
  moneyTransaction((tx) =>
    recordPayment(
      tx,
      {
        method: "mpesa",
        amountCents: cents,
        receivedOn: today(),
        transactionCode: code,
        payer: "ACHIENG OTIENO",
        accountReference: null,
        bookingId,
        source: "manual",
      },
      ACTOR,
    ),
  );

/** Sends what the outbox holds through a real SMTP server and returns what reached `to`. */
async function delivered(to: string, atLeast: number) {
  const smtp = await startSmtpServer();
  try {
    await deliverDueEmails({ send: createSmtpSender(smtp.url) });
    return await smtp.waitFor((m) => m.filter((mail) => mail.to.includes(to)).length >= atLeast, 10_000);
  } finally {
    await smtp.close();
  }
}

beforeEach(async () => {
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
  await setSettingValue(db(), "substitution_notice_days", 0, null);
  await db().update(emailOutbox).set({ status: "sent" });
});
afterEach(async () => {
  await setSettingValue(db(), "substitution_notice_days", 14, null);
});

describe("finding 3: one rule of what a booking may change and when", () => {
  test("a booking made on the run's first day is confirmed from its page, as from the run page", async () => {
    const runId = await runFrom(0);
    const { booking, participants } = await book(runId, 3, "Firstday");
    const page = await getBookingPage(booking.reference);
    // the booking page offers what the run page does: confirm, and the changes the public form still allows
    expect(page?.rules).toEqual({
      confirm: null,
      substitute: null,
      move: null,
      add: null,
      cancel: null,
      details: null,
    });
    const outcome = await confirmBooking(OFFICE, booking.id);
    expect(outcome).toMatchObject({ ok: true });
    expect((await documentsOf(booking.id)).map((d) => d.kind)).toEqual(["proforma"]);
    // and once the first day is over, both pages answer the same rule for the same change
    const later = await book(await runFrom(0), 1, "Secondday");
    await db()
      .update(courseRuns)
      .set({ startDate: addDays(today(), -1), endDate: addDays(today(), 1) })
      .where(eq(courseRuns.id, later.booking.runId as string));
    const rules = (await getBookingPage(later.booking.reference))?.rules;
    expect(rules?.confirm).toBeNull();
    expect(rules?.cancel).toMatch(/under way or over/);
    expect(
      await confirmParticipant(ACTOR, later.booking.runId as string, later.participants[0] as string),
    ).toMatchObject({ ok: true });
    expect(await cancelBooking(OFFICE, later.booking.id)).toMatchObject({ ok: false, status: 409 });
    // the registrations list asks the same rule
    expect(await setRegistrationStatus(later.participants[0] as string, "cancelled", ACTOR)).toEqual({
      refused: rules?.cancel,
    });
    expect(participants).toHaveLength(3);
  });
});

describe("finding 4: the client hears of every change, by name, with its document", () => {
  test("confirming says the places are confirmed, with the proforma attached; the e-mail log shows it", async () => {
    const runId = await runFrom(20);
    const { booking } = await book(runId, 3, "Confirmmail");
    expect(await confirmBooking(OFFICE, booking.id)).toMatchObject({ ok: true });
    const [proforma] = await documentsOf(booking.id);
    const mails = await delivered(booking.contactEmail, 2);
    // the registration's own acknowledgement, and one message for the confirmation (no separate invoice e-mail)
    const mine = mails.filter(
      (m) => m.to.includes(booking.contactEmail) && !m.subject.startsWith("Registration received"),
    );
    expect(mine).toHaveLength(1);
    const [mail] = mine;
    expect(mail?.subject).toBe(`Your places are confirmed (${booking.reference})`);
    expect(mail?.text).toContain(`Your places on booking ${booking.reference} are confirmed.`);
    expect(mail?.text).toContain(`Proforma invoice ${proforma?.number} for the whole booking`);
    expect(mail?.raw).toContain(`filename=${proforma?.number}.pdf`);
    const log = (await getBookingPage(booking.reference))?.emails ?? [];
    expect(log.map((e) => e.subject)).toContain(`Your places are confirmed (${booking.reference})`);
  });

  test("a substitute receives the joining instructions and a calendar invitation", async () => {
    const runId = await runFrom(20);
    const { booking, participants } = await book(runId, 2, "Subst");
    const person = { name: "Kevin Mutua", email: "kevin.sub@county.example", phone: null, idNumber: null };
    expect(
      await substituteParticipant(OFFICE, booking.id, participants[0] as string, person as never),
    ).toMatchObject({ ok: true });
    const mails = await delivered(person.email, 1);
    const mail = mails.find((m) => m.to.includes(person.email));
    expect(mail?.subject).toMatch(/^Your place on .+ \(MF-/);
    expect(mail?.text).toContain("in place of");
    expect(mail?.raw).toMatch(/text\/calendar/);
    expect(mail?.raw).toMatch(/filename=[^\n]*\.ics/);
  });

  test("a cancellation is called one, with its credit note attached, and promises no document it lacks", async () => {
    const runId = await runFrom(20);
    const invoiced = await book(runId, 1, "Cancelinv");
    await confirmBooking(OFFICE, invoiced.booking.id);
    await db().update(emailOutbox).set({ status: "sent" });
    expect(await cancelBooking(OFFICE, invoiced.booking.id)).toMatchObject({ ok: true });
    const credit = (await documentsOf(invoiced.booking.id)).find((d) => d.kind === "credit_note");
    const plain = await book(runId, 1, "Cancelplain");
    expect(await cancelBooking(OFFICE, plain.booking.id)).toMatchObject({ ok: true });
    await delivered(invoiced.booking.contactEmail, 1);
    const sent = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "booking_cancelled")))
      .orderBy(asc(emailOutbox.createdAt));
    const withCredit = sent.find((m) => m.toAddress === invoiced.booking.contactEmail);
    const without = sent.find((m) => m.toAddress === plain.booking.contactEmail);
    expect(withCredit?.subject).toBe(`Booking ${invoiced.booking.reference} cancelled`);
    expect(withCredit?.textBody).toContain(`Credit note ${credit?.number}`);
    expect(withCredit?.attachments?.[0]?.filename).toBe(`${credit?.number}.pdf`);
    expect(without?.subject).toBe(`Booking ${plain.booking.reference} cancelled`);
    expect(without?.textBody).not.toMatch(/invoice or credit note follows/i);
    expect(without?.textBody).not.toMatch(/credit note/i);
    // read as the client expects: which booking, course and dates are cancelled, then what becomes of the money
    for (const [mail, ref] of [
      [withCredit, invoiced.booking.reference],
      [without, plain.booking.reference],
    ] as const) {
      expect(mail?.textBody).toMatch(new RegExp(`Booking ${ref} is cancelled: .+, \\d{1,2} \\w+ \\d{4}`));
      expect(mail?.textBody).not.toMatch(/We cancelled|The booking is cancelled/);
    }
    expect(without?.textBody).toContain("Nothing was invoiced for it, so nothing is owed.");
    expect(without?.textBody).not.toMatch(/refund/);
    // the credit note goes out once: attached to the message that names the cancellation
    const creditMails = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.relatedId, credit?.id as string));
    expect(creditMails).toHaveLength(0);
  });
});

describe("finding 5: money before an invoice is receipted, flagged, and each receipt shows its own amount", () => {
  test("two payments before any invoice get advance receipts; the booking is on today's work", async () => {
    const runId = await runFrom(20);
    const { booking } = await book(runId, 3, "Advance");
    await pay(booking.id, 2_000_000, `ADV${Date.now() % 1e7}A`);
    await pay(booking.id, 9_500_000, `ADV${Date.now() % 1e7}B`);
    const receipts = (await documentsOf(booking.id)).filter((d) => d.kind === "receipt");
    expect(receipts.map((r) => [r.paidCents, r.relatesToId, r.totalCents])).toEqual([
      [2_000_000, null, 2_000_000],
      [9_500_000, null, 9_500_000],
    ]);
    const page = await getBookingPage(booking.reference);
    expect(page?.documents.map((d) => [d.amountCents, d.note])).toEqual([
      [2_000_000, "advance payment, before any invoice"],
      [9_500_000, "advance payment, before any invoice"],
    ]);
    const today_ = await getTodayWork(Promise.resolve(0));
    const item = today_.items.find((i) => i.id === "money-to-allocate");
    expect(item?.count).toBeGreaterThanOrEqual(1);
    expect(item?.to).toBe("/admin/bookings?payment=overpaid");
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "finance_receipt"));
    const advance = mails.find((m) => m.relatedId === receipts[0]?.id);
    expect(advance?.subject).toMatch(/^Advance receipt RCT-/);
    expect(advance?.textBody).toContain("held as an advance");
  });

  test("after the invoice, each receipt is listed with its own payment, and a replaced proforma says so", async () => {
    const runId = await runFrom(20);
    const { booking } = await book(runId, 3, "Parts");
    await confirmBooking(OFFICE, booking.id);
    for (const [i, cents] of [10_000_000, 10_000_000, 13_000_000].entries()) {
      await pay(booking.id, cents, `PRT${Date.now() % 1e7}${i}`);
    }
    const page = await getBookingPage(booking.reference);
    const receipts = page?.documents.filter((d) => d.kind === "receipt") ?? [];
    expect(receipts.map((r) => r.amountCents)).toEqual([10_000_000, 10_000_000, 13_000_000]);
    expect(receipts.every((r) => r.totalCents === 33_000_000)).toBe(true);
    expect(receipts[0]?.note).toMatch(/^for /);
    const person = { name: "Fourth Person", email: "fourth@county.example", phone: null, idNumber: null };
    expect(await addParticipant(OFFICE, booking.id, person as never)).toMatchObject({ ok: true });
    const proformas = (await getBookingPage(booking.reference))?.documents.filter(
      (d) => d.kind === "proforma",
    );
    expect(proformas?.map((d) => d.note)).toEqual([`replaced by ${proformas?.[1]?.number}`, null]);
    // the change's own message carries the new version
    const [changed] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "booking_changed"), eq(emailOutbox.toAddress, booking.contactEmail)));
    expect(changed?.attachments?.[0]?.filename).toBe(`${proformas?.[1]?.number}.pdf`);
  });
});

describe("the messages and the advance receipt, as the client sees them", () => {
  // with DOCUMENT_SAMPLES_DIR set (`npm run docs:samples` sets it), written out as PNG at a phone's width
  const OUT = process.env.DOCUMENT_SAMPLES_DIR;
  test.skipIf(!OUT)("rendered to PNG", async () => {
    const dir = OUT as string;
    const rows = await db().select().from(emailOutbox).orderBy(asc(emailOutbox.createdAt));
    const last = (kind: string, subject?: RegExp) =>
      rows.filter((r) => r.kind === kind && (!subject || subject.test(r.subject))).at(-1);
    const picked = {
      "email-places-confirmed": last("booking_confirmed"),
      "email-booking-cancelled": last("booking_cancelled", /cancelled$/),
      "email-booking-changed": last("booking_changed"),
      "email-substitute-joining": last("substitute_joining"),
      "email-advance-receipt": last("finance_receipt", /^Advance receipt/),
    };
    const browser = await chromium.launch({
      executablePath: await resolveChromium(),
      args: ["--no-sandbox"],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
      fs.mkdirSync(dir, { recursive: true });
      for (const [name, row] of Object.entries(picked)) {
        expect(row, name).toBeTruthy();
        await page.setContent(row?.htmlBody ?? "", { waitUntil: "load" });
        await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, scale: "css" });
      }
    } finally {
      await browser.close();
    }
    const [advance] = await db()
      .select()
      .from(financeDocuments)
      .where(and(eq(financeDocuments.kind, "receipt"), isNull(financeDocuments.relatesToId)))
      .orderBy(asc(financeDocuments.createdAt));
    const file = path.join(dir, "receipt-advance.pdf");
    fs.writeFileSync(
      file,
      fs.readFileSync(path.join(env().DATA_DIR, "uploads", advance?.storageKey as string)),
    );
    execFileSync("pdftoppm", ["-png", "-r", "60", file, path.join(dir, "receipt-advance")]);
    fs.rmSync(file);
  });
});
