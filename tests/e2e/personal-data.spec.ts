import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { registerForCourse, sendContactMessage, uniqueTag } from "../helpers/public-submissions";
import { expectScreensFit } from "../helpers/screen-fit";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";

// Issue 32, personal data: the privacy notice, ID numbers masked with an audited reveal on a phone, and the data
// request tool that hands over a copy, then erases an enquirer, and keeps (saying so) a paying participant's
// invoice. On the shared server: its first admin is an owner and its finance profile is complete.

const tag = uniqueTag();
const PHONE = { width: 390, height: 844 };

async function downloadFrom(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: button }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(await download.path()) };
}

async function searchFor(page: Page, subject: string) {
  await page.goto("/admin/data-requests");
  await page.getByLabel("E-mail address or phone number").fill(subject);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: `What we hold about ${subject}` })).toBeVisible();
}

async function erase(page: Page) {
  const erase = page.getByRole("region", { name: "Erase", exact: true });
  await erase.getByLabel("Who asked, and how").fill("The person, by e-mail today");
  await erase.getByLabel(/I have checked that this is the person who asked/).check();
  await erase.getByRole("button", { name: "Erase personal data" }).click();
  const outcome = page.getByTestId("erasure-outcome");
  await expect(outcome).toContainText("Erasure done");
  return outcome;
}

test("the privacy notice: one page on a phone, linked from the footer and the forms, stating the retention period", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await expect(form.getByRole("link", { name: "privacy notice" })).toHaveAttribute("href", "/privacy");
  await page.goto(`/register?course=${COURSE.slug}`);
  await expect(
    page
      .getByRole("form", { name: "Course registration form" })
      .getByRole("link", { name: "privacy notice" }),
  ).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Notice" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Notice");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByTestId("retention-years")).toHaveText("5 years");
  for (const heading of ["What we collect", "Why we use it", "Who sees it", "How long we keep it"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await expectScreensFit(page, ["/privacy"]);
});

test("ID numbers: masked on a phone, revealed for the owner on asking, and the reveal is in the audit log", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const person = { name: `Wairimu ${tag}`, email: `wairimu.${tag}@county.example`, id: "31415926" };
  await asNewVisitor(page);
  await page.goto("/register");
  const form = page.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Full Name").fill(`HR Officer ${tag}`);
  await form.getByLabel("Email Address").fill(`hr.${tag}@county.example`);
  await form.getByLabel("Select Course").selectOption({ label: COURSE.title });
  await form.getByText("Booking for several people?").click();
  await form.getByRole("button", { name: "Add another participant" }).click();
  const row = form.getByRole("group", { name: "Participant 1" });
  await row.getByLabel("Full name").fill(person.name);
  await row.getByLabel("Email address").fill(person.email);
  await row.getByLabel("ID or passport number (optional)").fill(person.id);
  await waitLikeAPerson(page);
  await form.getByRole("button", { name: "Submit Registration" }).click();
  await expect(page.getByTestId("booking-confirmation")).toContainText("Registration Successful!");
  await page.setExtraHTTPHeaders({});

  await page.setViewportSize(PHONE);
  await loginAsAdmin(page);
  await page.goto(`/admin/registrations?q=${encodeURIComponent(person.email)}`);
  await page.getByRole("link", { name: person.name }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: person.name })).toBeVisible();
  const detail = page.url().replace(/^https?:\/\/[^/]+/, "");
  await expectScreensFit(page, [detail]);
  await page.setViewportSize(PHONE);
  await page.goto(detail);
  const shown = page.getByTestId("id-number");
  await expect(shown).toContainText("•••• 5926");
  await expect(page.locator("main")).not.toContainText(person.id);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: `Reveal ID number of ${person.name}` }).click();
  await expect(shown).toHaveText(person.id);

  await page.goto("/admin/audit-logs");
  await expect(page.getByText("Revealed ID number").first()).toBeVisible();
});

test("the data request tool exports and then erases a contact who made an enquiry, and keeps (and says it keeps) the invoice of a participant who paid", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const enquirer = { name: `Amina ${tag}`, email: `amina.${tag}@example.com` };
  const payer = { name: `Baraka ${tag}`, email: `baraka.${tag}@example.com` };
  await sendContactMessage(page, { ...enquirer, message: `Is there a Mombasa date? ${tag}` });
  const reference = await registerForCourse(page, { ...payer, phone: "0733 444 555" });

  await loginAsAdmin(page);
  // the participant is confirmed (the proforma invoice is issued) and pays in full
  await page.goto(`/admin/registrations?q=${reference}`);
  await page.getByLabel(`Status of ${payer.name}`).selectOption("confirmed");
  await expect(page.getByText(`${payer.name} is now confirmed (was new).`)).toBeVisible();
  await page.goto("/admin/finance/payments");
  const payment = page.getByRole("form", { name: "Record a payment" });
  await payment.getByLabel("Amount (KES)").fill("95000.00");
  await payment.getByLabel("Transaction code or reference").fill(`BANK${tag}`.toUpperCase().slice(0, 20));
  await payment.getByLabel("Booking reference").fill(reference);
  await payment.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText(/^KES 95,000(\.00)? recorded\.$/)).toBeVisible();

  // the enquirer: found, handed a copy (JSON and PDF), erased
  await page.getByRole("link", { name: "Data Requests" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Data Requests" })).toBeVisible();
  await searchFor(page, enquirer.email);
  await expect(page.getByTestId("found-enquiries")).toHaveText("1");
  await expect(page.getByTestId("findings")).toContainText(`Is there a Mombasa date? ${tag}`);
  await expectNoSeriousA11yViolations(page);
  const copy = page.getByRole("region", { name: "Hand over a copy" });
  await copy.getByLabel("Who asked, and how").fill("Amina, by e-mail today");
  const json = await downloadFrom(page, "Download JSON");
  expect(json.name).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(json.bytes.toString("utf8"));
  expect(data.subject).toBe(enquirer.email);
  expect(data.enquiries[0].message).toBe(`Is there a Mombasa date? ${tag}`);
  const pdf = await downloadFrom(page, "Download PDF");
  expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");

  const erased = await erase(page);
  await expect(erased).toContainText("Enquiries deleted: 1");
  await expect(erased).toContainText("Nothing was kept.");
  await expect(page.getByTestId("findings")).toContainText(
    "Nothing: no record carries this address or number.",
  );
  await expect(page.getByTestId("request-history")).toContainText(`Erasure · ${enquirer.email}`);
  await expect(page.getByTestId("request-history")).toContainText(`Copy (JSON) · ${enquirer.email}`);
  await page.goto(`/admin/contacts?q=${encodeURIComponent(enquirer.email)}`);
  await expect(page.getByText(`Is there a Mombasa date? ${tag}`)).toHaveCount(0);

  // the participant who paid: the erasure keeps the invoice, the receipt and the payment, and says why
  await searchFor(page, payer.email);
  await expect(page.getByTestId("found-financeDocuments")).toHaveText("2");
  const plan = page.getByRole("region", { name: "Erase", exact: true });
  await expect(plan.getByTestId("kept-list")).toContainText(/Proforma invoice PRO-\d{4}-\d{4}/);
  const kept = (await erase(page)).getByTestId("kept-list");
  await expect(kept).toContainText(/Proforma invoice PRO-\d{4}-\d{4}/);
  await expect(kept).toContainText(/Receipt /);
  await expect(kept).toContainText("Payment of KES 95,000");
  await expect(kept).toContainText(
    "Tax law requires invoices, receipts and credit notes to be kept for 5 years",
  );
  await expect(kept).toContainText(`Place of ${payer.name} on`);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(PHONE);
  await expectScreensFit(page, ["/admin/data-requests"]);
});
