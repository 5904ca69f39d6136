import { expect } from "@playwright/test";
import { simpleParser } from "mailparser";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { extractPdfText } from "../helpers/pdf-text";
import { addCourseDate, inDays } from "./course-dates";
import { classifyCourse, recordPayment, setUpEtimsDevice, taxInvoiceRowShows } from "./etims-steps";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";
import { OWNER, serverOfItsOwn, test } from "./own-server";

// Issue 47: a congregation books five on a phone with the code its sponsor gave it, and sees the discount in the
// live total, the confirmation, the proforma invoice and the KRA tax invoice (decision 0750).
test.describe.configure({ mode: "serial" });

const own = serverOfItsOwn();
const stamp = Date.now().toString(36).toUpperCase();
const CODE = `CONG-${stamp.slice(-6)}`;
const flat = (text: string) => text.replace(/\s+/g, " ");

test("a congregation books 5 with a code: the live total, the confirmation, the proforma and the tax invoice", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const base = own.server.url;
  await loginAsAdmin(page, OWNER, base);
  await setUpEtimsDevice(page);
  await classifyCourse(page);
  const runPath = await addCourseDate(page, base, { start: inDays(40), venue: `Nyeri ${stamp}` });
  const runId = runPath.split("/runs/")[1] as string;

  // finance issues the sponsor's code on Finance → Discounts: 10% off each participant of this course
  await page.getByRole("link", { name: "Finance" }).first().click();
  await page.getByRole("link", { name: "Discounts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Discounts" })).toBeVisible();
  const issue = page.getByRole("form", { name: "Issue a code" });
  await issue.getByLabel("Code").fill(CODE.toLowerCase());
  await issue.getByLabel("For (sponsor, donor or group)").fill("Anglican Development Services");
  await issue.getByLabel("Course (empty: any)").selectOption({ label: COURSE.title });
  await issue.getByLabel("Percentage or amount").fill("10");
  await issue.getByLabel("Participants it may be used for (optional)").fill("5");
  await issue.getByRole("button", { name: "Issue code" }).click();
  await expect(page.getByTestId("discount-code").filter({ hasText: CODE })).toContainText(
    "for Anglican Development Services: 10% off",
  );
  await expectNoSeriousA11yViolations(page);

  // the congregation's secretary, on a 390 px phone
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await phoneContext.newPage();
  await asNewVisitor(phone);
  await phone.goto(`${base}/register?course=${COURSE.slug}&run=${runId}`);
  const form = phone.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Organization").fill(`St Mark's Church Nyeri ${stamp}`);
  await form.getByLabel("Full Name").fill("Wanjiru Kamau");
  await form.getByLabel("Email Address").fill(`secretary.${stamp.toLowerCase()}@stmarks.example`);
  await form.getByText("Booking for several people?").click();
  for (const i of [0, 1, 2, 3]) {
    await form.getByRole("button", { name: "Add another participant" }).click();
    const row = phone.getByRole("group", { name: `Participant ${i + 1}` });
    await row.getByLabel("Full name").fill(`Member ${i + 1} ${stamp}`);
    await row.getByLabel("Email address").fill(`m${i + 1}.${stamp.toLowerCase()}@stmarks.example`);
  }
  await form.getByLabel("I am attending too").check();
  const total = form.getByTestId("booking-total");
  await expect(total).toContainText("5 participants × KES 95,000 = KES 475,000");
  await form.getByLabel("Discount code (optional)").fill(CODE.toLowerCase());
  await form.getByRole("button", { name: "Apply code" }).click();
  await expect(form.getByTestId("code-applied")).toContainText(`Code ${CODE} applied`);
  await expect(total.getByTestId("booking-discounts")).toContainText(
    `Less Code ${CODE}: 10% off: KES 47,500.00`,
  );
  await expect(total.getByTestId("booking-net-total")).toHaveText(
    "To pay: 5 × KES 85,500.00 = KES 427,500.00",
  );
  // the phone shows it without scrolling sideways
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(phone);
  await waitLikeAPerson(phone);
  await form.getByRole("button", { name: "Submit Registration" }).click();
  const done = phone.getByTestId("booking-confirmation");
  await expect(done).toContainText("one reference for all 5 participants");
  const confirmation = done.getByTestId("confirmation-total");
  await expect(confirmation).toContainText(`Less Code ${CODE}: 10% off: KES 47,500.00`);
  await expect(confirmation).toContainText("To pay: 5 × KES 85,500.00 = KES 427,500.00");
  const reference = /MF-[2-9A-HJKMNP-Z]{8}/.exec((await done.textContent()) ?? "")?.[0] ?? "";
  expect(reference).not.toBe("");
  await phoneContext.close();

  // the office confirms: the proforma e-mailed to the secretary prints list, discount and net
  await page.goto(`${base}${runPath}`);
  await page.getByRole("button", { name: "Confirm Wanjiru Kamau" }).click();
  await expect(page.getByText("Wanjiru Kamau is confirmed.")).toBeVisible();
  await own.runJobsOnce();
  const proformaMail = (m: { to: string[]; subject: string }) =>
    m.to.includes(`secretary.${stamp.toLowerCase()}@stmarks.example`) && /Proforma invoice/i.test(m.subject);
  await own.smtp.waitFor((messages) => messages.some(proformaMail), 30_000);
  const mail = await simpleParser(own.smtp.messages.find(proformaMail)?.raw ?? "");
  const proforma = flat(
    extractPdfText(
      mail.attachments.find((a) => a.contentType === "application/pdf")?.content ?? Buffer.alloc(0),
    ),
  );
  expect(proforma).toContain(
    `List KES 95,000.00 less KES 9,500.00 (Code ${CODE}: 10% off) = KES 85,500.00 each`,
  );
  expect(proforma).toContain("At list prices (KES) KES 475,000.00");
  expect(proforma).toContain("Less discounts (KES) - KES 47,500.00");
  expect(proforma).toContain("Total (KES) KES 427,500.00");

  // paid in full: the tax invoice KRA signs declares the discount, and its PDF prints it
  await recordPayment(page, reference, "427500", `TKD${stamp.slice(-6)}`);
  await page.getByRole("link", { name: "Back to Finance" }).click();
  await page.getByRole("link", { name: "Tax invoices" }).click();
  const row = await taxInvoiceRowShows(page, reference, "Sent");
  const invoiceNo = Number(/Tax invoice (\d+)/.exec((await row.textContent()) ?? "")?.[1]);
  const [item] = (own.kra.sales.get(invoiceNo)?.body.itemList ?? []) as Record<string, number>[];
  expect(item).toMatchObject({
    qty: 5,
    prc: 95_000,
    splyAmt: 475_000,
    dcRt: 10,
    dcAmt: 47_500,
    taxblAmt: 427_500,
  });
  const pdfLink = row.getByRole("link", { name: `Tax invoice ${invoiceNo} (PDF)` });
  const download = await page.request.get(`${base}${await pdfLink.getAttribute("href")}`);
  const taxInvoice = flat(extractPdfText(Buffer.from(await download.body())));
  expect(taxInvoice).toContain(
    "At list price KES 475,000.00, discount KES 47,500.00 (10%), charged KES 427,500.00",
  );
});
