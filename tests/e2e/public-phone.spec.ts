import { expect, test } from "@playwright/test";

// Every public page in the sitemap (every course page included), and /register, on a 360 px phone.
test.use({ viewport: { width: 360, height: 740 } });

test("no public page scrolls sideways at 360 px", async ({ page, request }) => {
  test.setTimeout(120_000);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
  expect(paths.length).toBeGreaterThan(45);
  const wide: string[] = [];
  for (const path of [
    ...new Set([...paths, "/register", "/register?course=strategic-planning-and-performance-management"]),
  ]) {
    await page.goto(path);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    if (scrollWidth > innerWidth) wide.push(`${path}: ${scrollWidth} px`);
  }
  expect(wide).toEqual([]);
});
