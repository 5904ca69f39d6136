import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { holdRequests } from "../helpers/held-requests";

const message = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

const photo = async () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 15, g: 76, b: 92 } } })
    .composite([
      {
        input: await sharp({ create: { width: 400, height: 300, channels: 3, background: "#e0a030" } })
          .png()
          .toBuffer(),
        left: 100,
        top: 100,
      },
    ])
    .jpeg()
    .toBuffer();

async function openForm(page: Page) {
  await page.goto("/admin/images");
  await page.getByRole("button", { name: "Upload Image" }).click();
  await expect(page.getByRole("heading", { name: "Upload New Image" })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

test("upload an image: variants, the card, the reset form, and delete", async ({ page }) => {
  const title = `Hero ${Date.now()}`;
  await openForm(page);
  await expect(page.getByLabel("Website Component")).toHaveValue("hero");
  await expectNoSeriousA11yViolations(page);
  const answer = await holdRequests(page, "**/admin/images*", "POST");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Website Component").selectOption("about");
  await page.getByLabel("Alt Text").fill("Trainer with a group of managers");
  await page
    .getByLabel("Image File")
    .setInputFiles({ name: "team.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("button", { name: "Uploading..." })).toBeDisabled();
  answer();
  await expect(message(page, "Image uploaded successfully")).toBeVisible();
  await expect(message(page, "Success")).toBeVisible();
  // closed, list reloaded
  await expect(page.getByRole("heading", { name: "Upload New Image" })).toHaveCount(0);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card).toContainText("About");
  await expect(card).toContainText("active");
  await expect(card).toContainText("Trainer with a group of managers");
  const thumb = card.getByRole("img", { name: "Trainer with a group of managers" });
  const src = (await thumb.getAttribute("src")) ?? "";
  expect(src).toMatch(/^\/media\/images\/[0-9a-f-]{36}\/480\.jpg$/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  for (const variant of ["480.avif", "960.webp", "1200.jpg"]) {
    const response = await page.request.get(src.replace("480.jpg", variant));
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  }
  expect((await page.request.get(src.replace("480.jpg", "1600.jpg"))).status()).toBe(404);

  // reopening shows a fresh form
  await page.getByRole("button", { name: "Upload Image" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("");
  await expect(page.getByLabel("Website Component")).toHaveValue("hero");
  await expect(page.getByLabel("Alt Text")).toHaveValue("");
  await expect(page.getByLabel("Image File")).toHaveValue("");

  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Are you sure you want to delete this image?");
    void dialog.accept();
  });
  await card.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(message(page, "Image deleted successfully")).toBeVisible();
  await expect(card).toHaveCount(0);
  expect((await page.request.get(src)).status()).toBe(404);
});

test("missing input and an SVG are refused with their messages", async ({ page }) => {
  await openForm(page);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(message(page, "Please provide a title and select an image")).toBeVisible();
  await expect(message(page, "Error")).toBeVisible();

  const title = `Logo ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Image File").setInputFiles({
    name: "logo.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script></svg>',
    ),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(
    message(
      page,
      "SVG images are not accepted because they can contain scripts. Please upload a JPG, PNG, WebP, AVIF, GIF or TIFF image.",
    ),
  ).toBeVisible();
  await page.goto("/admin/images");
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
});

test("the image list shows the seeded gallery artwork with its details", async ({ page }) => {
  await page.goto("/admin/images");
  await expect(page.getByRole("heading", { level: 1, name: "Image Management" })).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: "Public participation forum (illustration)" });
  await expect(card).toContainText("Gallery");
  await expect(card.getByTestId("artwork-flag")).toContainText("Seeded artwork");
  await expect(card.getByRole("img")).toHaveAttribute(
    "src",
    "/artwork/gallery/county-public-participation.svg",
  );
  await expectNoSeriousA11yViolations(page);
});

test("an uploaded hero image is what the home page shows, in its variants", async ({ page }) => {
  const title = `Home hero ${Date.now()}`;
  await openForm(page);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Alt Text").fill("Managers at a strategy workshop in Naivasha");
  await page
    .getByLabel("Image File")
    .setInputFiles({ name: "hero.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(message(page, "Image uploaded successfully")).toBeVisible();

  await page.goto("/");
  const img = page.getByRole("img", { name: "Managers at a strategy workshop in Naivasha" });
  await expect(img).toBeVisible();
  const picture = page.locator("picture").filter({ has: img });
  const srcset = async (type: string) =>
    (await picture.locator(`source[type="${type}"]`).getAttribute("srcset")) ?? "";
  for (const [type, ext] of [
    ["image/avif", "avif"],
    ["image/webp", "webp"],
  ] as const) {
    const value = await srcset(type);
    for (const width of [480, 960, 1200])
      expect(value).toMatch(new RegExp(`/media/images/[0-9a-f-]{36}/${width}\\.${ext} ${width}w`));
  }
  expect(await img.getAttribute("srcset")).toMatch(/\/480\.jpg 480w, .*\/960\.jpg 960w, .*\/1200\.jpg 1200w/);
  // Chromium picks a modern format from the <source> list, and it loads
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc))
    .toMatch(/\/media\/images\/.+\.(avif|webp)$/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);

  // deleting it brings back the built-in artwork
  await page.goto("/admin/images");
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(message(page, "Image deleted successfully")).toBeVisible();
  await page.goto("/");
  await expect(page.locator('img[src="/artwork/hero.svg"]')).toBeVisible();
});
