import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { gotoHydrated } from "../helpers/hydration";

const FILTERS = [
  "All",
  "Training",
  "Management",
  "Experiential",
  "Consultancy",
  "Faith-Based",
  "Public Sector",
];

test("seven filters narrow the nine images and keep the choice in the URL", async ({ page }) => {
  await page.goto("/gallery");
  const nav = page.getByRole("navigation", { name: "Gallery categories" });
  await expect(nav.getByRole("link")).toHaveText(FILTERS);
  await expect(page.getByTestId("gallery-item")).toHaveCount(9);
  for (const item of await page.getByTestId("gallery-item").all()) {
    await expect(item.getByRole("heading")).not.toBeEmpty();
    expect(await item.locator("img").getAttribute("alt")).toBeTruthy();
  }
  await nav.getByRole("link", { name: "Experiential" }).click();
  await expect(page).toHaveURL(/category=experiential/);
  await expect(page.getByTestId("gallery-item")).toHaveCount(2);
  await expect(nav.getByRole("link", { name: "Experiential" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "All" }).click();
  await expect(page.getByTestId("gallery-item")).toHaveCount(9);
});

test("on a phone, the seeded artwork is labelled an illustration, never passed off as an event", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/gallery");
  const items = page.getByTestId("gallery-item");
  await expect(items).toHaveCount(9);
  for (const item of await items.all()) {
    await expect(item.getByText("Illustration", { exact: true })).toBeVisible();
    expect(await item.locator("img").getAttribute("alt")).toMatch(/^Illustration: /);
  }
  await expectNoSeriousA11yViolations(page);
});

// the viewer is the JavaScript way; without it an image's link opens the image itself
test("the viewer opens by mouse and closes with its button", async ({ page }) => {
  await gotoHydrated(page, "/gallery");
  await page.getByTestId("gallery-item").nth(2).locator("a").click();
  const viewer = page.getByRole("dialog");
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole("heading")).toHaveText("Executive leadership retreat (illustration)");
  await expect(viewer.getByText("3 of 9")).toBeVisible();
  await viewer.getByRole("button", { name: "Next image" }).click();
  await expect(viewer.getByRole("heading")).toHaveText("Board governance session (illustration)");
  await expectNoSeriousA11yViolations(page);
  await viewer.getByRole("button", { name: "Close viewer" }).click();
  await expect(viewer).toBeHidden();
});

test("the viewer works from the keyboard and keeps focus inside", async ({ page }) => {
  await gotoHydrated(page, "/gallery");
  const opener = page.getByTestId("gallery-item").first().locator("a");
  await opener.focus();
  await page.keyboard.press("Enter");
  const viewer = page.getByRole("dialog");
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Close viewer" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(viewer.getByText("2 of 9")).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(viewer.getByText("9 of 9")).toBeVisible();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();
});
