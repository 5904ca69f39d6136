import { expect, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";

// Issue 49 item 3: staff write what a buyer decides on in the course editor, and a visitor reads it on the course
// page, each part under its own heading, on a phone.

test("staff write the outline by day and the method; a visitor on a phone reads them on the course page", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const title = `Payroll Audit Clinic ${stamp}`;
  await loginAsAdmin(page);
  await page.goto("/admin/courses");
  await page.getByRole("link", { name: "Add Course" }).click();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Duration (days)").fill("2");
  await page.getByLabel("Cost (KES)").fill("42,000");
  await page.getByRole("button", { name: "Add Course" }).click();
  await expect(page.getByText("Course added successfully")).toBeVisible();
  await expect(page.getByTestId("course-facilitators")).toContainText(
    "No active facilitator teaches this course",
  );

  await page
    .getByLabel("Who should attend")
    .fill("Payroll officers, HR administrators and internal auditors");
  await page
    .getByLabel("Objectives")
    .fill(
      "Reconcile the payroll to the bank and to KRA's PAYE returns\nSpot ghost workers and unpaid deductions",
    );
  const outline = page.getByLabel("Outline by day");
  // a mistake is named with its line, before anything is sent
  await outline.fill("Day 2: Statutory deductions\n- PAYE, SHIF, NSSF and the Housing Levy");
  await page.getByRole("button", { name: "Save Course", exact: true }).click();
  await expect(page.getByText("Line 1: day 2 comes where day 1 should.", { exact: false })).toBeVisible();
  // an outline shorter than the course is refused too
  await outline.fill("Day 1: The payroll cycle\n- Inputs, approvals and the payroll register");
  await page.getByRole("button", { name: "Save Course", exact: true }).click();
  await expect(
    page.getByText("The outline ends at day 1 but the course runs 2 days: describe every day"),
  ).toBeVisible();
  await outline.fill(
    [
      "Day 1: The payroll cycle",
      "- Inputs, approvals and the payroll register",
      "- Reconciling net pay to the bank",
      "",
      "Day 2: Statutory deductions",
      "- PAYE, SHIF, NSSF and the Housing Levy",
    ].join("\n"),
  );
  await page.getByLabel("Method").fill(`Worked audits of sample payrolls, ${stamp}`);
  await page.getByRole("button", { name: "Save Course", exact: true }).click();
  await expect(page.getByText("Course updated successfully")).toBeVisible();
  await expect(outline).toHaveValue(
    "Day 1: The payroll cycle\n- Inputs, approvals and the payroll register\n- Reconciling net pay to the bank\n\nDay 2: Statutory deductions\n- PAYE, SHIF, NSSF and the Housing Levy",
  );

  // a visitor, on a phone, clicks through from the catalogue
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/courses/all");
  await visitor.getByRole("link", { name: title }).first().click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(visitor.getByRole("heading", { level: 2, name: "Objectives" })).toBeVisible();
  await expect(visitor.getByText("Spot ghost workers and unpaid deductions")).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 2, name: "Who Should Attend" })).toBeVisible();
  await expect(visitor.getByText("Payroll officers, HR administrators and internal auditors")).toBeVisible();
  const days = visitor.locator("main");
  await expect(days.getByRole("heading", { level: 2, name: "Course Outline" })).toBeVisible();
  await expect(days.getByRole("heading", { level: 3, name: /^Day \d/ })).toHaveText([
    "Day 1: The payroll cycle",
    "Day 2: Statutory deductions",
  ]);
  await expect(days.getByText("Reconciling net pay to the bank")).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 2, name: "How the Course Is Taught" })).toBeVisible();
  await expect(visitor.getByText(`Worked audits of sample payrolls, ${stamp}`)).toBeVisible();
  // the parts left empty have no heading at all
  await expect(visitor.getByRole("heading", { name: "Highlights" })).toHaveCount(0);
  await expect(visitor.getByText(/CPD:/)).toHaveCount(0);
  await expect(visitor.getByRole("heading", { name: "Facilitators" })).toHaveCount(0);
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(visitor);

  // staff change one part; the visitor's next look shows it
  await page
    .getByLabel("Method")
    .fill(`Worked audits of sample payrolls and a KRA iTax walk-through, ${stamp}`);
  const saved = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Save Course", exact: true }).click();
  expect((await saved).ok()).toBe(true);
  await visitor.reload();
  await expect(
    visitor.getByText(`Worked audits of sample payrolls and a KRA iTax walk-through, ${stamp}`),
  ).toBeVisible();
  await visitorContext.close();

  // the course leaves the catalogue again: nobody booked it, so it is deleted
  await page.goto("/admin/courses");
  const mine = page.getByTestId("course-card").filter({ hasText: title });
  page.once("dialog", (dialog) => dialog.accept());
  await mine.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(page.getByText("Course deleted successfully")).toBeVisible();
});

test("a seeded course page reads as a buyer's brief at 1440 px: objectives, audience, outline by day, method", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/courses/all");
  await page
    .getByRole("link", { name: "Public Finance Management, Budgeting and IFMIS for County Governments" })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Public Finance Management, Budgeting and IFMIS for County Governments",
  );
  for (const name of ["Objectives", "Who Should Attend", "Course Outline", "How the Course Is Taught"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  // ten days, two of them one IFMIS block
  const days = page.getByRole("heading", { level: 3, name: /^Days? \d/ });
  await expect(days).toHaveCount(9);
  await expect(days.nth(4)).toHaveText("Days 5–6: IFMIS in practice");
  await expect(days.last()).toHaveText("Day 10: Action plans");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
});
