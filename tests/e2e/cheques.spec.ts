import { expect, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { extractPdfText } from "../helpers/pdf-text";
import { addCourseDate } from "./course-dates";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";
import { OWNER, type OwnServer, test } from "./own-server";

// Issue 47 #2, decision 0756: finance records two cheques for a booking, clears both, and the bank returns
// one; the client sees a receipt per part and is told of the returned cheque. Clicked through as finance would.

const stamp = Date.now().toString(36);
let server: OwnServer["server"];
let smtp: OwnServer["smtp"];

test.beforeAll(async ({ ownServer }) => {
  ({ server, smtp } = ownServer);
});

async function mailsTo(address: string, subject: RegExp, count = 1) {
  const match = (m: { to: string[]; subject: string }) => m.to.includes(address) && subject.test(m.subject);
  await smtp.waitFor((messages) => messages.filter(match).length >= count, 30_000);
  return Promise.all(smtp.messages.filter(match).map((m) => simpleParser(m.raw)));
}

async function book(page: Page, runPath: string, email: string) {
  await asNewVisitor(page);
  await page.goto(`${server.url}/register?course=${COURSE.slug}&run=${runPath.split("/runs/")[1]}`);
  const form = page.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Full Name").fill("Mwanaisha Juma");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Organization").fill("Mombasa Water Company");
  await waitLikeAPerson(page);
  await form.getByRole("button", { name: "Submit Registration" }).click();
  const done = page.getByTestId("booking-confirmation");
  await expect(done).toContainText("Registration Successful!");
  return /MF-[A-Z0-9]{8}/.exec((await done.textContent()) ?? "")?.[0] as string;
}

async function recordCheque(
  page: Page,
  fields: { number: string; bank: string; amount: string; reference: string },
) {
  const form = page.getByRole("form", { name: "Record a cheque" });
  await form.getByLabel("Cheque number").fill(fields.number);
  await form.getByLabel("Drawn on (bank)").fill(fields.bank);
  await form.getByLabel("Amount (KES)").fill(fields.amount);
  await form.getByLabel("Drawer").fill("Mombasa Water Company");
  await form.getByLabel("Booking reference").fill(fields.reference);
  await form.getByRole("button", { name: "Record cheque" }).click();
  await expect(page.getByText(`Cheque ${fields.number} (${fields.bank}) for`)).toBeVisible();
}

test("finance records two cheques, clears them, and the bank returns one", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const base = server.url;
  await loginAsAdmin(page, OWNER, base);
  const start = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  const runPath = await addCourseDate(page, base, { start, venue: `Mombasa ${stamp}`, capacity: "10" });
  const contact = `accounts.${stamp}@water.example`;
  const reference = await book(await browser.newPage(), runPath, contact);

  await page.goto(`${base}${runPath}`);
  await page.getByRole("button", { name: "Confirm Mwanaisha Juma" }).click();
  await expect(page.getByText("Mwanaisha Juma is confirmed.")).toBeVisible();

  // Finance → Payments, as finance gets there
  await page.getByRole("link", { name: "Finance" }).first().click();
  await page.getByRole("link", { name: "Payments", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  const first = `${Date.now() % 1_000_000}`.padStart(6, "0");
  const second = `${(Date.now() + 1) % 1_000_000}`.padStart(6, "0");
  await recordCheque(page, { number: first, bank: "KCB Bank", amount: "45,000", reference });
  await recordCheque(page, { number: second, bank: "Equity Bank", amount: "50000", reference });
  const rowOf = (number: string) => page.getByTestId("cheque-row").filter({ hasText: `Cheque ${number}` });
  await expect(rowOf(first)).toContainText("Awaiting clearance");
  await expect(rowOf(second)).toContainText("Awaiting clearance");
  await expect(page.getByRole("heading", { name: /Cheques \(\d+ awaiting clearance\)/ })).toBeVisible();

  // not money yet: the booking still owes all of it
  await page.goto(`${base}${runPath}`);
  await expect(page.getByTestId("booking-money").filter({ hasText: reference })).toContainText("paid KES 0");
  await page.goBack();

  // the first clears: its receipt says what remains
  await rowOf(first).getByRole("button", { name: "Mark cleared" }).click();
  await expect(page.getByText(`Cheque ${first} (KCB Bank) cleared`)).toBeVisible();
  await expect(rowOf(first)).toContainText("Cleared");
  const [firstReceipt] = await mailsTo(contact, /^Receipt RCT-/);
  expect(firstReceipt?.text).toContain("KES 45,000");
  expect(extractPdfText(firstReceipt?.attachments[0]?.content as Buffer)).toContain("50,000");

  // the second clears, then the bank returns it with a charge
  await rowOf(second).getByRole("button", { name: "Mark cleared" }).click();
  await expect(rowOf(second)).toContainText("Cleared");
  await mailsTo(contact, /^Receipt RCT-/, 2);
  await rowOf(second).getByText("Returned unpaid…").click();
  await rowOf(second).getByLabel("Bank's reason").fill("Insufficient funds");
  await rowOf(second).getByLabel("Bank charge (KES)").fill("1500");
  await rowOf(second).getByRole("button", { name: "Mark returned unpaid" }).click();
  await expect(page.getByText(`Cheque ${second} (Equity Bank) is marked returned unpaid`)).toBeVisible();
  await expect(rowOf(second)).toContainText("Returned unpaid");
  await expect(rowOf(second)).toContainText("cancelled by the reversal");
  await expect(
    page.getByTestId("payment-row").filter({ hasText: "Cheque returned unpaid: Insufficient funds" }),
  ).toContainText("Reversal");
  const [told] = await mailsTo(contact, /^Cheque returned unpaid/);
  expect(told?.text).toContain("The booking's balance is now KES 50,000");
  expect(told?.text).toContain("KES 1,500");

  await page.goto(`${base}${runPath}`);
  await expect(page.getByTestId("booking-money").filter({ hasText: reference })).toContainText(
    "paid KES 45,000",
  );

  // the screen on a phone
  await page.goto(`${base}/admin/finance/payments`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rowOf(second)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
