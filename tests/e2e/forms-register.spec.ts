import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { holdRequests } from "../helpers/held-requests";
import { gotoHydrated, isHydrated, waitForHydration } from "../helpers/hydration";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";

test.beforeEach(async ({ page }) => asNewVisitor(page));

test("a course passed in the URL shows its summary, its upcoming dates to choose from, and read-only venue and cost", async ({
  page,
}) => {
  await page.goto(`/register?course=${COURSE.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Course Registration");
  await expect(page.getByRole("complementary")).toContainText(COURSE.title);
  const form = page.getByRole("form", { name: "Course registration form" });
  await expect(form.getByLabel("Select Course")).toHaveValue(COURSE.slug);
  await expect(form.getByLabel("Cost")).toHaveValue(COURSE.cost);
  await expect(form.getByLabel("Cost")).toHaveAttribute("readonly", "");
  await expect(form.getByLabel("Venue")).toHaveAttribute("readonly", "");
  const dates = form.getByRole("group", { name: "Course Date" });
  await expect(dates.getByRole("radio").first()).toBeVisible();
  await expect(dates.getByRole("radio", { checked: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("without a course the read-only fields are not shown and the dropdown lists the active courses", async ({
  page,
}) => {
  await page.goto("/register");
  const form = page.getByRole("form", { name: "Course registration form" });
  await expect(form.getByLabel("Cost")).toHaveCount(0);
  expect(await form.getByLabel("Select Course").locator("option").count()).toBeGreaterThan(30);
  await expectNoSeriousA11yViolations(page);
});

test.describe("with JavaScript", () => {
  test("a course and date picked before the page hydrates are kept, shown and booked", async ({ page }) => {
    // the page works before its scripts run (decision 0606); hold them until the visitor has chosen
    const release = await holdRequests(page, "**/assets/*.js");
    // its load event would wait for the held scripts
    await page.goto(`/register?course=${COURSE.slug}`, { waitUntil: "domcontentloaded" });
    const form = page.getByRole("form", { name: "Course registration form" });
    await form
      .getByLabel("Select Course")
      .selectOption({ label: "Financial Management for Non-Finance Managers" });
    await form.getByLabel("Full Name").fill("Halima Abdi");
    await form.getByLabel("Email Address").fill("halima@example.com");
    expect(await isHydrated(page)).toBe(false);
    release();
    await waitForHydration(page);
    await expect(form.getByLabel("Select Course")).toHaveValue(
      "financial-management-for-non-finance-managers",
    );
    const dates = form.getByRole("group", { name: "Course Date" });
    await dates.getByRole("radio").first().check();
    await expect(form.getByLabel("Venue")).not.toHaveValue("To be confirmed");
    await waitLikeAPerson(page);
    await form.getByRole("button", { name: "Submit Registration" }).click();
    await expect(page.getByTestId("booking-confirmation").getByRole("status")).toContainText(
      "Registration Successful!",
    );
  });

  test("required fields, Submitting..., then success with a reference and no reload", async ({ page }) => {
    await gotoHydrated(page, `/register?course=${COURSE.slug}`);
    const form = page.getByRole("form", { name: "Course registration form" });
    await waitLikeAPerson(page);
    await form.getByRole("button", { name: "Submit Registration" }).click();
    await expect(form.getByRole("alert")).toContainText("Please fill in all required fields");
    await form.getByLabel("Full Name").fill("Daniel Mutua");
    await form.getByLabel("Email Address").fill("daniel@example.com");
    await form.getByLabel("Organization").fill("Kenya Ports Authority");
    const answer = await holdRequests(page, "**/register.data*");
    await form.getByRole("button", { name: "Submit Registration" }).dblclick();
    await expect(form.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    answer();
    const done = page.getByTestId("booking-confirmation");
    await expect(done.getByRole("status")).toContainText(
      "Registration Successful! We'll contact you soon with course details.",
    );
    const reference = await done.getByTestId("registration-reference").textContent();
    expect(reference).toMatch(/^MF-[2-9A-HJKMNP-Z]{8}$/);
    // the panel says it: no toast repeats it over the header
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    // the form gave way to the panel: no button invites a second booking
    await expect(form).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Submit Registration" })).toHaveCount(0);
    await expect(done.getByRole("heading", { name: "How to pay" })).toBeVisible();
    await expect(
      done.getByText("Account number", { exact: true }).first().locator("xpath=following-sibling::dd[1]"),
    ).toHaveText(reference as string);
    await expectNoSeriousA11yViolations(page);
    await done.getByRole("link", { name: "Register another participant" }).click();
    await expect(form.getByLabel("Full Name")).toHaveValue("");
    await expect(form.getByLabel("Select Course")).toHaveValue(COURSE.slug);
  });
});

test("autofill: a form sent within two seconds is asked to confirm once, then books", async ({ page }) => {
  await page.goto(`/register?course=${COURSE.slug}`);
  const form = page.getByRole("form", { name: "Course registration form" });
  await form.getByLabel("Full Name").fill("Quick Quentin");
  await form.getByLabel("Email Address").fill("quick@example.com");
  await form.getByRole("button", { name: "Submit Registration" }).click();
  await expect(form.getByRole("status")).toHaveText(
    "Please confirm Please check your details and press the button again to send them.",
  );
  await expect(form.getByLabel("Full Name")).toHaveValue("Quick Quentin");
  await form.getByRole("button", { name: "Submit Registration" }).click();
  await expect(page.getByTestId("booking-confirmation")).toContainText("Registration Successful!");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("errors come back with the values kept; a hurried post confirms once; success redirects to the panel", async ({
    page,
  }) => {
    await page.goto(`/register?course=${COURSE.slug}`);
    const form = page.getByRole("form", { name: "Course registration form" });
    await form.getByLabel("Email Address").fill("nojs@example.com");
    await waitLikeAPerson(page);
    await form.getByRole("button", { name: "Submit Registration" }).click();
    const again = page.getByRole("form", { name: "Course registration form" });
    await expect(again.getByRole("alert")).toHaveText("Error Please fill in all required fields");
    await expect(again.getByText("Name is required.")).toBeVisible();
    await expect(again.getByLabel("Email Address")).toHaveValue("nojs@example.com");
    await expect(again.getByLabel("Select Course")).toHaveValue(COURSE.slug);

    // sent at once (the page with the errors issued a new form key): asked to confirm, values kept
    await again.getByLabel("Full Name").fill("No Script Nancy");
    await again.getByRole("button", { name: "Submit Registration" }).click();
    const confirm = page.getByRole("form", { name: "Course registration form" });
    await expect(confirm.getByRole("status")).toContainText("Please confirm");
    await expect(confirm.getByLabel("Full Name")).toHaveValue("No Script Nancy");
    await confirm.getByRole("button", { name: "Submit Registration" }).click();
    // post/redirect/get: the page shown is a GET of a signed URL, so reloading it books nothing again
    await expect(page).toHaveURL(/\/register\?booking=MF-[2-9A-HJKMNP-Z]{8}\.[\w-]{43}$/);
    const done = page.getByTestId("booking-confirmation");
    await expect(done.getByRole("status")).toContainText(
      "Registration Successful! We'll contact you soon with course details.",
    );
    const reference = await done.getByTestId("registration-reference").textContent();
    expect(reference).toMatch(/^MF-[2-9A-HJKMNP-Z]{8}$/);
    await expect(page.getByRole("button", { name: "Submit Registration" })).toHaveCount(0);
    await expect(done).toContainText("Paybill number");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.reload();
    await expect(page.getByTestId("registration-reference")).toHaveText(reference as string);
    await page.getByRole("link", { name: "Register another participant" }).click();
    await expect(page).toHaveURL(new RegExp(`/register\\?course=${COURSE.slug}$`));
    await expect(
      page.getByRole("form", { name: "Course registration form" }).getByLabel("Full Name"),
    ).toHaveValue("");
  });
});

test("the same form key posted twice (a resubmitted page) answers with the same reference", async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto("/register");
  const key = await page.locator('input[name="formKey"]').first().inputValue();
  await waitLikeAPerson(page);
  const post = () =>
    request.post("/register", {
      headers: { origin: baseURL as string, "x-forwarded-for": "100.99.1.1" },
      form: { name: "Resubmit Rose", email: "rose@example.com", course: COURSE.slug, formKey: key },
    });
  const first = await (await post()).text();
  const second = await (await post()).text();
  const reference = (html: string) =>
    /data-testid="registration-reference"[^>]*>(MF-[A-Z0-9]+)</.exec(html)?.[1];
  expect(reference(first)).toMatch(/^MF-/);
  expect(reference(second)).toBe(reference(first));
});
