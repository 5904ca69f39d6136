import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";

// Issue 49 (decision 0780): the dashboard's launch checklist, on a phone, as the owner uses it.
test.use({ viewport: { width: 390, height: 844 } });

test("the launch checklist links each sample item to where it is replaced and records an acceptance", async ({
  page,
}) => {
  await loginAsAdmin(page);
  const checklist = page.getByTestId("launch-checklist");
  await expect(checklist.getByRole("heading", { name: "Launch checklist" })).toBeVisible();
  // the seed's testimonials stay on the shared server: their row is always there
  const testimonials = checklist.getByTestId("launch-item-testimonials");
  await expect(testimonials).toContainText("sample testimonials");
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // an item not yet accepted: Accept as is records who and when
  const open = checklist.locator("li").filter({ has: page.getByRole("button", { name: /^Accept as is/ }) });
  if ((await open.count()) > 0) {
    const row = open.first();
    const key = await row.getAttribute("data-testid");
    await row.getByRole("button", { name: /^Accept as is/ }).click();
    await expect(page.getByText("Accepted: the item stays as it is")).toBeVisible();
    const accepted = checklist.getByTestId(key ?? "");
    await expect(accepted).toContainText(/Accepted by \S+@\S+ on /);
    await expect(accepted.getByRole("button", { name: /^Accept as is/ })).toHaveCount(0);
  }

  await testimonials.getByRole("link", { name: "Replace testimonials" }).click();
  await expect(page).toHaveURL(/\/admin\/testimonials$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Testimonials");
});

test("a portrait on /about is replaced from the checklist's link with a photograph and its alt text", async ({
  page,
}) => {
  await loginAsAdmin(page);
  const row = page.getByTestId("launch-checklist").getByTestId("launch-item-about_portraits");
  await expect(row).toContainText("Sarah Nakato");
  await row.getByRole("link", { name: "Replace portraits on /about" }).click();
  await expect(page).toHaveURL(/\/admin\/content\/portraits$/);
  await expect(page.getByRole("heading", { level: 1, name: "Portraits" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  const form = page.getByRole("form", { name: "Replace the portrait of Sarah Nakato" });
  await form.getByLabel("Alt text").fill("Sarah Nakato at the Kampala office");
  const photo = await sharp({
    create: { width: 400, height: 400, channels: 3, background: { r: 150, g: 110, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  await form.getByLabel("Photograph").setInputFiles({
    name: "sarah.jpg",
    mimeType: "image/jpeg",
    buffer: photo,
  });
  await form.getByRole("button", { name: "Replace portrait" }).click();
  await expect(page.getByText("Portrait replaced")).toBeVisible();
  const card = page.getByTestId("portrait-card").filter({ hasText: "Sarah Nakato" });
  await expect(card.getByText("Sample drawing")).toHaveCount(0);
  await expect(card.getByRole("img", { name: "Sarah Nakato at the Kampala office" })).toBeVisible();
});
