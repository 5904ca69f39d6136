import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { loginAsAdmin } from "../helpers/admin";
import { expectAuditEntry } from "../helpers/audit";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { expectScreensFit } from "../helpers/screen-fit";
import { openSettingsSection } from "./settings-steps";

test("logo and signature: an owner reaches them from Settings, uploads a logo, sees it, and removes it", async ({
  page,
}) => {
  await loginAsAdmin(page);
  await openSettingsSection(page, "Company");
  await page.getByRole("link", { name: "Logo and signature" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Logo and Signature" })).toBeVisible();
  const logo = page.getByRole("region", { name: "Logo" });
  await expect(logo.getByText("No logo yet")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // a text file named like an image is refused with a clear message, and nothing changes
  await logo.getByLabel("Logo image file").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from("not a picture"),
  });
  await logo.getByRole("button", { name: "Upload logo" }).click();
  await expect(logo.getByText("This file is not an image we can read.")).toBeVisible();
  await expect(logo.getByText("No logo yet")).toBeVisible();

  const png = await sharp({ create: { width: 400, height: 160, channels: 4, background: "#0f4c5cff" } })
    .png()
    .toBuffer();
  await logo
    .getByLabel("Logo image file")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
  await logo.getByRole("button", { name: "Upload logo" }).click();
  await expect(page.getByText("Image saved: documents drawn from now on carry it")).toBeVisible();
  await expect(logo.getByRole("img", { name: "The current logo" })).toBeVisible();
  await expectAuditEntry(page, {
    search: "document logo",
    action: "Updated document logo",
    table: "system_settings",
  });

  await expectScreensFit(page, ["/admin/settings/letterhead"]);

  await page.goto("/admin/settings/letterhead");
  await page.getByRole("region", { name: "Logo" }).getByRole("button", { name: "Remove logo" }).click();
  await expect(page.getByText("Image removed")).toBeVisible();
  await expect(page.getByRole("region", { name: "Logo" }).getByText("No logo yet")).toBeVisible();
});
