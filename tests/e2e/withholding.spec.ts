import { type Browser, expect, type Page } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { expectScreensFit } from "../helpers/screen-fit";
import { addCourseDate, bookOnline, inDays } from "./course-dates";
import { OWNER, serverOfItsOwn, test } from "./own-server";

// Issue 47: a county that withholds income tax and VAT pays the cash part by bank; finance records its two iTax
// certificates on the withholding screen and the booking settles; the county's HR contact, on a phone, opens the
// booking's statement of account in the portal and downloads it, and their organisation's. A server of its own:
// the portal signs in by an e-mailed link.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const tag = Date.now().toString(36);
const CONTACT = `finance.${tag}@county.example`;
const COUNTY = `County Government of Kitui ${tag}`;
const PHONE = { width: 390, height: 844 };
const own = serverOfItsOwn();
let reference = "";

/** A PDF as iTax issues it: the upload checks its bytes are a PDF. */
const itaxPdf = (name: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
});

/** The amount a figure shows, as a person types it into a form ("KES 12,500.00" → "12,500.00"). */
const typed = async (figure: ReturnType<Page["locator"]>) =>
  ((await figure.textContent()) ?? "").replace(/^.*KES\s*/, "").trim();

async function signInToPortal(page: Page, email: string) {
  await page.goto(`${own.base}/account`);
  const before = own.smtp.messages.length;
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  const pattern = /https?:\/\/\S+\/account\/sign-in\/[\w-]+/;
  const messages = await own.smtp.waitFor(
    (all) => all.slice(before).some((m) => m.to.includes(email) && pattern.test(m.text)),
    30_000,
  );
  const mail = messages.slice(before).findLast((m) => m.to.includes(email) && pattern.test(m.text));
  await page.goto(`${own.base}${new URL(pattern.exec(mail?.text ?? "")?.[0] ?? "").pathname}`);
  await page.getByRole("button", { name: "Sign in and see my bookings" }).click();
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
}

async function phonePage(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, acceptDownloads: true });
  return context.newPage();
}

test("the office marks the county as withholding both, confirms its booking and records the bank payment", async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page, OWNER, own.base);
  const runId =
    (await addCourseDate(page, own.base, { start: inDays(40), venue: `Kitui ${tag}` })).split("/runs/")[1] ??
    "";
  reference = await bookOnline(browser, own.base, runId, {
    contact: CONTACT,
    people: ["Mwende Musyoka", "Kioko Mutua", "Ndinda Kilonzo"],
    organization: COUNTY,
  });

  // the booking becomes the county's record, which the office marks as withholding both
  await page.goto(`${own.base}/admin/organisations/review`);
  await page.getByRole("button", { name: "Match new bookings now" }).click();
  await expect(page.getByText(/linked to their organisation/)).toBeVisible();
  await page.goto(`${own.base}/admin/organisations?q=${tag}`);
  await page.getByRole("link", { name: COUNTY }).click();
  const edit = page.getByRole("region", { name: "Edit organisation" });
  await edit.getByLabel(/Withholds income tax/).check();
  await edit.getByLabel(/Withholding VAT agent/).check();
  await edit.getByRole("button", { name: "Save organisation" }).click();
  await expect(page.getByText(`${COUNTY} was saved.`)).toBeVisible();
  await expect(page.getByText("Withholds income tax 5 % · Withholding VAT agent 2 %")).toBeVisible();

  // confirmed: the invoice asks less in cash, the withheld amounts by certificate
  await page.goto(`${own.base}/admin/bookings/${reference}`);
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByRole("status").filter({ hasText: "was e-mailed to" })).toBeVisible();
  const withholding = page.getByRole("region", { name: "Withholding" });
  await expect(withholding).toContainText("The payer withholds income tax (5 %) and VAT (2 %)");
  const cash = await typed(page.locator("div", { hasText: /^Cash balance/ }).locator("dd"));
  expect(cash).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);

  // the county's treasury pays exactly that by bank
  await page.goto(`${own.base}/admin/finance/payments`);
  const record = page.getByRole("form", { name: "Record a payment" });
  await record.getByLabel("Method").selectOption("bank");
  await record.getByLabel("Amount (KES)").fill(cash);
  await record.getByLabel("Transaction code or reference").fill(`FT${tag.toUpperCase()}`);
  await record.getByLabel("Booking reference").fill(reference);
  await record.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText(`KES ${cash} recorded.`)).toBeVisible();

  await page.goto(`${own.base}/admin/bookings/${reference}`);
  await expect(page.getByText("Paid · certificates due").first()).toBeVisible();
});

test("finance records the two certificates from the ageing list; the booking is paid; the credits are reported", async ({
  page,
}) => {
  await loginAsAdmin(page, OWNER, own.base);
  await page.goto(`${own.base}/admin/finance`);
  await page.getByRole("link", { name: "Withholding certificates" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Withholding certificates" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const due = page.getByTestId("certificate-due").filter({ hasText: reference });
  await expect(due).toContainText(COUNTY);
  const [wht, whvat] = [await typed(due.locator("td").nth(3)), await typed(due.locator("td").nth(4))];

  for (const [kind, number, amount] of [
    ["Withholding income tax (5 % of the fee before VAT)", `WHT${tag.toUpperCase()}`, wht],
    ["Withholding VAT (2 % of the taxable value)", `WHVAT${tag.toUpperCase()}`, whvat],
  ] as const) {
    await page
      .getByTestId("certificate-due")
      .filter({ hasText: reference })
      .getByRole("link", { name: "Record certificate" })
      .click();
    const form = page.getByRole("region", { name: "Record a withholding certificate" });
    await expect(form.getByLabel("Booking reference")).toHaveValue(reference);
    await form.getByLabel("Certificate for").selectOption({ label: kind });
    await form.getByLabel("Certificate number").fill(number);
    await form.getByLabel("Amount (KES)").fill(amount);
    await form.getByLabel("Certificate PDF").setInputFiles(itaxPdf(`${number}.pdf`));
    await form.getByRole("button", { name: "Record certificate" }).click();
    await expect(page.getByText(`certificate ${number}`).first()).toBeVisible();
  }
  await expect(page.getByTestId("certificate-due").filter({ hasText: reference })).toHaveCount(0);
  await expect(
    page.getByTestId("certificate-row").filter({ hasText: `WHT${tag.toUpperCase()}` }),
  ).toContainText(`Settles ${reference}`);
  await expect(page.getByTestId("withholding-credit").first()).toContainText(wht);

  await page.goto(`${own.base}/admin/bookings/${reference}`);
  await expect(page.getByText("Paid · certificates due")).toHaveCount(0);
  await page.getByRole("link", { name: "Statement of account" }).click();
  await expect(page.getByTestId("statement-line")).toHaveCount(4);
  await expect(page.getByTestId("statement-balance")).toHaveText("KES 0.00");
  await expectNoSeriousA11yViolations(page);
});

test("on a phone, the county's contact downloads the booking's and the organisation's statements", async ({
  browser,
}) => {
  const page = await phonePage(browser);
  await signInToPortal(page, CONTACT);
  await page.getByRole("link", { name: `Open booking ${reference}` }).click();
  const statement = page.getByRole("region", { name: "Statement of account" });
  await expect(statement.getByTestId("statement-line")).toHaveCount(4);
  await expect(statement).toContainText(`WHT${tag.toUpperCase()}`);
  await expect(statement.getByTestId("statement-balance")).toHaveText("KES 0.00");
  await expectNoSeriousA11yViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    statement.getByRole("link", { name: "Download statement (PDF)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`statement-${reference}-${inDays(0)}.pdf`);
  const bytes = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe("%PDF-");

  await page.goto(`${own.base}/account`);
  const statements = page.getByRole("region", { name: "Statements of account" });
  const [organisationPdf] = await Promise.all([
    page.waitForEvent("download"),
    statements.getByRole("link", { name: `Download the statement of ${COUNTY} (PDF)` }).click(),
  ]);
  expect(organisationPdf.suggestedFilename()).toMatch(/^statement-County-Government-of-Kitui-/);
  await expectScreensFit(page, [`${own.base}/account`, `${own.base}/account/bookings/${reference}`]);
  await page.context().close();
});
