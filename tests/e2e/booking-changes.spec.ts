import { expect, type Page } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { expectScreensFit } from "../helpers/screen-fit";
import { addCourseDate, bookOnline, inDays } from "./course-dates";
import { OWNER, serverOfItsOwn, test } from "./own-server";

// Issue 45, findings 3–5, clicked as the office does: a booking made on the run's first day is confirmed from its
// page and the client hears "your places are confirmed" with the proforma; a substitute gets joining instructions
// and a calendar invitation; a cancellation says cancelled; money paid before an invoice gets advance receipts,
// each listed with its own amount, and the booking shows on "What needs doing today".
test.describe.configure({ mode: "serial", timeout: 180_000 });

const stamp = Date.now().toString(36);
const FIRST_DAY = `firstday.${stamp}@county.example`;
const ADVANCE = `advance.${stamp}@county.example`;
const SUBSTITUTE = `faith.${stamp}@county.example`;

const own = serverOfItsOwn();
const references: Record<string, string> = {};

async function openBooking(page: Page, reference: string) {
  await page.goto(`${own.base}/admin/bookings/${reference}`);
  await expect(page.getByRole("heading", { level: 1, name: `Booking ${reference}` })).toBeVisible();
}

const mailTo = (to: string, subject: string | RegExp) =>
  own.smtp.messages.filter(
    (m) =>
      m.to.includes(to) && (typeof subject === "string" ? m.subject === subject : subject.test(m.subject)),
  );

async function recordPayment(page: Page, reference: string, amount: string, code: string) {
  await page.goto(`${own.base}/admin/finance/payments`);
  const form = page.getByRole("form", { name: "Record a payment" });
  await form.getByLabel("Method").selectOption("mpesa");
  await form.getByLabel("Amount (KES)").fill(amount);
  await form.getByLabel("Transaction code or reference").fill(code);
  await form.getByLabel("Booking reference").fill(reference);
  await form.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByTestId("payment-row").filter({ hasText: code })).toBeVisible();
}

test("a booking made on the run's first day is confirmed from its page; the client is told, proforma attached", async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page, OWNER, own.base);
  const run = await addCourseDate(page, own.base, {
    start: inDays(0),
    end: inDays(2),
    venue: `Kisumu ${stamp}`,
  });
  references.firstDay = await bookOnline(browser, own.base, run.split("/runs/")[1] as string, {
    contact: FIRST_DAY,
    people: ["Amina Wanjiru", "Brian Otieno", "Cynthia Njeri"],
  });
  await openBooking(page, references.firstDay);
  await expect(page.getByTestId("booking-closed")).toHaveCount(0);
  await expect(page.getByTestId("confirm-explained")).toContainText("that the places are confirmed");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Confirm booking" }).click();
  const said = page.getByRole("status").filter({ hasText: "3 participants are confirmed" });
  await expect(said).toBeVisible();
  const number = /PRO-\d{4}-\d{4}/.exec((await said.textContent()) ?? "")?.[0] as string;

  const subject = `Your places are confirmed (${references.firstDay})`;
  await own.smtp.waitFor(() => mailTo(FIRST_DAY, subject).length > 0, 30_000);
  const [confirmed] = mailTo(FIRST_DAY, subject);
  expect(confirmed?.text).toContain(`Your places on booking ${references.firstDay} are confirmed.`);
  expect(confirmed?.raw).toContain(`filename=${number}.pdf`);
  // the booking's e-mail log shows it
  await page.reload();
  await expect(page.getByText(subject).first()).toBeVisible();
});

test("a substitute receives the joining instructions and a calendar invitation", async ({ page }) => {
  await loginAsAdmin(page, OWNER, own.base);
  await openBooking(page, references.firstDay as string);
  const seat = page.getByTestId("booking-participant").filter({ hasText: "Brian Otieno" });
  await seat.locator("summary").click();
  await seat.getByLabel("New participant's name").fill("Faith Chebet");
  await seat.getByLabel("New participant's e-mail").fill(SUBSTITUTE);
  await seat.getByRole("button", { name: /^Substitute/ }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Faith Chebet is e-mailed the joining instructions" }),
  ).toBeVisible();
  await own.smtp.waitFor(() => mailTo(SUBSTITUTE, /^Your place on /).length > 0, 30_000);
  const [welcome] = mailTo(SUBSTITUTE, /^Your place on /);
  expect(welcome?.text).toContain("in place of Brian Otieno");
  expect(welcome?.raw).toMatch(/Content-Type: text\/calendar/);
  expect(welcome?.raw).toMatch(/filename=[^\n]*\.ics/);
});

test("money before any invoice: advance receipts with their own amounts, flagged on today's work; a cancellation says cancelled", async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page, OWNER, own.base);
  const run = await addCourseDate(page, own.base, { start: inDays(30), venue: `Eldoret ${stamp}` });
  const reference = await bookOnline(browser, own.base, run.split("/runs/")[1] as string, {
    contact: ADVANCE,
    people: ["Daniel Kiprop", "Esther Moraa"],
  });
  await recordPayment(page, reference, "20000", `ADV${stamp.slice(-5).toUpperCase()}A`);
  await recordPayment(page, reference, "95000", `ADV${stamp.slice(-5).toUpperCase()}B`);

  await own.smtp.waitFor(() => mailTo(ADVANCE, /^Advance receipt RCT-/).length >= 2, 30_000);
  for (const mail of mailTo(ADVANCE, /^Advance receipt RCT-/)) {
    expect(mail.text).toContain("held as an advance");
    expect(mail.raw).toMatch(/filename=RCT-\d{4}-\d{4}\.pdf/);
  }

  await openBooking(page, reference);
  const documents = page.getByTestId("booking-documents").getByRole("listitem");
  await expect(documents).toHaveCount(2);
  await expect(documents.nth(0)).toContainText("KES 20,000.00 · advance payment, before any invoice");
  await expect(documents.nth(1)).toContainText("KES 95,000.00 · advance payment, before any invoice");

  await page.goto(`${own.base}/admin`);
  const flagged = page.getByTestId("today-money-to-allocate");
  await expect(flagged).toContainText("paid more than invoiced");
  await flagged.click();
  await expect(page.getByRole("link", { name: reference, exact: true })).toBeVisible();

  await openBooking(page, reference);
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The booking is cancelled" })).toBeVisible();
  const subject = `Booking ${reference} cancelled`;
  await own.smtp.waitFor(() => mailTo(ADVANCE, subject).length > 0, 30_000);
  const [cancelled] = mailTo(ADVANCE, subject);
  expect(cancelled?.text).toContain(`Booking ${reference} is cancelled: `);
  expect(cancelled?.text).toContain("Nothing was invoiced for it, so nothing is owed.");
  expect(cancelled?.text).toContain("refund the KES 115,000.00 you paid");
  expect(cancelled?.text).not.toMatch(/credit note/i);
  await expectScreensFit(page, [`${own.base}/admin/bookings/${reference}`]);
});

test("after the invoice, each receipt shows the payment it acknowledges, not the invoice total", async ({
  page,
}) => {
  await loginAsAdmin(page, OWNER, own.base);
  const reference = references.firstDay as string;
  await recordPayment(page, reference, "100000", `PRT${stamp.slice(-5).toUpperCase()}1`);
  await recordPayment(page, reference, "50000", `PRT${stamp.slice(-5).toUpperCase()}2`);
  await openBooking(page, reference);
  const receipts = page.getByTestId("booking-documents").getByRole("listitem").filter({ hasText: "Receipt" });
  await expect(receipts).toHaveCount(2);
  await expect(receipts.nth(0)).toContainText("KES 100,000.00 · for PRO-");
  await expect(receipts.nth(1)).toContainText("KES 50,000.00 · for PRO-");
});
