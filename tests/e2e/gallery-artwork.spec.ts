import { expect } from "@playwright/test";
import sharp from "sharp";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { OWNER, serverOfItsOwn, test } from "./own-server";

// a photograph in a seeded picture's place changes what the shared gallery shows: a server of its own
const own = serverOfItsOwn();
const TITLE = "Strategy workshop (illustration)";

test("the office sees which pictures are seeded artwork, and a photograph in one's place ends its label", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsAdmin(page, OWNER, own.base);
  await page.goto(`${own.base}/admin/gallery`);
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: TITLE, exact: true }) });
  await expect(card.getByTestId("artwork-flag")).toContainText("Seeded artwork");
  await expect(page.getByTestId("artwork-flag")).toHaveCount(9);
  await expectNoSeriousA11yViolations(page);

  const replace = card.getByRole("form", { name: `Replace the picture of ${TITLE}` });
  await replace.getByRole("button", { name: "Replace Picture" }).click();
  await expect(page.getByText("Choose the photograph to put in the picture's place").first()).toBeVisible();
  await replace.getByLabel("Replace with a photograph").setInputFiles({
    name: "workshop.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: "#7a4b2a" } })
      .jpeg()
      .toBuffer(),
  });
  await replace.getByRole("button", { name: "Replace Picture" }).click();
  await expect(page.getByText("Photograph put in the picture's place").first()).toBeVisible();
  await expect(card.getByTestId("artwork-flag")).toHaveCount(0);
  await expect(page.getByTestId("artwork-flag")).toHaveCount(8);

  await page.goto(`${own.base}/gallery`);
  const item = page
    .getByTestId("gallery-item")
    .filter({ has: page.getByRole("heading", { name: TITLE, exact: true }) });
  await expect(item.locator("img")).toHaveAttribute("src", /^\/media\/images\//);
  await expect(item.getByText("Illustration", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("gallery-item").getByText("Illustration", { exact: true })).toHaveCount(8);
});
