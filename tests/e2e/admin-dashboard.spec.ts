import { expect, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { COURSES, registerForCourse, sendContactMessage, uniqueTag } from "../helpers/public-submissions";

test.describe.configure({ timeout: 120_000 });

test("dashboard: counts, charts with text alternatives, latest registrations and messages, quick actions", async ({
  page,
}) => {
  const tag = uniqueTag();
  await registerForCourse(page, {
    name: `Dash ${tag}`,
    email: `dash.${tag}@example.com`,
    course: COURSES.project,
  });
  await sendContactMessage(page, {
    name: `Dashmsg ${tag}`,
    email: `dm.${tag}@example.com`,
    message: `Hello ${tag}`,
  });
  await loginAsAdmin(page);

  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  for (const label of ["Course Registrations", "Contact Submissions"]) {
    await expect(page.getByTestId(`count-${label}`)).not.toHaveText("0");
  }
  // other specs share the server and may add courses or testimonials: only the shape is fixed here
  await expect(page.getByTestId("count-Active Courses")).toHaveText(/^\d+$/);
  await expect(page.getByTestId("count-Testimonials")).toHaveText(/^\d+$/);

  const perMonth = page.getByRole("figure", { name: /Registrations per month/ });
  await expect(perMonth).toContainText(/registrations? in the last twelve months/);
  // the figures are in a table for screen readers: twelve months
  await expect(perMonth.getByRole("table").getByRole("row")).toHaveCount(13);
  const byCourse = page.getByRole("figure", { name: /Registrations by course/ });
  await expect(byCourse.getByRole("rowheader", { name: COURSES.project })).toHaveCount(1);
  const byStatus = page.getByRole("figure", { name: /Contact submissions by status/ });
  await expect(byStatus.getByRole("rowheader")).toHaveText(["new", "contacted", "resolved"]);

  await expect(
    page.getByRole("region", { name: "Latest registrations" }).getByText(`Dash ${tag}`),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Latest messages" }).getByText(`Hello ${tag}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: /Review registrations/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Course Registrations" })).toBeVisible();
  await page.goBack();
  await page.getByRole("link", { name: /Answer enquiries/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contact Submissions" })).toBeVisible();
  await page.goBack();
  await page
    .getByRole("region", { name: "Latest registrations" })
    .getByRole("link", { name: `Dash ${tag}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `Dash ${tag}` })).toBeVisible();
});
