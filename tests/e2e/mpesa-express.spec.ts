import { expect, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { DARAJA_KEYS, type DarajaStandIn } from "../helpers/daraja";
import { extractPdfText } from "../helpers/pdf-text";
import { addCourseDate } from "./course-dates";
import { classifyCourse, expectTaxInvoiceMail, setUpEtimsDevice } from "./etims-steps";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";
import { OWNER, type OwnServer, test } from "./own-server";
import { openSettingsSection } from "./settings-steps";

// A server of its own, a real SMTP server, the Daraja stand-in, which calls the server back as Daraja does, and the
// eTIMS stand-in, which numbers the tax invoice of a booking paid in full.
test.describe.configure({ mode: "serial" });

let server: OwnServer["server"];
let smtp: OwnServer["smtp"];
let daraja: OwnServer["daraja"];
let kra: OwnServer["kra"];
const ADMIN = OWNER;
const stamp = Date.now().toString(36);
let runId = "";

test.beforeAll(async ({ ownServer }) => {
  ({ server, smtp, kra, daraja } = ownServer);
});

async function mailTo(address: string, subject: RegExp) {
  const match = (m: { to: string[]; subject: string }) => m.to.includes(address) && subject.test(m.subject);
  await smtp.waitFor((messages) => messages.some(match), 30_000);
  return simpleParser(smtp.messages.find(match)?.raw ?? "");
}

/** A visitor books one place on the phone and lands on the confirmation. */
async function bookOnPhone(page: Page, email: string) {
  await asNewVisitor(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/register?course=${COURSE.slug}&run=${runId}`);
  const form = page.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Full Name").fill("Wanjiru Kamau");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Phone Number").fill("0712 345 678");
  await form.getByLabel("Organization").fill("Nakuru Water Company");
  await waitLikeAPerson(page);
  await form.getByRole("button", { name: "Submit Registration" }).click();
  await expect(page.getByTestId("booking-confirmation")).toContainText("Registration Successful!");
}

/**
 * The confirmation takes the focus as it appears, which scrolls the page: a tap during that scroll lands beside
 * the link, and a person taps again.
 */
async function openPayPage(page: Page) {
  const link = page.getByRole("link", { name: "Pay with M-PESA" });
  await expect(async () => {
    await link.click();
    await expect(page).toHaveURL(/\/pay\/MF-/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

test("finance sets up M-PESA Express in the M-PESA section of the settings, and eTIMS", async ({ page }) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page, ADMIN, server.url);
  await openSettingsSection(page, "Payments");
  // the callback secret is made on the server by the Generate button, never typed
  const mpesa = page.getByRole("region", { name: "M-PESA" });
  await mpesa.getByRole("button", { name: /^Generate/ }).click();
  await expect(page.getByText("New callback secret generated")).toBeVisible();
  await expect(page.getByLabel("M-PESA Express callback URL")).toHaveValue(
    /\/api\/mpesa\/[A-Za-z0-9_-]{32}\/stk$/,
  );
  // the confirmation URL tried as Safaricom would call it: accepted, and no money in the books
  await page.getByRole("button", { name: "Send a test confirmation" }).click();
  await expect(page.getByTestId("mpesa-test-result")).toHaveText(
    /^Accepted: http:\/\/127\.0\.0\.1:\d+\/api\/mpesa\/<secret>\/confirmation answered HTTP 200, ResultCode 0\. Nothing was recorded\.$/,
  );
  await page.getByRole("link", { name: "Finance" }).first().click();
  // the settings page has a "Payments" link of its own: wait for the Finance page before clicking its button
  await expect(page.getByRole("heading", { level: 1, name: "Finance" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Payments" }).first().click();
  await expect(page.getByRole("form", { name: "Record a payment" })).toBeVisible();
  expect(await page.content()).not.toMatch(/TEST[0-9A-F]{8}/);
  await openSettingsSection(page, "Payments");

  const credentials = page.getByRole("form", { name: "M-PESA Express (STK Push)" });
  const fillSecrets = async () => {
    await credentials.getByLabel("Consumer key").fill(DARAJA_KEYS.consumerKey);
    await credentials.getByLabel("Consumer secret").fill(DARAJA_KEYS.consumerSecret);
    await credentials.getByLabel("Passkey").fill(DARAJA_KEYS.passkey);
  };
  await fillSecrets();
  await credentials.getByLabel("Shortcode").fill("88");
  await credentials.getByRole("button", { name: "Save M-PESA Express credentials" }).click();
  await expect(credentials.getByText("Enter the paybill shortcode: 5 to 7 digits")).toBeVisible();
  await expect(page.getByTestId("stk-credentials-state")).toContainText("Not set");
  await credentials.getByLabel("Environment").selectOption("sandbox");
  await credentials.getByLabel("Shortcode").fill(DARAJA_KEYS.shortcode);
  await fillSecrets();
  await credentials.getByRole("button", { name: "Save M-PESA Express credentials" }).click();
  await expect(page.getByTestId("stk-credentials-state")).toContainText("Set: sandbox, shortcode 880142");
  // the secrets are never shown back
  expect(await page.content()).not.toContain(DARAJA_KEYS.passkey);
  await expectNoSeriousA11yViolations(page);

  await setUpEtimsDevice(page);
  await classifyCourse(page);

  const start = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  const runPath = await addCourseDate(page, server.url, { start, venue: `Nakuru ${stamp}`, capacity: "20" });
  runId = runPath.split("/runs/")[1] as string;
});

test("a visitor books on a phone, pays with M-PESA, sees it paid without a reload and gets the receipt", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `wanjiru.${stamp}@nakuruwater.example`;
  await bookOnPhone(page, email);
  await openPayPage(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Pay booking MF-");
  await expect(page.getByLabel("M-PESA phone number")).toHaveValue("0712 345 678");
  await expect(page.getByLabel("Amount (KES)")).toHaveValue("95000");
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("M-PESA phone number").fill("+254 712 345 678");
  await page.getByRole("button", { name: "Pay with M-PESA" }).click();
  // the stand-in calls back; the page follows without a reload
  await expect(page.getByTestId("stk-state")).toContainText("Paid. Thank you", { timeout: 20_000 });
  await expect(page.getByTestId("stk-state")).toContainText(/M-PESA receipt T[A-Z0-9]+/);
  expect(daraja.pushes.at(-1)?.body).toMatchObject({ PhoneNumber: "254712345678", Amount: 95000 });
  await expect(page.getByText("This booking is paid in full. Thank you.")).toBeVisible();

  const receipt = await mailTo(email, /^Receipt RCT-\d{4}-\d{4}/);
  expect(receipt.text).toContain("Paid in full: nothing is left to pay.");
  const pdf = receipt.attachments.find((a) => a.contentType === "application/pdf");
  const code = (await page.getByTestId("stk-state").textContent())?.match(
    /receipt (T[A-Z0-9]+)/,
  )?.[1] as string;
  expect(extractPdfText(pdf?.content as Buffer)).toContain(`M-PESA ${code}`);

  // paid in full, the sale goes to eTIMS and its tax invoice follows, numbered by KRA
  const reference = (await page.getByRole("heading", { level: 1 }).textContent())?.match(/MF-[\w-]+/)?.[0];
  const taxMail = await mailTo(email, new RegExp(`^Tax invoice \\d+ \\(${reference}\\)$`));
  const invoiceNo = Number(/^Tax invoice (\d+)/.exec(taxMail.subject ?? "")?.[1]);
  expectTaxInvoiceMail(taxMail, invoiceNo, kra.sales.get(invoiceNo)?.curRcptNo);
  expect([...kra.sales.values()].filter((s) => s.invcNo === invoiceNo)).toHaveLength(1);
});

test("without JavaScript, 'Check again' shows how the prompt ended; a cancelled prompt says so", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const email = `otieno.${stamp}@nakuruwater.example`;
  await page.goto(`${server.url}/register?course=${COURSE.slug}&run=${runId}`);
  const form = page.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Full Name").fill("Otieno Ouma");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Phone Number").fill("0722 000 111");
  await waitLikeAPerson(page);
  await form.getByRole("button", { name: "Submit Registration" }).click();
  await openPayPage(page);

  daraja.setCallbacks(false);
  daraja.next({ kind: "result", code: 1032 });
  await page.getByLabel("Amount (KES)").fill("50000");
  await page.getByRole("button", { name: "Pay with M-PESA" }).click();
  await expect(page.getByTestId("stk-state")).toContainText("Check your phone");
  // one prompt at a time: no second form while this one is open
  await expect(page.getByRole("button", { name: "Pay with M-PESA" })).toHaveCount(0);
  await daraja.sendCallback(daraja.pushes.at(-1) as DarajaStandIn["pushes"][number]);
  daraja.setCallbacks(true);
  await page.getByRole("button", { name: "Check again" }).click();
  await expect(page.getByTestId("stk-state")).toContainText(
    "You cancelled the M-PESA prompt. Nothing was paid.",
  );
  await expect(page.getByRole("button", { name: "Pay with M-PESA" })).toBeVisible();
  await context.close();
});
