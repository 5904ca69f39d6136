import { expect, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { extractPdfText } from "../helpers/pdf-text";
import { addCourseDate } from "./course-dates";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";
import { OWNER, type OwnServer, test } from "./own-server";
import { setCallbackSecret } from "./settings-steps";

// A server of its own with a real SMTP server: invoices and receipts are only seen in the e-mails.
test.describe.configure({ mode: "serial" });

let server: OwnServer["server"];
let smtp: OwnServer["smtp"];
const ADMIN = OWNER;
const SECRET = "e2e-callback-secret-0123456789ab";
const stamp = Date.now().toString(36);
let runPath = "";
const references: Record<string, string> = {};

test.beforeAll(async ({ ownServer }) => {
  ({ server, smtp } = ownServer);
});

async function mailTo(address: string, subject: RegExp) {
  const match = (m: { to: string[]; subject: string }) => m.to.includes(address) && subject.test(m.subject);
  await smtp.waitFor((messages) => messages.some(match), 30_000);
  const mail = smtp.messages.find(match);
  return simpleParser(mail?.raw ?? "");
}

async function book(page: Page, email: string, people: number, name = "Akinyi Odhiambo") {
  await asNewVisitor(page);
  await page.goto(`${server.url}/register?course=${COURSE.slug}&run=${runPath.split("/runs/")[1]}`);
  const form = page.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Full Name").fill(name);
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Organization").fill("County Government of Kisumu");
  if (people > 1) {
    await form.getByText("Booking for several people?").click();
    await form.getByLabel("KRA PIN (optional)").fill("P051234567X");
    await form.getByLabel("LPO number (optional)").fill(`LPO-${stamp}`);
    for (let i = 0; i < people; i++) {
      await form.getByRole("button", { name: "Add another participant" }).click();
      const row = page.getByRole("group", { name: `Participant ${i + 1}` });
      await row.getByLabel("Full name").fill(`Delegate ${i + 1}`);
      await row.getByLabel("Email address").fill(`delegate.${i + 1}.${stamp}@county.example`);
    }
  }
  await waitLikeAPerson(page);
  await form.getByRole("button", { name: "Submit Registration" }).click();
  const done = page.getByTestId("booking-confirmation");
  await expect(done).toContainText("Registration Successful!");
  const reference = /MF-[A-Z0-9]{8}/.exec((await done.textContent()) ?? "")?.[0];
  expect(reference).toBeTruthy();
  return reference as string;
}

async function confirmFirst(page: Page, name: string) {
  await page.goto(`${server.url}${runPath}`);
  await page.getByRole("button", { name: `Confirm ${name}` }).click();
  await expect(page.getByText(`${name} is confirmed.`)).toBeVisible();
}

function c2b(transId: string, amount: string, account: string) {
  return fetch(`${server.url}/api/mpesa/${SECRET}/confirmation`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      TransactionType: "Pay Bill",
      TransID: transId,
      TransTime: new Date().toISOString().replace(/\D/g, "").slice(0, 14),
      TransAmount: amount,
      BusinessShortCode: "880142",
      BillRefNumber: account,
      MSISDN: "2547*****123",
      FirstName: "AKINYI",
      LastName: "ODHIAMBO",
    }),
  });
}

test("a group booking confirmed is invoiced by e-mail, paid by M-PESA and receipted", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const base = server.url;
  await loginAsAdmin(page, ADMIN, base);

  await setCallbackSecret(page, base, SECRET);

  const start = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  runPath = await addCourseDate(page, base, { start, venue: `Kisumu ${stamp}`, capacity: "20" });

  const visitor = await browser.newPage();
  const contact = `hr.${stamp}@county.example`;
  references.group = await book(visitor, contact, 2);

  await confirmFirst(page, "Delegate 1");
  const invoiceMail = await mailTo(contact, /^Proforma invoice PRO-\d{4}-\d{4}/);
  const number = /PRO-\d{4}-\d{4}/.exec(invoiceMail.subject ?? "")?.[0] as string;
  const pdf = invoiceMail.attachments.find((a) => a.contentType === "application/pdf");
  expect(pdf?.filename).toBe(`${number}.pdf`);
  const text = extractPdfText(pdf?.content as Buffer);
  for (const expected of [
    number,
    "P051234567X",
    `LPO-${stamp}`,
    "KES 190,000.00",
    `account number ${references.group}`,
  ]) {
    expect(text).toContain(expected);
  }
  const link = /http\S+\/billing\/[0-9a-f-]{36}\/[\w-]+/.exec(invoiceMail.text ?? "")?.[0] as string;
  const download = await fetch(link);
  expect(download.status).toBe(200);
  expect(download.headers.get("content-type")).toBe("application/pdf");

  await page.reload();
  const money = page.getByTestId("booking-money").filter({ hasText: references.group });
  await expect(money).toContainText(number);
  await expect(money).toContainText("Unpaid");

  // the payer types the reference in lower case with a space; Safaricom may call twice
  const account = references.group.toLowerCase().replace("-", " ");
  for (let i = 0; i < 2; i++) {
    const answer = await c2b(`TKE${stamp.slice(-5).toUpperCase()}1`, "190000.00", account);
    expect(await answer.json()).toEqual({ ResultCode: "0", ResultDesc: "Accepted" });
  }
  const receipt = await mailTo(contact, /^Receipt RCT-\d{4}-\d{4}/);
  expect(receipt.attachments[0]?.contentType).toBe("application/pdf");
  await page.reload();
  await expect(money).toContainText("Paid");
  await expect(page.getByTestId("roster-row").filter({ hasText: "Delegate 2" })).toContainText("paid");
  await expectNoSeriousA11yViolations(page);
});

test("a statement import, an unmatched payment assigned in two clicks, and a reversal", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const base = server.url;
  const visitor = await browser.newPage();
  references.single = await book(visitor, `single.${stamp}@example.com`, 1, "Wekesa Barasa");
  references.later = await book(visitor, `later.${stamp}@example.com`, 1, "Njeri Mwangi");
  await loginAsAdmin(page, ADMIN, base);
  await confirmFirst(page, "Wekesa Barasa");
  await confirmFirst(page, "Njeri Mwangi");

  const day = new Date().toISOString().slice(0, 10);
  const row = (code: string, amount: string, account: string) =>
    `${code},${day} 09:30:00,${day} 09:30:00,Pay Bill,Completed,${amount},,0,true,Pay Bill Online,254700000000 - PAYER,,${account}`;
  const csv = [
    "Account Holder:,Mafunzo Training and Consultancy Ltd",
    "Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.",
    row(`TKS${stamp.slice(-5).toUpperCase()}1`, "95000.00", references.single),
    row(`TKS${stamp.slice(-5).toUpperCase()}2`, "95000.00", "KISUMU COUNTY"),
    row(`TKE${stamp.slice(-5).toUpperCase()}1`, "190000.00", references.group as string),
  ].join("\n");

  await page.goto(`${base}/admin/finance`);
  await expect(page.getByRole("heading", { level: 1, name: "Finance" })).toBeVisible();
  await page.getByRole("link", { name: "Import a statement" }).click();
  await page
    .getByLabel("Statement file")
    .setInputFiles({ name: "mpesa.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page.getByTestId("import-line")).toHaveCount(3);
  await expect(page.locator('[data-testid="import-line"][data-state="matched"]')).toContainText(
    references.single,
  );
  await expect(page.locator('[data-testid="import-line"][data-state="unmatched"]')).toContainText(
    "KISUMU COUNTY",
  );
  await expect(page.locator('[data-testid="import-line"][data-state="recorded"]')).toContainText(
    "Already recorded",
  );
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Import 2 lines" }).click();
  await expect(page.getByText("2 payment(s) recorded")).toBeVisible();

  // the unmatched one: its amount equals what the other booking owes, offered as a one-click match
  await page.getByRole("link", { name: "Waiting to be assigned" }).click();
  await page.getByRole("button", { name: new RegExp(`Assign to ${references.later}`) }).click();
  await expect(page.getByText(`now pays ${references.later}`)).toBeVisible();

  await page.getByRole("link", { name: "All payments" }).click();
  const paid = page.getByTestId("payment-row").filter({ hasText: `TKS${stamp.slice(-5).toUpperCase()}1` });
  await paid.getByText("Reverse this payment…").click();
  await paid.getByLabel("Reason").fill("Bounced: reversed by Safaricom");
  await paid.getByRole("button", { name: "Reverse payment" }).click();
  await expect(page.getByText("was reversed")).toBeVisible();
  await expect(paid).toContainText("Reversed");
  await expect(
    page.getByTestId("payment-row").filter({ hasText: "Bounced: reversed by Safaricom" }),
  ).toContainText("Reversal");

  await page.goto(`${base}${runPath}`);
  await expect(page.getByTestId("booking-money").filter({ hasText: references.single })).toContainText(
    "Unpaid",
  );
  await expect(page.getByTestId("booking-money").filter({ hasText: references.later })).toContainText("Paid");
});

test("a statement of more than 2,000 lines is imported, with a line left out on its second page", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const base = server.url;
  const day = new Date().toISOString().slice(0, 10);
  const code = (i: number) => `TKM${stamp.slice(-3).toUpperCase()}${String(i).padStart(4, "0")}`;
  const csv = [
    "Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.",
    ...Array.from(
      { length: 2_100 },
      (_, i) =>
        `${code(i)},${day} 09:30:00,${day} 09:30:00,Pay Bill,Completed,10.00,,0,true,Pay Bill Online,254700000000 - PAYER,,WALK-IN ${i}`,
    ),
  ].join("\n");
  await loginAsAdmin(page, ADMIN, base);
  await page.goto(`${base}/admin/finance/imports`);
  await page
    .getByLabel("Statement file")
    .setInputFiles({ name: "long.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page.getByTestId("import-line")).toHaveCount(200);
  await expect(page.getByText("No booking found: 2,100")).toBeVisible();
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.getByText("Page 2 of 11")).toBeVisible();
  // the statement's line 205 is its 204th payment: the header is line 1
  await page.getByRole("link", { name: `Leave out line 205 (${code(203)})` }).click();
  await expect(page.getByText("Left out: 1")).toBeVisible();
  await expect(page.getByText("Page 2 of 11")).toBeVisible();
  await expect(page.getByRole("link", { name: `Put back line 205 (${code(203)})` })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Import 2,099 lines" }).click();
  await expect(page.getByText("2099 payment(s) recorded")).toBeVisible({ timeout: 60_000 });
  await page.goto(`${base}/admin/finance/imports`);
  await page.getByRole("link", { name: "long.csv" }).first().click();
  await expect(page.getByText("Already recorded: 2,099")).toBeVisible();
  await expect(page.getByText("No booking found: 1")).toBeVisible();
});
