import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/axe";

const COURSE = "strategic-planning-and-performance-management";

test.describe("on a 390 × 844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the home page is at most 6 screens tall and keeps the spec's sections in order", async ({ page }) => {
    await page.goto("/");
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThanOrEqual(6 * 844);
    const order = await page.evaluate(() =>
      [...document.querySelectorAll("main section[id]")].map((section) => section.id),
    );
    expect(order).toEqual(["about", "services", "courses", "testimonials", "contact"]);
    // the six featured courses, the statistics and the testimonials are all there, compacted
    await expect(page.locator("#courses").getByRole("heading", { level: 3 })).toHaveCount(6);
    await expect(page.getByTestId("hero-stat")).toHaveCount(3);
    await expect(page.locator("#testimonials").getByTestId("testimonial")).toHaveCount(4);
    await expectNoSeriousA11yViolations(page);
  });
});

for (const width of [360, 1440]) {
  test.describe(`the sticky action bar at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 900 } });

    test(
      width === 360 ? "stays on screen and calls tel:, chats on WhatsApp and books" : "is not shown",
      async ({ page }) => {
        await page.goto(`/courses/${COURSE}`);
        const bar = page.getByRole("navigation", { name: "Quick actions" });
        if (width !== 360) {
          await expect(bar).toBeHidden();
          return;
        }
        await page.mouse.wheel(0, 3000);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
        const box = await bar.boundingBox();
        expect((box?.y ?? 0) + (box?.height ?? 0)).toBe(740);
        await expect(bar.getByRole("link", { name: "Call" })).toHaveAttribute("href", /^tel:\+254\d{9}$/);
        await expect(bar.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
          "href",
          /^https:\/\/wa\.me\/254\d{9}$/,
        );
        await bar.getByRole("link", { name: "Book" }).click();
        await expect(page).toHaveURL(new RegExp(`/register\\?course=${COURSE}$`));
        // elsewhere the third action is an enquiry
        await page.goto("/about");
        await bar.getByRole("link", { name: "Enquire" }).click();
        await expect(page).toHaveURL(/\/contact$/);
      },
    );
  });
}
