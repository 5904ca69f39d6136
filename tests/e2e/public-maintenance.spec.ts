import { expect } from "@playwright/test";
import { test } from "./own-server";

test("with site_maintenance on, public pages answer 503 with Retry-After; the admin area keeps working", async ({
  browser,
  request,
  ownServer,
}) => {
  test.setTimeout(120_000);
  const { server } = ownServer;
  await ownServer.setSetting("site_maintenance", "true");
  try {
    for (const path of [
      "/",
      "/about",
      "/courses/all",
      "/courses/strategic-planning-and-performance-management",
      "/gallery",
      "/no-such-page",
    ]) {
      const response = await request.get(`${server.url}${path}`);
      expect(response.status(), path).toBe(503);
      expect(Number(response.headers()["retry-after"]), path).toBeGreaterThan(0);
      expect(await response.text(), path).toContain("back shortly");
    }
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await expect(page.locator("h1")).toHaveText("We’ll be back shortly");
    await page.goto(`${server.url}/admin/login`);
    await expect(page.locator("h1")).not.toHaveText("We’ll be back shortly");
    expect((await request.get(`${server.url}/admin/login`)).status()).toBe(200);
    await page.close();
  } finally {
    await ownServer.setSetting("site_maintenance", "false");
  }
});
