import { expect, type Page, test } from "@playwright/test";
import { startAppServer } from "../../scripts/reliability/app-server.mjs";
import { FIRM_KRA_PIN, signUpFirstAdminOn } from "../helpers/admin";
import type { EtimsStandIn } from "../helpers/etims";
import { startEtimsServer } from "../helpers/etims";
import { runJobsOnce } from "../helpers/job-passes";
import { extractPdfText } from "../helpers/pdf-text";
import { startSmtpServer } from "../helpers/smtp";
import { COURSE } from "./forms-helpers";
import { openSettingsSection } from "./settings-steps";

/** The device serial the eTIMS stand-in approves for the firm's KRA PIN (see `etimsStandInDevices`). */
export const ETIMS_SERIAL = "MAFUNZO-OSCU-01";
/** The course's item classification code, as KRA's code list gives it for management training. */
export const CLASS_CODE = "8611160100";
export const etimsStandInDevices = { [ETIMS_SERIAL]: FIRM_KRA_PIN };

/** The app server's settings that point eTIMS at the stand-in, retrying and giving up quickly. */
export const etimsServerEnv = (kra: EtimsStandIn) => ({
  ETIMS_BASE_URL: kra.url,
  ETIMS_RETRY_SECONDS: "1",
  ETIMS_TIMEOUT_SECONDS: "2",
});

/** Opens the settings by the menu and fills the eTIMS section with `serial`, then saves and initialises. */
export async function initialiseEtimsDevice(page: Page, serial: string) {
  await openSettingsSection(page, "Tax authority");
  const etims = page.getByRole("region", { name: "KRA eTIMS" });
  // the KRA PIN is the Company section's, shown here, not typed again
  await expect(etims.getByTestId("etims-kra-pin")).toContainText(FIRM_KRA_PIN);
  await etims.getByLabel("Branch ID").fill("00");
  await etims.getByLabel("Device serial number").fill(serial);
  await etims.getByRole("button", { name: "Save and initialise" }).click();
  return etims;
}

/** The firm's approved device, initialised: the settings then say "Ready". */
export async function setUpEtimsDevice(page: Page) {
  const etims = await initialiseEtimsDevice(page, ETIMS_SERIAL);
  await expect(page.getByTestId("etims-state")).toHaveText("Ready");
  await expect(etims.getByTestId("etims-kra-pin")).toContainText(FIRM_KRA_PIN);
}

/** COURSE's classification and tax type (B, 16 %), in the course editor reached by the menu. */
export async function classifyCourse(page: Page) {
  await page.getByRole("link", { name: "Course Management" }).first().click();
  await page.getByRole("link", { name: COURSE.title }).first().click();
  await page.getByLabel("Item classification code").fill(CLASS_CODE);
  await page.getByLabel("Tax type").selectOption("B");
  await page.getByRole("button", { name: "Save Course", exact: true }).click();
  await expect(page.getByLabel("Item classification code")).toHaveValue(CLASS_CODE);
}

/**
 * The tax invoice e-mail as the buyer receives it: KRA's receipt number in the text with the verification link,
 * and the PDF with the number, the classification and the QR code (drawn as an image).
 */
export function expectTaxInvoiceMail(
  mail: { text?: string; attachments: { contentType: string; filename?: string; content: Buffer }[] },
  invoiceNo: number,
  receiptNo: number | undefined,
) {
  expect(receiptNo).toBeDefined();
  expect(mail.text).toContain(`KRA receipt number: ${receiptNo}`);
  expect(mail.text).toContain(`indexEtimsReceiptData?Data=${FIRM_KRA_PIN}00`);
  const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
  expect(pdf?.filename).toBe(`tax-invoice-${invoiceNo}.pdf`);
  const content = pdf?.content ?? Buffer.alloc(0);
  const text = extractPdfText(content).replace(/\s+/g, " ");
  expect(text).toContain(`TAX INVOICE No. ${invoiceNo}`);
  expect(text).toContain(`Receipt number ${receiptNo}`);
  expect(text).toContain(CLASS_CODE);
  expect(content.toString("latin1")).toContain("/Subtype /Image");
}

/** Finance records a payment for `reference` by the menu (Finance → Payments → Record a payment). */
export async function recordPayment(page: Page, reference: string, amount: string, code: string) {
  await page.getByRole("link", { name: "Finance" }).first().click();
  await page.getByRole("link", { name: "Payments" }).first().click();
  const record = page.getByRole("form", { name: "Record a payment" });
  await record.getByLabel("Method").selectOption("mpesa");
  await record.getByLabel("Amount (KES)").fill(amount);
  await record.getByLabel("Transaction code or reference").fill(code);
  await record.getByLabel("Booking reference").fill(reference);
  await record.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText(`KES ${Number(amount).toLocaleString("en-KE")}.00 recorded.`)).toBeVisible();
}

/**
 * The Tax invoices screen's row for `reference`, once it reads `text`. Each look runs the background jobs once
 * first (decision 0711): the eTIMS outbox sends what is due then, not at its next tick 5 s on.
 */
export async function taxInvoiceRowShows(page: Page, reference: string, text: string) {
  // reloading before the screen has opened would reload the page we came from
  await expect(page.getByRole("heading", { level: 1, name: "Tax invoices" })).toBeVisible();
  const row = page.getByTestId("tax-invoice-row").filter({ hasText: reference });
  await expect(async () => {
    await runJobsOnce(new URL(page.url()).origin);
    await page.reload();
    await expect(row).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  return row;
}

/**
 * A server of the spec's own with a real SMTP server and KRA's stand-in, and its first administrator `admin`:
 * started before the spec's tests, stopped after them. Read its parts inside tests.
 */
export function etimsAppForFile(admin: { email: string; password: string }) {
  const own = {} as {
    server: Awaited<ReturnType<typeof startAppServer>>;
    smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    kra: EtimsStandIn;
  };
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    own.smtp = await startSmtpServer();
    own.kra = await startEtimsServer({ devices: etimsStandInDevices });
    own.server = await startAppServer({ env: { SMTP_URL: own.smtp.url, ...etimsServerEnv(own.kra) } });
    await signUpFirstAdminOn(own.server.url, admin.email, admin.password);
  });
  test.afterAll(async () => {
    await own.server?.stop();
    await own.kra?.close();
    await own.smtp?.close();
  });
  return own;
}
