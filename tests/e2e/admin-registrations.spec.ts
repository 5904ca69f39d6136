import { expect, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { COURSES, downloadCsv, registerForCourse, uniqueTag } from "../helpers/public-submissions";

test.describe.configure({ timeout: 120_000 });

test("registrations: search, filters, table and card views, status, detail view and CSV export", async ({
  page,
}) => {
  const tag = uniqueTag();
  await registerForCourse(page, {
    name: `Amina ${tag}`,
    email: `amina.${tag}@example.com`,
    organization: "=SUM(1,2)",
    course: COURSES.strategic,
    message: "Vegetarian meals, please",
  });
  await registerForCourse(page, {
    name: `Brian ${tag}`,
    email: `brian.${tag}@example.com`,
    course: COURSES.project,
  });

  await loginAsAdmin(page);
  await page.getByRole("link", { name: "Course Registrations" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Course Registrations" })).toBeVisible();
  await page.getByLabel("Search").fill(tag);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByTestId("total")).toHaveText("2");
  const table = page.getByRole("table", { name: "Course registrations" });
  await expect(table.getByRole("link", { name: `Amina ${tag}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // sorting by name, both ways
  await page.getByRole("link", { name: /^Name/ }).click();
  await expect(table.locator("tbody tr").first()).toContainText(`Amina ${tag}`);
  await page.getByRole("link", { name: /^Name/ }).click();
  await expect(table.locator("tbody tr").first()).toContainText(`Brian ${tag}`);

  // course filter
  await page.getByLabel("Course", { exact: true }).selectOption(COURSES.project);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByTestId("total")).toHaveText("1");
  await expect(table.getByRole("link", { name: `Brian ${tag}` })).toBeVisible();

  // status: saved on change, shown as a badge in the card view
  await page.getByLabel(`Status of Brian ${tag}`).selectOption("confirmed");
  await expect(page.getByText("Status Updated")).toBeVisible();
  await page.getByRole("link", { name: "Cards" }).click();
  const cards = page.getByRole("list", { name: "Course registrations" });
  await expect(cards.locator("span.rounded-full")).toHaveText("confirmed");
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Status", { exact: true }).selectOption("confirmed");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByTestId("total")).toHaveText("1");

  // the detail view
  await page.goto(`/admin/registrations?q=${tag}`);
  await page.getByRole("link", { name: `Amina ${tag}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Amina ${tag}` })).toBeVisible();
  await expect(page.getByText("Vegetarian meals, please")).toBeVisible();
  await expect(page.getByText(COURSES.strategic)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // the export holds exactly the filtered rows, BOM first, formulas neutralised
  await page.goto(`/admin/registrations?q=${tag}&sort=name&dir=asc`);
  const csv = await downloadCsv(page);
  expect(csv.name).toMatch(/^registrations-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.text.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.text.slice(1).trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^Reference,Name,Email,Phone,Organization,Course,/);
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(`Amina ${tag}`);
  expect(lines[1]).toContain(`"'=SUM(1,2)"`);
  expect(lines[2]).toContain(`Brian ${tag}`);
  expect(lines[2]).toContain("confirmed");
});

test("registrations: delete asks nothing, Undo restores, Recently deleted restores, stale delete fails", async ({
  page,
  context,
}) => {
  const tag = uniqueTag();
  await registerForCourse(page, { name: `Chebet ${tag}`, email: `chebet.${tag}@example.com` });
  await loginAsAdmin(page);
  await page.goto(`/admin/registrations?q=${tag}`);
  await expect(page.getByTestId("total")).toHaveText("1");

  await page.getByRole("button", { name: `Delete Chebet ${tag}` }).click();
  await expect(page.getByText("Registration Deleted")).toBeVisible();
  await expect(page.getByText("No registrations found.")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Registration Restored")).toBeVisible();
  await expect(page.getByRole("link", { name: `Chebet ${tag}` })).toBeVisible();

  // a second tab still shows the row after the first deleted it: its delete fails with the spec's message
  const stale = await context.newPage();
  await stale.goto(`/admin/registrations?q=${tag}`);
  await page.getByRole("button", { name: `Delete Chebet ${tag}` }).click();
  await expect(page.getByText("Registration Deleted").first()).toBeVisible();
  await stale.getByRole("button", { name: `Delete Chebet ${tag}` }).click();
  await expect(stale.getByText("Failed to delete registration.")).toBeVisible();
  await stale.close();

  await page.getByRole("link", { name: "Recently deleted" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Recently Deleted Registrations" })).toBeVisible();
  await expect(page.getByText(`Chebet ${tag}`)).toBeVisible();
  await expect(page.getByText(/30 days left to restore/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: `Restore Chebet ${tag}` }).click();
  await expect(page.getByText("Registration Restored").first()).toBeVisible();
  await expect(page.getByText(`Chebet ${tag}`)).toHaveCount(0);
  await page.goto(`/admin/registrations?q=${tag}`);
  await expect(page.getByTestId("total")).toHaveText("1");
});

test("registrations without JavaScript: a delete answers on the page with a Restore form", async ({
  page,
  browser,
}) => {
  const tag = uniqueTag();
  await registerForCourse(page, { name: `Nuru ${tag}`, email: `nuru.${tag}@example.com` });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const noJs = await context.newPage();
  await loginAsAdmin(noJs);
  await noJs.goto(`/admin/registrations?q=${tag}`);
  await noJs.getByRole("button", { name: `Delete Nuru ${tag}` }).click();
  await expect(noJs.getByRole("status").filter({ hasText: "Registration Deleted" })).toBeVisible();
  await noJs.getByRole("button", { name: "Restore the deleted row" }).click();
  await expect(noJs.getByRole("status").filter({ hasText: "Registration Restored" })).toBeVisible();
  await noJs.goto(`/admin/registrations?q=${tag}`);
  await expect(noJs.getByTestId("total")).toHaveText("1");
  await context.close();
});
