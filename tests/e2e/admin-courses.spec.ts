import { expect, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectAuditEntry } from "../helpers/audit";
import { expectNoSeriousA11yViolations } from "../helpers/axe";

test("courses: add with validation, edit details and runs, delete with confirmation, all audited", async ({
  page,
}) => {
  // one journey through the whole screen, public pages included
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const title = `Board Governance Clinic ${stamp}`;
  await loginAsAdmin(page);
  await page.goto("/admin/courses");
  await expect(page.getByRole("heading", { level: 1, name: "Course Management" })).toBeVisible();
  const card = page
    .getByTestId("course-card")
    .filter({ hasText: "Strategic Planning and Performance Management" });
  await expect(card.getByText("active", { exact: true })).toHaveClass(/bg-green-100/);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Add Course" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add Course" })).toBeVisible();
  await expect(page.getByLabel("Category")).toHaveValue("management");
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("active");
  await expectNoSeriousA11yViolations(page);
  // checked in the browser before anything is sent
  await page.getByLabel("Cost (KES)").fill("a lot");
  await page.getByRole("button", { name: "Add Course" }).click();
  await expect(page.getByText("Title is required")).toBeVisible();
  await expect(page.getByText("Cost must be a number")).toBeVisible();
  // a rule only the server can check: the slug belongs to another course
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Cost (KES)").fill("48,500");
  await page.getByLabel("Duration (days)").fill("3");
  await page.getByLabel("Slug").fill("strategic-planning-and-performance-management");
  await page.getByRole("button", { name: "Add Course" }).click();
  await expect(page.getByText("Failed to save course")).toBeVisible();
  await expect(page.getByText("Another course already uses this slug")).toBeVisible();
  await page.getByLabel("Slug").fill("");
  await page.getByRole("button", { name: "Add Course" }).click();
  await expect(page.getByText("Course added successfully")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const courseId = page.url().split("/").pop() as string;
  await expect(page.getByRole("link", { name: /\/courses\/board-governance-clinic/ })).toBeVisible();

  // public details and an edit, shown on the public pages at once
  await page.getByLabel("Cost (KES)").fill("52000");
  await page.getByLabel("Highlights").fill("Board charters\nConflict of interest\n\n");
  await page.getByLabel("Who should attend").fill("Board members and company secretaries");
  await page.getByLabel("The fee includes").fill("Facilitation\nBoard pack templates");
  await page.getByLabel("The fee does not include").fill("Accommodation");
  await page.getByLabel("Certificate").fill("Certificate of completion");
  await page.getByRole("button", { name: "Save Course", exact: true }).click();
  await expect(page.getByText("Course updated successfully")).toBeVisible();
  await expect(page.getByLabel("Highlights")).toHaveValue("Board charters\nConflict of interest");
  const slug = (await page.getByLabel("Slug").inputValue()) as string;
  const publicPage = await page.context().newPage();
  await publicPage.goto(`/courses/${slug}`);
  await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(publicPage.getByTestId("course-cost")).toHaveText("KES 52,000");
  await expect(publicPage.getByText("Conflict of interest")).toBeVisible();
  const terms = publicPage.getByTestId("fee-terms");
  await expect(terms.getByRole("listitem")).toHaveText([
    "Facilitation",
    "Board pack templates",
    "Accommodation",
  ]);
  await expect(publicPage.getByTestId("course-certificate")).toHaveText("Certificate of completion");
  await publicPage.goto("/courses/all");
  await expect(publicPage.getByText(title).first()).toBeVisible();
  // made inactive, it leaves the public catalogue
  await page.getByLabel("Status", { exact: true }).selectOption("inactive");
  // the first save's toast may still be showing (its timer pauses while the page is in the background): wait
  // for this save's answer, then for its toast, the newest
  const saved = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Save Course", exact: true }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText("Course updated successfully").first()).toBeVisible();
  await publicPage.goto("/courses/all");
  await expect(publicPage.getByText(title)).toHaveCount(0);
  await publicPage.close();

  // runs
  await page.getByText("Add a course date").click();
  const addRun = page.locator("form#run-new");
  await addRun.getByLabel("Start date").fill("2025-08-11");
  await addRun.getByLabel("End date").fill("2025-08-13");
  await addRun.getByLabel("Display label").fill("11th - 13th August 2025");
  await addRun.getByLabel("Venue").fill("Kigali, Rwanda");
  await addRun.getByLabel("Delivery").selectOption("hybrid");
  await addRun.getByLabel("Capacity").fill("24");
  // sold by Nairobi in KES (a Kigali office's date is priced in RWF, which the public pages do not show yet)
  await addRun.getByLabel("Selling office").selectOption("nairobi");
  await addRun.getByRole("button", { name: "Add course date" }).click();
  await expect(page.getByText("Course date added successfully")).toBeVisible();
  const run = page.getByTestId("course-run").filter({ hasText: "11th - 13th August 2025" });
  await expect(run).toContainText("Kigali, Rwanda · Hybrid · 24 places");
  await run.getByText("Edit run").click();
  await run.getByLabel("Run status").selectOption("full");
  await run.getByRole("button", { name: "Save course date" }).click();
  await expect(page.getByText("Course date updated successfully")).toBeVisible();
  await expect(run.getByText("full", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // the list shows the change at once
  await page.goto("/admin/courses");
  const mine = page.getByTestId("course-card").filter({ hasText: title });
  await expect(mine).toContainText("KES 52,000");
  await expect(mine.getByText("inactive", { exact: true })).toHaveClass(/bg-slate-100/);

  await expectAuditEntry(page, {
    search: "Updated course",
    action: "Updated course",
    table: "courses",
    recordId: courseId,
    before: '"status": "active"',
    after: '"status": "inactive"',
  });
  await expectAuditEntry(page, {
    search: "course run",
    action: "Updated course run",
    table: "course_runs",
    before: '"status": "open"',
    after: '"status": "full"',
  });

  // delete: dismissing the confirmation keeps the course, accepting deletes it
  await page.goto("/admin/courses");
  page.once("dialog", (dialog) => dialog.dismiss());
  await mine.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(mine).toBeVisible();
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain(title);
    return dialog.accept();
  });
  await mine.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(page.getByText("Course deleted successfully")).toBeVisible();
  await expect(mine).toHaveCount(0);
  await expectAuditEntry(page, {
    search: "Deleted course",
    action: "Deleted course",
    table: "courses",
    recordId: courseId,
    before: title,
    after: "null",
  });
});

test("a course page for a missing course is a 404, and the screens need a session", async ({ page }) => {
  await page.goto("/admin/courses");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fcourses/);
  await loginAsAdmin(page);
  const response = await page.goto("/admin/courses/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
});
