import { expect } from "@playwright/test";
import { simpleParser } from "mailparser";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { runJobsOnce } from "../helpers/job-passes";
import { addCourseDate, bookOnline, inDays } from "./course-dates";
import {
  classifyCourse,
  expectTaxInvoiceMail,
  initialiseEtimsDevice,
  recordPayment,
  setUpEtimsDevice,
  taxInvoiceRowShows,
} from "./etims-steps";
import { OWNER, serverOfItsOwn, test } from "./own-server";

// A server of its own, a real SMTP server and the eTIMS stand-in, which the test takes down and brings back.
test.describe.configure({ mode: "serial" });

const ADMIN = OWNER;
const stamp = Date.now().toString(36);
const own = serverOfItsOwn();

test("eTIMS down when a booking is paid: the tax invoice waits, the screen says so, then it goes once and is e-mailed", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const base = own.server.url;
  await loginAsAdmin(page, ADMIN, base);

  // the firm's device: KRA refuses a serial it did not approve, in its own words, then initialises the right one
  const etims = await initialiseEtimsDevice(page, "NOT-APPROVED-1");
  await expect(etims.getByRole("status")).toHaveText("KRA says: 901: It is not valid device");
  await expect(page.getByTestId("etims-state")).toHaveText("Not ready");
  await setUpEtimsDevice(page);
  await expectNoSeriousA11yViolations(page);

  // the course's classification and tax type, in the course editor
  await classifyCourse(page);

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
  const downFrom = own.kra.requests.length;
  own.kra.setMode({ kind: "http-500" });
  await recordPayment(page, reference, "95000", `TKT${stamp.slice(-5).toUpperCase()}9`);

  await page.getByRole("link", { name: "Back to Finance" }).click();
  await page.getByRole("link", { name: "Tax invoices" }).click();
  const row = await taxInvoiceRowShows(page, reference, "Last try: eTIMS answered HTTP 500.");
  await expect(row).toContainText("Waiting");
  await expectNoSeriousA11yViolations(page);
  const invoiceNo = Number(/Tax invoice (\d+)/.exec((await row.textContent()) ?? "")?.[1]);
  expect(own.kra.sales.has(invoiceNo)).toBe(false);

  // KRA answers again: the waiting invoice goes, once
  own.kra.setMode({ kind: "ok" });
  await taxInvoiceRowShows(page, reference, "Sent");
  const receiptNo = own.kra.sales.get(invoiceNo)?.curRcptNo;
  await expect(row).toContainText(`KRA receipt number ${receiptNo}`);
  const tried = own.kra.attemptsFor(invoiceNo);
  const pdfLink = row.getByRole("link", { name: `Tax invoice ${invoiceNo} (PDF)` });
  const download = await page.request.get(`${base}${await pdfLink.getAttribute("href")}`);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  // while KRA was down, the first step failed and then went: the course's item registration, which goes first,
  // or, when another spec on this worker's server already sold the course (its item registered), the sale itself
  const sold = own.kra.sales.get(invoiceNo)?.body as { itemList: { itemCd: string }[] };
  const itemCode = sold.itemList[0]?.itemCd;
  const registrations = own.kra.requests.filter(
    (r) => r.path === "saveItem" && (r.body as { itemCd?: string }).itemCd === itemCode,
  );
  const registeredBefore = own.kra.requests.slice(0, downFrom).some((r) => registrations.includes(r));
  if (registeredBefore) expect(tried).toBeGreaterThanOrEqual(2);
  else {
    expect(tried).toBe(1);
    expect(registrations.length).toBeGreaterThanOrEqual(2);
  }

  const match = (m: { to: string[]; subject: string }) =>
    m.to.includes(contact) && m.subject === `Tax invoice ${invoiceNo} (${reference})`;
  await own.smtp.waitFor((messages) => messages.some(match), 30_000);
  expectTaxInvoiceMail(await simpleParser(own.smtp.messages.find(match)?.raw ?? ""), invoiceNo, receiptNo);

  // nothing more goes to KRA for it, and only one tax invoice mail went out, once every job has looked again
  await runJobsOnce(own.server.url);
  expect(own.kra.attemptsFor(invoiceNo)).toBe(tried);
  expect([...own.kra.sales.values()].filter((s) => s.invcNo === invoiceNo)).toHaveLength(1);
  expect(own.smtp.messages.filter(match)).toHaveLength(1);

  // the booking's page shows it too, with KRA's number and its PDF
  await row.getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
  const onBooking = page.getByTestId("tax-invoice-row");
  await expect(onBooking).toHaveCount(1);
  await expect(onBooking).toContainText("Sent");
  await expect(onBooking).toContainText(`KRA receipt number ${receiptNo}`);
  await expect(onBooking.getByRole("link", { name: `Tax invoice ${invoiceNo} (PDF)` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
