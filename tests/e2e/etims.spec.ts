import { expect, test } from "@playwright/test";
import { simpleParser } from "mailparser";
import { startAppServer } from "../../scripts/reliability/app-server.mjs";
import { FIRM_KRA_PIN, loginAsAdmin, signUpFirstAdminOn } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { type EtimsStandIn, startEtimsServer } from "../helpers/etims";
import { extractPdfText } from "../helpers/pdf-text";
import { startSmtpServer } from "../helpers/smtp";
import { addCourseDate, bookOnline, inDays } from "./course-dates";
import { COURSE } from "./forms-helpers";

// A server of its own, a real SMTP server and the eTIMS stand-in, which the test takes down and brings back.
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startAppServer>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let kra: EtimsStandIn;
const ADMIN = { email: "finance@mafunzo.test", password: "Etims-Oscu-2026-Kes" };
const SERIAL = "MAFUNZO-OSCU-01";
const CLASS_CODE = "8611160100";
const stamp = Date.now().toString(36);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtpServer();
  kra = await startEtimsServer({ devices: { [SERIAL]: FIRM_KRA_PIN } });
  server = await startAppServer({
    env: {
      SMTP_URL: smtp.url,
      ETIMS_BASE_URL: kra.url,
      ETIMS_RETRY_SECONDS: "1",
      ETIMS_TIMEOUT_SECONDS: "2",
    },
  });
  await signUpFirstAdminOn(server.url, ADMIN.email, ADMIN.password);
});
test.afterAll(async () => {
  await server?.stop();
  await kra?.close();
  await smtp?.close();
});

test("eTIMS down when a booking is paid: the tax invoice waits, the screen says so, then it goes once and is e-mailed", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const base = server.url;
  await loginAsAdmin(page, ADMIN, base);

  // the firm's device: KRA refuses a serial it did not approve, in its own words, then initialises the right one
  await page.getByRole("link", { name: "System Settings" }).first().click();
  const etims = page.getByRole("region", { name: "KRA eTIMS" });
  await etims.getByLabel("KRA PIN").fill(FIRM_KRA_PIN.toLowerCase());
  await etims.getByLabel("Branch ID").fill("00");
  await etims.getByLabel("Device serial number").fill("NOT-APPROVED-1");
  await etims.getByRole("button", { name: "Save and initialise" }).click();
  await expect(etims.getByRole("status")).toHaveText("KRA says: 901: It is not valid device");
  await expect(page.getByTestId("etims-state")).toHaveText("Not ready");
  await etims.getByLabel("Device serial number").fill(SERIAL);
  await etims.getByRole("button", { name: "Save and initialise" }).click();
  await expect(page.getByTestId("etims-state")).toHaveText("Ready");
  await expect(etims.getByLabel("KRA PIN")).toHaveValue(FIRM_KRA_PIN);
  await expectNoSeriousA11yViolations(page);

  // the course's classification and tax type, in the course editor
  await page.getByRole("link", { name: "Course Management" }).first().click();
  await page.getByRole("link", { name: COURSE.title }).first().click();
  await page.getByLabel("Item classification code").fill(CLASS_CODE);
  await page.getByLabel("Tax type").selectOption("B");
  await page.getByRole("button", { name: "Save Course" }).click();
  await expect(page.getByLabel("Item classification code")).toHaveValue(CLASS_CODE);

  const runPath = await addCourseDate(page, base, { start: inDays(45), venue: `Eldoret ${stamp}` });
  const contact = `accounts.${stamp}@county.example`;
  const reference = await bookOnline(browser, base, runPath.split("/runs/")[1] as string, {
    contact,
    people: ["Chebet Kiprono"],
  });
  await page.reload();
  await page.getByRole("button", { name: "Confirm Chebet Kiprono" }).click();
  await expect(page.getByText("Chebet Kiprono is confirmed.")).toBeVisible();

  // KRA is down when the payment is recorded
  kra.setMode({ kind: "http-500" });
  await page.getByRole("link", { name: "Finance" }).first().click();
  await page.getByRole("link", { name: "Payments" }).first().click();
  const record = page.getByRole("form", { name: "Record a payment" });
  await record.getByLabel("Method").selectOption("mpesa");
  await record.getByLabel("Amount (KES)").fill("95000");
  await record.getByLabel("Transaction code or reference").fill(`TKT${stamp.slice(-5).toUpperCase()}9`);
  await record.getByLabel("Booking reference").fill(reference);
  await record.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText("KES 95,000.00 recorded.")).toBeVisible();

  await page.getByRole("link", { name: "Back to Finance" }).click();
  await page.getByRole("link", { name: "Tax invoices" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tax invoices" })).toBeVisible();
  const row = page.getByTestId("tax-invoice-row").filter({ hasText: reference });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText("Last try: eTIMS answered HTTP 500.", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText("Waiting");
  await expectNoSeriousA11yViolations(page);
  const invoiceNo = Number(/Tax invoice (\d+)/.exec((await row.textContent()) ?? "")?.[1]);
  expect(kra.sales.has(invoiceNo)).toBe(false);

  // KRA answers again: the waiting invoice goes, once
  kra.setMode({ kind: "ok" });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText("Sent", { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const receiptNo = kra.sales.get(invoiceNo)?.curRcptNo;
  await expect(row).toContainText(`KRA receipt number ${receiptNo}`);
  const tried = kra.attemptsFor(invoiceNo);
  const pdfLink = row.getByRole("link", { name: `Tax invoice ${invoiceNo} (PDF)` });
  const download = await page.request.get(`${base}${await pdfLink.getAttribute("href")}`);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect(tried).toBeGreaterThanOrEqual(2);

  const match = (m: { to: string[]; subject: string }) =>
    m.to.includes(contact) && m.subject === `Tax invoice ${invoiceNo} (${reference})`;
  await smtp.waitFor((messages) => messages.some(match), 30_000);
  const mail = await simpleParser(smtp.messages.find(match)?.raw ?? "");
  expect(mail.text).toContain(`KRA receipt number: ${receiptNo}`);
  expect(mail.text).toContain(`indexEtimsReceiptData?Data=${FIRM_KRA_PIN}00`);
  const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
  expect(pdf?.filename).toBe(`tax-invoice-${invoiceNo}.pdf`);
  const content = pdf?.content ?? Buffer.alloc(0);
  const text = extractPdfText(content).replace(/\s+/g, " ");
  expect(text).toContain(`TAX INVOICE No. ${invoiceNo}`);
  expect(text).toContain(`Receipt number ${receiptNo}`);
  expect(text).toContain(CLASS_CODE);
  // the QR code is drawn as an image
  expect(content.toString("latin1")).toContain("/Subtype /Image");

  // nothing more goes to KRA for it, and only one tax invoice mail went out
  await page.waitForTimeout(3_000);
  expect(kra.attemptsFor(invoiceNo)).toBe(tried);
  expect([...kra.sales.values()].filter((s) => s.invcNo === invoiceNo)).toHaveLength(1);
  expect(smtp.messages.filter(match)).toHaveLength(1);
});
