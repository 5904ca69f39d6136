import { expect, type Page, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { pngWithBrokenPixels } from "../helpers/hostile";
import { portalExport } from "../helpers/statements";

// Issue 45, finding 14, in the browser: a real-sized M-PESA portal export is taken, and a PNG whose pixels are
// broken is refused with the screen's message on every screen that keeps an image.

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

test("a 20,000-line M-PESA portal export (3.8 MB) is uploaded and previewed", async ({ page }) => {
  test.setTimeout(120_000);
  const day = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
  const bytes = portalExport(20_000, day);
  expect(bytes.byteLength).toBeGreaterThan(3.5 * 1024 * 1024);
  await page.goto("/admin/finance/imports");
  await expect(page.getByText("CSV, at most 10 MB")).toBeVisible();
  await page
    .getByLabel("Statement file")
    .setInputFiles({ name: "portal-export.csv", mimeType: "text/csv", buffer: bytes });
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page.getByTestId("import-line")).toHaveCount(200, { timeout: 60_000 });
  await expect(page.getByText("Page 1 of 100")).toBeVisible();
});

const NOT_AN_IMAGE =
  "This file is not an image we can read. Please upload a JPG, PNG, WebP, AVIF, GIF or TIFF image.";

async function expectRefused(page: Page) {
  await expect(page.getByText(NOT_AN_IMAGE).first()).toBeVisible();
}

test("a PNG with broken pixel data is refused on the Images screen and the letterhead", async ({ page }) => {
  const png = { name: "broken.png", mimeType: "image/png", buffer: await pngWithBrokenPixels() };
  await page.goto("/admin/images");
  await page.getByRole("button", { name: "Upload Image" }).click();
  await page.getByLabel("Title").fill("Broken pixels");
  await page.getByLabel("Alt Text").fill("Nothing readable");
  await page.getByLabel("Image File").setInputFiles(png);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expectRefused(page);

  await page.goto("/admin/settings/letterhead");
  const logo = page.getByRole("region", { name: "Logo" });
  await logo.getByLabel("Logo image file").setInputFiles(png);
  await logo.getByRole("button", { name: "Upload logo" }).click();
  await expectRefused(page);
});
