import { spawn } from "node:child_process";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/axe";

test("the home page is server-rendered with the shared header and footer", async ({ page, request }) => {
  const html = await (await request.get("/")).text();
  expect(html).toContain("<h1");
  await page.goto("/");
  await expect(page.locator("h1")).toHaveCount(1);
  // the contact strip above the sticky header (decision 0571)
  const strip = page.getByTestId("contact-strip");
  await expect(strip.getByRole("link", { name: "Download Catalogue" })).toBeVisible();
  await expect(strip.locator('a[href^="tel:"]')).toBeVisible();
  await expect(strip.locator('a[href^="mailto:"]')).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of [
    "Home",
    "About",
    "Services",
    "Training Courses",
    "Gallery",
    "Testimonials",
    "Contact",
  ]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  const quick = page.getByRole("navigation", { name: "Quick links" });
  for (const href of ["/#about", "/#services", "/#courses", "/#contact"]) {
    await expect(quick.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  await expectNoSeriousA11yViolations(page);
});

test("the mobile menu lists the seven destinations", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  await page.getByText("Menu", { exact: true }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu.getByRole("link")).toHaveText([
    "Home",
    "About",
    "Services",
    "Training Courses",
    "Gallery",
    "Testimonials",
    "Contact",
  ]);
});

test("an unknown path answers 404 with a link home", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await page.getByRole("link", { name: "Go back home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("health endpoints answer JSON", async ({ request }) => {
  const live = await request.get("/healthz");
  expect(live.status()).toBe(200);
  expect(await live.json()).toMatchObject({ status: "ok" });
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toMatchObject({ status: "ready", database: "pglite" });
});

test("responses carry security headers and a nonce-based CSP", async ({ request }) => {
  const response = await request.get("/");
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-request-id"]).toBeTruthy();
  const csp = headers["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(await response.text()).toContain(`nonce="${nonce}"`);
  const again = (await request.get("/")).headers()["content-security-policy"];
  expect(again).not.toBe(csp);
});

test("hashed assets are cached for a year", async ({ page, request }) => {
  await page.goto("/");
  const script = await page.locator('script[type="module"][src], link[rel="modulepreload"]').first();
  const src = (await script.getAttribute("src")) ?? (await script.getAttribute("href"));
  expect(src).toMatch(/^\/assets\//);
  const response = await request.get(src as string);
  expect(response.headers()["cache-control"]).toContain("max-age=31536000");
  expect(response.headers()["cache-control"]).toContain("immutable");
});

test("a second server on the same data directory refuses to start and the first keeps serving", async ({
  request,
}) => {
  const child = spawn(process.execPath, ["server/main.js"], {
    env: { ...process.env, PORT: "0", DATA_DIR: process.env.E2E_DATA_DIR, NODE_ENV: "production" },
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code).not.toBe(0);
  expect(stderr).toContain("is in use by process");
  expect((await request.get("/readyz")).status()).toBe(200);
});
