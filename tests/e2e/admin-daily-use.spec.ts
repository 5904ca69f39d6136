import { expect, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { COURSES, registerForCourse, uniqueTag } from "../helpers/public-submissions";

test.describe.configure({ timeout: 150_000 });

test("a missing record shows a not-found inside the admin frame with the way back to its list", async ({
  page,
}) => {
  await loginAsAdmin(page);
  const cases = [
    [
      "/admin/registrations/00000000-0000-4000-8000-000000000000",
      "Registration not found",
      "All registrations",
    ],
    ["/admin/courses/not-a-uuid", "Course not found", "All courses"],
    ["/admin/nothing-here", "Page not found", "Back to the dashboard"],
  ] as const;
  for (const [path, heading, back] of cases) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    // inside the admin frame: the admin navigation is there, and no login button
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Go to Admin Login" })).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: back })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await page.goto("/admin/registrations/00000000-0000-4000-8000-000000000000");
  await page.getByRole("link", { name: "All registrations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Course Registrations" })).toBeVisible();
});

test("today's work, duplicates, status with Undo, readable audit, run minimum, delete below the form", async ({
  page,
}) => {
  const tag = uniqueTag();
  const email = `twice.${tag}@example.com`;
  // the same person registers twice for the same course date
  for (const name of [`Twice ${tag}`, `Twice Again ${tag}`]) {
    await registerForCourse(page, { name, email, course: COURSES.project });
  }
  await registerForCourse(page, {
    name: `Once ${tag}`,
    email: `once.${tag}@example.com`,
    phone: "0712 345 678",
    course: COURSES.project,
  });
  await loginAsAdmin(page);

  // the dashboard: what needs doing today, above the spec's counts
  const today = page.getByRole("region", { name: "What needs doing today" });
  await expect(today).toBeVisible();
  const todayBox = await today.boundingBox();
  const countsBox = await page.getByTestId("count-Course Registrations").boundingBox();
  expect(todayBox?.y ?? 0).toBeLessThan(countsBox?.y ?? 0);
  await expect(page.getByTestId("today-new-registrations")).toContainText(
    /[1-9]\d* new registrations? to confirm/,
  );
  await expect(page.getByTestId("today-waiting-enquiries")).toContainText(
    /enquir(y|ies) waiting more than 24 hours/,
  );
  await expect(today.getByTestId("upcoming-run").first()).toContainText(/seats? taken/);
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId("today-waiting-enquiries").click();
  await expect(page).toHaveURL(/\/admin\/contacts\?waiting=1/);
  await expect(page.getByLabel("Only new ones waiting more than 24 hours")).toBeChecked();
  await page.goBack();
  await page.getByTestId("today-new-registrations").click();
  await expect(page).toHaveURL(/\/admin\/registrations\?status=new/);
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("new");

  // the two registrations of one person carry the mark, and the filter finds just them
  await page.goto(`/admin/registrations?q=${tag}`);
  await expect(page.getByTestId("total")).toHaveText("3");
  const table = page.getByRole("table", { name: "Course registrations" });
  const rowOf = (name: string) =>
    table.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
  await expect(rowOf(`Twice ${tag}`)).toContainText("Possible duplicate");
  await expect(rowOf(`Once ${tag}`)).not.toContainText("Possible duplicate");
  // the run's date and venue beside the course, and contact links a phone can act on
  await expect(rowOf(`Once ${tag}`)).toContainText(COURSES.project);
  await expect(rowOf(`Once ${tag}`).getByRole("link", { name: `once.${tag}@example.com` })).toHaveAttribute(
    "href",
    `mailto:once.${tag}@example.com`,
  );
  await expect(rowOf(`Once ${tag}`).getByRole("link", { name: `WhatsApp Once ${tag}` })).toHaveAttribute(
    "href",
    "https://wa.me/254712345678",
  );
  await expect(rowOf(`Once ${tag}`).getByRole("link", { name: "0712 345 678" })).toHaveAttribute(
    "href",
    "tel:+254712345678",
  );
  await page.getByLabel("Only possible duplicates").check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/duplicates=1/);
  await expect(page.getByTestId("total")).toHaveText("2");

  // status from the menu: the toast names the person and the new status, and Undo puts the old one back
  await page.getByLabel(`Status of Twice ${tag}`).selectOption("confirmed");
  const toast = page
    .locator("[data-sonner-toast]")
    .filter({ hasText: `Twice ${tag} is now confirmed (was new).` });
  await expect(toast).toBeVisible();
  await expect(rowOf(`Twice ${tag}`).locator('[data-status="confirmed"]:visible')).toBeVisible();
  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: `Twice ${tag} is now new (was confirmed).` }),
  ).toBeVisible();
  await expect(page.getByLabel(`Status of Twice ${tag}`)).toHaveValue("new");
  // each status has its own colour
  const newPill = rowOf(`Twice ${tag}`).locator('[data-status="new"]:visible');
  const newColour = await newPill.evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.getByLabel(`Status of Twice Again ${tag}`).selectOption("waitlisted");
  const waitlistedPill = rowOf(`Twice Again ${tag}`).locator('[data-status="waitlisted"]:visible');
  await expect(waitlistedPill).toBeVisible();
  expect(await waitlistedPill.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(newColour);

  // the audit entry reads as labelled fields with the change highlighted
  await page.goto("/admin/audit-logs?q=Updated+registration+status");
  const entry = page.getByTestId("audit-row").first();
  await entry.getByText("View Changes").click();
  const changed = entry.locator("[data-changed]").first();
  await expect(changed).toContainText("Status");
  await expect(changed).toContainText("waitlisted");
  await expectNoSeriousA11yViolations(page);

  // a run's minimum group, set in the run editor, shows on the dashboard against the seats taken
  await page.goto("/admin/dashboard");
  const firstRun = page.getByTestId("upcoming-run").first();
  const runTitle = (await firstRun.getByRole("link").first().textContent()) ?? "";
  const editLink = firstRun.getByRole("link", { name: /Edit dates and minimum group/ });
  const runAnchor = new URL((await editLink.getAttribute("href")) ?? "", "http://x").hash;
  await editLink.click();
  await expect(page.getByRole("heading", { level: 1, name: runTitle })).toBeVisible();
  const run = page.locator(runAnchor);
  await run.getByText("Edit run").click();
  await run.getByLabel("Capacity").fill("40");
  await run.getByLabel("Minimum group").fill("35");
  await run.getByRole("button", { name: "Save course date" }).click();
  await expect(page.getByText("Course date updated successfully")).toBeVisible();
  // Delete Course (or Archive Course, once the course has bookings) is below the edit form, not above it, and
  // not a solid red button
  const deleteBox = await page.getByRole("button", { name: /^(Delete|Archive) Course/ }).boundingBox();
  const saveBox = await page.getByRole("button", { name: "Save Course", exact: true }).boundingBox();
  expect(deleteBox?.y ?? 0).toBeGreaterThan(saveBox?.y ?? 0);
  await page.goto("/admin/dashboard");
  await expect(page.getByTestId("upcoming-run").filter({ hasText: runTitle }).first()).toContainText(
    /of 40 seats taken.*short of the minimum of 35/,
  );
});

test("Images is the library with where each picture is used; Gallery arranges and picks from it", async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto("/admin/images");
  const card = page.getByRole("listitem").filter({ hasText: "Public participation forum (illustration)" });
  await expect(card.getByTestId("image-usage")).toHaveText(/^Gallery, (picture \d+|hidden)/);
  await card.getByTestId("image-usage").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Add from the library" })).toBeVisible();
});
