import { expect, type Page, test } from "@playwright/test";
import { gotoHydrated } from "../helpers/hydration";

const resultLine = (page: Page) => page.getByTestId("result-line");
const cards = (page: Page) => page.getByTestId("course-card");

/** The year options: the years of the runs on offer (seeded relative to today), never past years. */
async function offeredYears(page: Page) {
  const years = (await page.getByLabel("Year").locator("option").allTextContents()).slice(1);
  expect(years.length).toBeGreaterThan(0);
  for (const year of years) expect(Number(year)).toBeGreaterThanOrEqual(new Date().getUTCFullYear());
  return years;
}

test.describe("catalogue filters with JavaScript", () => {
  test("category and year combine, the result line says so and the URL keeps both", async ({ page }) => {
    await gotoHydrated(page, "/courses/all");
    await expect(resultLine(page)).toHaveText("Showing 37 courses");
    const [year] = await offeredYears(page);
    await expect(page.getByLabel("Category").locator("option")).toHaveText([
      "All",
      "Management",
      "Leadership",
      "County Government",
      "Experiential",
      "Faith-Based",
    ]);

    await page.getByLabel("Category").selectOption({ label: "County Government" });
    await expect(page).toHaveURL(/category=county/);
    await expect(resultLine(page)).toHaveText(/^Showing \d+ courses? in County Government$/);
    const countyCount = await cards(page).count();
    expect(countyCount).toBeGreaterThan(0);
    for (const card of await cards(page).all()) await expect(card).toContainText("County Government");

    await page.getByLabel("Year").selectOption(year as string);
    await expect(page).toHaveURL(new RegExp(`category=county.*year=${year}|year=${year}.*category=county`));
    await expect(resultLine(page)).toHaveText(
      new RegExp(`^Showing \\d+ courses? in County Government for ${year}$`),
    );
    const shown = await cards(page).count();
    expect(shown).toBeLessThanOrEqual(countyCount);
    expect(resultLine(page)).toBeTruthy();
    await expect(resultLine(page)).toHaveText(new RegExp(`^Showing ${shown} course`));

    // the shared link renders the same list on a fresh load
    const url = page.url();
    await page.goto("about:blank");
    await gotoHydrated(page, url);
    await expect(resultLine(page)).toHaveText(
      new RegExp(`^Showing ${shown} courses? in County Government for ${year}$`),
    );
    await expect(page.getByLabel("Category")).toHaveValue("county");
    await expect(page.getByLabel("Year")).toHaveValue(year as string);
  });

  test("a year with no runs shows the empty message", async ({ page }) => {
    await gotoHydrated(page, "/courses/all?category=faith&year=2031");
    await expect(resultLine(page)).toHaveText("Showing 0 courses in Faith-Based for 2031");
    await expect(page.getByText("No courses found matching your filters.")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test("Leadership alone, with the year back to All", async ({ page }) => {
    await gotoHydrated(page, "/courses/all?category=leadership&year=2024");
    await page.getByLabel("Year").selectOption("all");
    await expect(resultLine(page)).toHaveText(/^Showing \d+ courses? in Leadership$/);
  });

  // a click fetches /courses/<category>.data, which a full page load never asks for
  test("each category tile of the home page opens its category page", async ({ page }) => {
    const titles = {
      "/courses/management": "Management Courses",
      "/courses/county-government": "County Government Courses",
      "/courses/experiential-learning": "Experiential Learning Programmes",
      "/courses/faith-based": "Faith-Based Courses",
    };
    for (const [path, title] of Object.entries(titles)) {
      await gotoHydrated(page, "/");
      await page
        .getByTestId("category-counter")
        .and(page.locator(`[href="${path}"]`))
        .click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(cards(page).first()).toBeVisible();
    }
  });
});

test.describe("catalogue filters without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form submits as a GET and the server filters", async ({ page }) => {
    await page.goto("/courses/all");
    await expect(resultLine(page)).toHaveText("Showing 37 courses");
    const year = (await offeredYears(page)).at(-1) as string;
    await page.getByLabel("Category").selectOption({ label: "Experiential" });
    await page.getByLabel("Year").selectOption(year);
    await page.getByRole("button", { name: "Apply filters" }).click();
    // the form sends its empty search box too, as a browser does
    await expect(page).toHaveURL(new RegExp(`/courses/all\\?q=&category=experiential&year=${year}$`));
    await expect(resultLine(page)).toHaveText(
      new RegExp(`^Showing \\d+ courses? in Experiential for ${year}$`),
    );
    for (const card of await cards(page).all()) await expect(card).toContainText("Experiential");
    await expect(page.getByLabel("Category")).toHaveValue("experiential");
  });

  test("the gallery filters are plain links", async ({ page }) => {
    await page.goto("/gallery");
    await page.getByRole("link", { name: "Public Sector" }).click();
    await expect(page).toHaveURL(/\/gallery\?category=public-sector$/);
    await expect(page.getByTestId("gallery-item")).toHaveCount(1);
  });
});
