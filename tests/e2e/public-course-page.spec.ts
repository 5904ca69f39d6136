import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/axe";

const COURSE = "strategic-planning-and-performance-management";
const COUNTY_COURSE = "county-integrated-development-planning";

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1440, height: 900 },
]) {
  test.describe(`a course page at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("shows the key facts, fee and VAT above the fold, then what a buyer decides from", async ({
      page,
    }) => {
      await page.goto("/courses/all");
      await page.getByRole("link", { name: "Strategic Planning and Performance Management" }).first().click();
      await expect(page).toHaveURL(new RegExp(`/courses/${COURSE}$`));
      await expect(page.locator("h1")).toHaveText("Strategic Planning and Performance Management");

      const card = page.getByTestId("key-facts");
      const fee = card.getByTestId("course-cost");
      await expect(fee).toHaveText("KES 95,000");
      // the default finance settings: VAT registered at 16%, prices include it
      await expect(card.getByTestId("course-vat")).toHaveText("VAT 16% included");
      for (const label of ["Next date", "Duration", "Venue", "Mode", "Fee per participant", "Seats"]) {
        await expect(card.getByText(label, { exact: true })).toBeVisible();
      }
      await expect(card.getByTestId("key-facts-seats")).toHaveText(/\d+ seats? left|Open|Fully booked/);
      // above the fold: the fee and the Register button are on the first screen without scrolling
      for (const target of [fee, card.getByRole("link", { name: /^Register Now:/ })]) {
        const box = await target.boundingBox();
        expect(box).not.toBeNull();
        expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
      }
      await expect(card.getByRole("link", { name: "Request this course in-house" })).toHaveAttribute(
        "href",
        `/in-house-training?course=${COURSE}`,
      );

      const terms = page.getByTestId("fee-terms");
      await expect(terms.getByRole("heading", { name: "What the Fee Covers" })).toBeVisible();
      await expect(terms).toContainText("Residential. VAT 16% included.");
      await expect(terms.getByText("Facilitation and course materials")).toBeVisible();
      await expect(page.getByTestId("course-certificate")).toHaveText(/^Certificate of participation/);
      await expect(page.getByRole("heading", { name: "Dates and Venues" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test("a county course says its fee leaves transport and accommodation to the participants", async ({
  page,
}) => {
  await page.goto(`/courses/${COUNTY_COURSE}`);
  const terms = page.getByTestId("fee-terms");
  await expect(terms.getByRole("listitem").filter({ hasText: /^Transport$/ })).toBeVisible();
  await expect(terms.getByRole("listitem").filter({ hasText: /^Accommodation$/ })).toBeVisible();
});
