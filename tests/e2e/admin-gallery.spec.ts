import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";

const message = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const cardFor = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

test("upload a gallery image, edit what the gallery shows, and delete it", async ({ page }) => {
  const title = `Graduation ${Date.now()}`;
  await page.goto("/admin/gallery");
  await expect(page.getByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
  await page.getByRole("button", { name: "Upload Gallery Image" }).click();
  const form = page.locator("#upload-gallery-image");
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Category").selectOption("faith");
  await form.getByLabel("Description").fill("Certificates for church leaders");
  await form.getByLabel("Alt Text").fill("Graduates holding certificates");
  await form.getByLabel("Image File").setInputFiles({
    name: "graduation.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: "#336699" } })
      .png()
      .toBuffer(),
  });
  await form.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(message(page, "Image uploaded successfully")).toBeVisible();

  const card = cardFor(page, title);
  await expect(card.getByLabel("Category")).toHaveValue("faith");
  await expect(card.getByRole("img", { name: "Graduates holding certificates" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const edited = `${title} (edited)`;
  await card.getByLabel("Title").fill(edited);
  await card.getByLabel("Category").selectOption("public-sector");
  await card.getByLabel("Description").fill("County officers at their graduation");
  await card.getByLabel("Alt Text").fill("County officers with certificates");
  await card.getByLabel("Order").fill("0");
  await card.getByLabel("Status").selectOption("inactive");
  await card.getByRole("button", { name: "Save Changes" }).click();
  await expect(message(page, "Gallery image updated successfully")).toBeVisible();

  await page.reload();
  const saved = cardFor(page, edited);
  await expect(saved.getByLabel("Category")).toHaveValue("public-sector");
  await expect(saved.getByLabel("Description")).toHaveValue("County officers at their graduation");
  await expect(saved.getByLabel("Alt Text")).toHaveValue("County officers with certificates");
  await expect(saved.getByLabel("Order")).toHaveValue("0");
  await expect(saved.getByLabel("Status")).toHaveValue("inactive");
  await expect(saved).toContainText("inactive");
  // an inactive image is not in the public gallery
  await page.goto("/gallery");
  await expect(page.getByRole("heading", { name: edited })).toHaveCount(0);
  await page.goto("/admin/gallery");

  page.once("dialog", (dialog) => void dialog.accept());
  await saved.getByRole("button", { name: `Delete ${edited}` }).click();
  await expect(message(page, "Image deleted successfully")).toBeVisible();
  await expect(saved).toHaveCount(0);
});

test("a seeded image (built-in artwork) can be edited, and a bad value is refused", async ({ page }) => {
  await page.goto("/admin/gallery");
  const card = cardFor(page, "Strategy safari (illustration)");
  await expect(card.getByLabel("Category")).toHaveValue("experiential");
  await card
    .getByLabel("Description")
    .fill("An illustration of a strategy safari camp, as the office words it.");
  await card.getByRole("button", { name: "Save Changes" }).click();
  await expect(message(page, "Gallery image updated successfully")).toBeVisible();
  await expect(cardFor(page, "Strategy safari (illustration)").getByLabel("Description")).toHaveValue(
    "An illustration of a strategy safari camp, as the office words it.",
  );

  // what is saved is what the public gallery shows
  await page.goto("/gallery");
  await expect(
    page.getByText("An illustration of a strategy safari camp, as the office words it."),
  ).toBeVisible();
  await page.goto("/admin/gallery");

  const again = cardFor(page, "Strategy safari (illustration)");
  await again.getByLabel("Title").fill("");
  await again.getByRole("button", { name: "Save Changes" }).click();
  await expect(message(page, "Please provide a title")).toBeVisible();
});
