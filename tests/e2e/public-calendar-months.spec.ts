import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/axe";

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1440, height: 900 },
]) {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`the calendar at ${viewport.width} px ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
      test.use({ viewport, javaScriptEnabled });

      test("puts the filters first and folds each month, the first one open", async ({ page }) => {
        await page.goto("/");
        await page.getByRole("contentinfo").getByRole("link", { name: "Course Calendar" }).click();
        await expect(page).toHaveURL(/\/courses\/calendar$/);

        const filters = page.getByLabel("Category");
        const months = page.getByTestId("calendar-month");
        await expect(page.getByRole("heading", { level: 1, name: "Course Calendar" })).toBeVisible();
        await expect.poll(() => months.count()).toBeGreaterThan(3);
        const filtersBox = await filters.boundingBox();
        const firstMonthBox = await months.first().boundingBox();
        expect(filtersBox && firstMonthBox && filtersBox.y < firstMonthBox.y).toBe(true);

        // the first month shows its runs; the others show only their name and count
        const first = months.first();
        const second = months.nth(1);
        await expect(first.getByTestId("calendar-run").first()).toBeVisible();
        await expect(second.getByTestId("calendar-run").first()).toBeHidden();
        const count = await second.getByTestId("calendar-run").count();
        await expect(second.locator("summary")).toContainText(`${count} ${count === 1 ? "run" : "runs"}`);
        await expect(second.getByRole("heading", { level: 2 })).toHaveText(/^[A-Z][a-z]+ \d{4}$/);

        // a month opens and closes with a click on its name
        await second.getByRole("heading", { level: 2 }).click();
        await expect(second.getByTestId("calendar-run").first()).toBeVisible();
        await first.getByRole("heading", { level: 2 }).click();
        await expect(first.getByTestId("calendar-run").first()).toBeHidden();

        // folded, the whole year fits in a few phone screens
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        expect(height).toBeLessThan(viewport.height * 8);

        await second.getByTestId("calendar-run").first().getByRole("link").first().click();
        await expect(page).toHaveURL(/\/courses\/[a-z0-9-]+$/);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      });
    });
  }
}

test("the folded calendar has no serious accessibility problem", async ({ page }) => {
  await page.goto("/courses/calendar");
  await expectNoSeriousA11yViolations(page);
});
