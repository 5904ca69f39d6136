import { expect, type Page, test } from "@playwright/test";

async function sitemapPaths(page: Page) {
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
}

// Every public page in the sitemap (every course page included), /register and the not-found page, on a 360
// and a 390 px phone.
test("no public page scrolls sideways at 360 or 390 px", async ({ page }) => {
  test.setTimeout(180_000);
  const paths = await sitemapPaths(page);
  expect(paths.length).toBeGreaterThan(45);
  const wide: string[] = [];
  const all = [
    ...new Set([
      ...paths,
      "/register",
      "/register?course=strategic-planning-and-performance-management",
      "/no-such-page",
    ]),
  ];
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of all) {
      await page.goto(path);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) wide.push(`${path} at ${width}: ${scrollWidth} px`);
    }
  }
  expect(wide).toEqual([]);
});

test.describe("the header on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("at most 64 px while scrolling, targets of 44 px, and the menu closes once a link is chosen", async ({
    page,
  }) => {
    await page.goto("/about");
    const header = page.locator("header").first();
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const box = await header.boundingBox();
    expect(box?.y).toBe(0);
    expect(box?.height).toBeLessThanOrEqual(64);

    const menu = page.locator("summary", { hasText: "Menu" });
    await menu.click();
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobile).toBeVisible();
    // the contact strip folded into the menu
    await expect(header.getByRole("link", { name: /^\+254/ })).toBeVisible();
    await expect(header.getByRole("link", { name: "Download Catalogue" })).toBeVisible();
    const small: string[] = [];
    for (const target of [menu, ...(await header.getByRole("link").filter({ visible: true }).all())]) {
      const size = await target.boundingBox();
      if (!size || size.height < 44) small.push(`${await target.textContent()}: ${size?.height} px`);
    }
    expect(small).toEqual([]);

    await mobile.getByRole("link", { name: "Gallery" }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(mobile).toBeHidden();
  });

  test("Inter is self-hosted and preloaded: no request leaves the site, and nothing moves when it swaps in", async ({
    page,
    baseURL,
  }) => {
    const elsewhere: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(baseURL as string) && !url.startsWith("data:")) elsewhere.push(url);
    });
    await page.addInitScript(() => {
      (window as unknown as { shift: number }).shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) (window as unknown as { shift: number }).shift += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/");
    const preload = page.locator('link[rel="preload"][as="font"]');
    await expect(preload).toHaveAttribute("href", /inter-latin-wght-normal.*\.woff2$/);
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
      /^"Inter Variable"/,
    );
    // a shift is measured over time: half a second after the swap for one that comes late
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBeLessThan(0.01);
    expect(elsewhere).toEqual([]);
  });
});
