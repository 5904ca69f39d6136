import { expect, type Page, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { addCourseDate, inDays } from "./course-dates";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";
import { sectionForm } from "./settings-steps";

const stamp = Date.now().toString(36);
// a Kenyan mobile number of this run's own: 07 and eight digits
const PHONE = `07${String(Date.now()).slice(-8)}`;

/** One person books the course date on the public form, with their phone; the booking's reference. */
async function bookWithPhone(page: Page, runId: string, name: string) {
  await asNewVisitor(page);
  await page.goto(`/register?course=${COURSE.slug}&run=${runId}`);
  const form = page.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Full Name").fill(name);
  await form.getByLabel("Email Address").fill(`search-${stamp}@county.example`);
  await form.getByLabel("Phone Number").fill(PHONE);
  await form.getByLabel("Organization").fill(`Search County ${stamp}`);
  await waitLikeAPerson(page);
  await form.getByRole("button", { name: "Submit Registration" }).click();
  const done = page.getByTestId("booking-confirmation");
  await expect(done).toContainText("Registration Successful!");
  return /MF-[2-9A-HJKMNP-Z]{8}/.exec((await done.textContent()) ?? "")?.[0] ?? "";
}

/** Types in the admin header's search box and sends it, as a clerk does. */
async function searchFor(page: Page, text: string) {
  const box = page.getByRole("search").getByRole("searchbox").first();
  await box.fill(text);
  await box.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
}

test("the admin search finds a booking by its reference typed with a space in small letters, and by the participant's phone", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page);
  const runPath = await addCourseDate(page, "", { start: inDays(50), venue: `Search Hall ${stamp}` });
  const runId = runPath.split("/").pop() ?? "";
  const visitor = await browser.newPage();
  const name = `Njeri Search ${stamp}`;
  const reference = await bookWithPhone(visitor, runId, name);
  await visitor.close();
  expect(reference).toMatch(/^MF-/);

  // "mf 72jfv9g8": as read out on the phone
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await searchFor(page, `mf ${reference.slice(3).toLowerCase()}`);
  const bookings = page.getByRole("region", { name: /^Bookings/ });
  await expect(bookings.getByRole("link", { name: new RegExp(reference) })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await bookings.getByRole("link", { name: new RegExp(reference) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${reference}$`));

  // the phone as M-PESA writes it, and with the country code and spaces
  for (const typed of [`254${PHONE.slice(1)}`, `+254 ${PHONE.slice(1, 4)} ${PHONE.slice(4)}`]) {
    await searchFor(page, typed);
    const participants = page.getByRole("region", { name: /^Participants/ });
    await expect(participants.getByRole("link", { name: new RegExp(name) })).toBeVisible();
  }
  await page
    .getByRole("region", { name: /^Participants/ })
    .getByRole("link", { name: new RegExp(name) })
    .click();
  await expect(page).toHaveURL(/\/admin\/registrations\/[0-9a-f-]{36}$/);
  await expect(page.getByText(name).first()).toBeVisible();
});

// on the shared server: the value changed is the certificates' signatory position, put back at once
test("a settings section saves on a 390 px phone, one Save for the section; screenshots at 1440 and 390", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const wide = await desk.newPage();
  await loginAsAdmin(wide);
  await wide.goto("/admin/settings?section=company");
  await wide.screenshot({ path: "test-results/settings-1440.png", fullPage: true });
  await desk.close();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await loginAsAdmin(page);
  await page.getByText("Menu", { exact: true }).click();
  await page
    .getByRole("navigation", { name: "Admin menu" })
    .getByRole("link", { name: "Settings", exact: true })
    .click();
  await page
    .getByRole("navigation", { name: "Settings sections" })
    .getByRole("link", { name: "Company" })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: "Company" })).toBeVisible();
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits).toBe(true);
  await page.screenshot({ path: "test-results/settings-390.png", fullPage: true });
  await expect(page.getByRole("button", { name: /^Save/ })).toHaveCount(1);

  const position = page.getByLabel("Their position");
  const was = await position.inputValue();
  const pin = await page.getByLabel("KRA PIN").inputValue();
  const title = `Head of Training ${stamp}`;
  try {
    await position.fill(title);
    await page.getByLabel("KRA PIN").fill("p05");
    await sectionForm(page).evaluate((form: HTMLFormElement) => {
      form.noValidate = true;
    });
    await sectionForm(page).getByRole("button", { name: "Save company" }).click();
    // refused as a whole: the PIN says why, and the position typed beside it is not saved either
    await expect(page.getByText("Company settings not saved").first()).toBeVisible();
    await expect(page.getByTestId("setting-finance_kra_pin").getByRole("alert")).toContainText("KRA PIN");
    await page.reload();
    await expect(position).toHaveValue(was);

    await position.fill(title);
    await page.getByLabel("KRA PIN").fill(pin.toLowerCase());
    await sectionForm(page).getByRole("button", { name: "Save company" }).click();
    await expect(page.getByText("Company settings saved").first()).toBeVisible();
    await page.reload();
    await expect(position).toHaveValue(title);
    await expect(page.getByLabel("KRA PIN")).toHaveValue(pin);
    await expectNoSeriousA11yViolations(page);
  } finally {
    await page.goto("/admin/settings?section=company");
    await position.fill(was);
    await sectionForm(page).getByRole("button", { name: "Save company" }).click();
    await expect(page.getByText(/Company settings saved|Nothing changed/).first()).toBeVisible();
  }
  await context.close();
});
