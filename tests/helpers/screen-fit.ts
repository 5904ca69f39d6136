import { expect, type Page } from "@playwright/test";

/** The phone and the desktop every screen is walked at (spec: every screen works at 390 px and 1440 px). */
export const WALK_VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

/** What a phone user would tap that is shorter than 44 px: controls and button-like links in the page (not a form's hidden bot trap). */
const smallTapTargets = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        "main :is(button, select, summary, textarea, input:not([type=checkbox], [type=radio], [type=hidden]), a.inline-flex, a.flex)",
      ),
    ]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return (
          box.width > 0 && box.height > 0 && box.height < 44 && !el.closest(".sr-only, [aria-hidden=true]")
        );
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}" ${el.getBoundingClientRect().height}px`,
      ),
  );

/**
 * Opens each address at 390 and at 1440 px: the page shows its h1 and never scrolls sideways, and on the
 * phone nothing to tap is shorter than 44 px.
 */
export async function expectScreensFit(page: Page, urls: readonly string[]) {
  for (const viewport of WALK_VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const url of urls) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 }), `${url} at ${viewport.width} px`).toBeVisible();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${url} at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
      if (viewport.width === 390) expect(await smallTapTargets(page), `${url} tap targets`).toEqual([]);
    }
  }
}
