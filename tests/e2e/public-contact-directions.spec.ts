import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/axe";

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1440, height: 900 },
]) {
  test.describe(`the contact page at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("gives each office's address with directions on a map, and the business hours", async ({ page }) => {
      await page.goto("/about");
      // a phone reaches it from the sticky bar's Enquire, a laptop from the header
      if (viewport.width < 768) {
        await page
          .getByRole("navigation", { name: "Quick actions" })
          .getByRole("link", { name: "Enquire" })
          .click();
      } else {
        await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).click();
      }
      await expect(page).toHaveURL(/\/contact$/);
      const offices = page.getByTestId("office-address");
      await expect(offices).toHaveCount(4);
      const nairobi = offices.filter({ hasText: "Nairobi" });
      await expect(nairobi).toContainText("Mafunzo House, 3rd Floor, Ngong Road, Kilimani, Nairobi");
      const directions = nairobi.getByRole("link", { name: /^Get directions to our Nairobi office/ });
      await expect(directions).toHaveAttribute(
        "href",
        "https://www.google.com/maps/dir/?api=1&destination=Mafunzo+House%2C+3rd+Floor%2C+Ngong+Road%2C+Kilimani%2C+Nairobi",
      );
      await expect(directions).toHaveAttribute("target", "_blank");
      await expect(page.getByRole("heading", { name: "Business Hours" }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
