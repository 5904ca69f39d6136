import { expect, test } from "@playwright/test";

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1440, height: 900 },
]) {
  test.describe(`the site's figures at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("count the catalogue: the programmes badge and each category counter", async ({ page }) => {
      await page.goto("/");
      const viewAll = page.locator("#courses").getByRole("link", { name: /^View All Courses \(\d+\)/ });
      const total = Number(/\((\d+)\)/.exec((await viewAll.textContent()) ?? "")?.[1]);
      expect(total).toBe(37);
      await expect(page.getByRole("list", { name: "At a glance" })).toContainText(
        `${total} Training Programs`,
      );

      const counters = page.getByTestId("category-counter");
      const paths = await counters.evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
      expect(paths).toHaveLength(4);
      let sum = 0;
      for (const path of paths) {
        await page.goto("/");
        const counter = page.getByTestId("category-counter").and(page.locator(`[href="${path}"]`));
        const figure = Number((await counter.locator("span").first().textContent())?.trim());
        await counter.click();
        await expect(page).toHaveURL(path);
        await expect(page.getByTestId("course-card").first()).toBeVisible();
        await expect(page.getByTestId("course-card")).toHaveCount(figure);
        sum += figure;
      }
      // the four category pages list every course once
      expect(sum).toBe(total);
    });
  });
}
