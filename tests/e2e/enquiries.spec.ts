import { expect, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { downloadCsv } from "../helpers/public-submissions";
import { expectScreensFit } from "../helpers/screen-fit";
import { inDays } from "./course-dates";
import { asNewVisitor, COURSE, waitLikeAPerson } from "./forms-helpers";

test.describe.configure({ timeout: 180_000 });

test("an HR officer asks for in-house training on a phone; the office qualifies it and it is on today's list when due", async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36);
  const organisation = `Kilifi ${tag} County Government`;

  // the HR officer, on a phone, comes from a course page's link
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const officer = await phone.newPage();
  await asNewVisitor(officer);
  await officer.goto(`/in-house-training?course=${COURSE.slug}`);
  await expect(officer.getByRole("heading", { level: 1, name: "In-House Training" })).toBeVisible();
  const form = officer.getByRole("form", { name: "In-house training request" });
  await expect(form.getByLabel("Course")).toHaveValue(COURSE.slug);
  await expectNoSeriousA11yViolations(officer);
  await form.getByLabel("Organisation").fill(organisation);
  await form.getByLabel("Number of participants").fill("many");
  await form.getByLabel("Preferred dates").fill("First week of May");
  await form.getByLabel("County or venue").fill("Kilifi");
  await form.getByLabel("Budget (KES, optional)").fill("600,000");
  await form.getByLabel("Full Name").fill("Mwanaisha Hamisi");
  await form.getByLabel("Email Address").fill(`hr.${tag}@kilifi.example`);
  await form.getByLabel("Phone Number").fill("0711 222 333");
  await waitLikeAPerson(officer);
  await form.getByRole("button", { name: "Send Request" }).click();
  await expect(
    form.getByText("Enter the number of participants as a whole number from 1 to 1,000.").first(),
  ).toBeVisible();
  await form.getByLabel("Number of participants").fill("22");
  await form.getByRole("button", { name: "Send Request" }).click();
  await expect(form.getByRole("status")).toContainText("Request received");
  expect(await officer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();

  // the office finds it, takes it on and sets a follow-up for today
  await loginAsAdmin(page);
  await page.getByRole("link", { name: "Enquiries" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Enquiries" })).toBeVisible();
  await page.getByRole("link", { name: organisation }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Enquiry from ${organisation}` })).toBeVisible();
  await expect(page.getByText(COURSE.title)).toBeVisible();
  await expect(page.getByText("KES 600,000.00")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // lost needs a reason: refused, nothing saved
  await page.getByLabel("Status").selectOption("lost");
  await page.getByRole("button", { name: "Save follow-up" }).click();
  await expect(page.getByText("Say why the enquiry was lost.").first()).toBeVisible();

  await page.getByLabel("Owner").selectOption({ index: 1 });
  await page.getByLabel("Status").selectOption("qualified");
  await page.getByLabel("Follow up on").fill(inDays(0));
  await page.getByRole("button", { name: "Save follow-up" }).click();
  await expect(page.getByText("The enquiry was saved.")).toBeVisible();
  await expect(page.getByText("Qualified", { exact: true }).first()).toBeVisible();

  await page.getByRole("link", { name: "Dashboard" }).first().click();
  const due = page.getByTestId("today-enquiry-follow-ups");
  await expect(due).toContainText("enquiry follow-up");
  await due.click();
  await expect(page).toHaveURL(/\/admin\/enquiries\?due=1/);
  await expect(page.getByTestId("enquiry-row").filter({ hasText: organisation })).toBeVisible();

  // the public form was walked on the phone above; the office screens at both widths
  await expectScreensFit(page, ["/admin/enquiries", page.url(), "/admin/pipeline"]);

  // the pipeline counts it among the qualified, and its CSV lists it
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: "Pipeline" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Pipeline" })).toBeVisible();
  await expect(page.getByTestId("pipeline-qualified")).not.toContainText(/Qualified\s*0\s/);
  await expectNoSeriousA11yViolations(page);
  const csv = await downloadCsv(page);
  expect(csv.name).toMatch(/^pipeline-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.text).toContain(`${organisation},Mwanaisha Hamisi,${COURSE.title},22,600000.00`);
});
