import { expect, test } from "@playwright/test";
import { startOwnServer } from "../helpers/own-server";

test("with site_maintenance on, every public page answers 503 with Retry-After and a maintenance page", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const server = await startOwnServer({ site_maintenance: true });
  try {
    for (const path of [
      "/",
      "/about",
      "/courses/all",
      "/courses/strategic-planning-and-performance-management",
      "/gallery",
      "/no-such-page",
    ]) {
      const response = await request.get(`${server.baseURL}${path}`);
      expect(response.status(), path).toBe(503);
      expect(Number(response.headers()["retry-after"]), path).toBeGreaterThan(0);
      expect(await response.text(), path).toContain("back shortly");
    }
    const page = await browser.newPage();
    await page.goto(`${server.baseURL}/`);
    await expect(page.locator("h1")).toHaveText("We’ll be back shortly");
    await page.close();
    // the operator's endpoints keep answering
    expect((await request.get(`${server.baseURL}/readyz`)).status()).toBe(200);
  } finally {
    await server.stop();
  }
});
