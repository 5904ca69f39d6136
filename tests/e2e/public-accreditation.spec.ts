import { expect, type Page, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { waitForHydration } from "../helpers/hydration";
import { gotoSettingOf, saveSettingField } from "./settings-steps";

const NUMBER = "NITA/TP/0638";
const STATEMENT = `NITA registered training provider No. ${NUMBER}`;

async function saveNitaNumber(page: Page, value: string) {
  await gotoSettingOf(page, "nita_provider_number");
  await waitForHydration(page);
  await saveSettingField(page, "nita_provider_number", value);
}

/** Home, then a course reached by clicking: the footer and the course's key facts state the registration. */
async function expectAccreditation(visitor: Page, shown: boolean) {
  await visitor.goto("/");
  const footer = visitor.getByRole("contentinfo");
  if (shown) await expect(footer.getByTestId("accreditation")).toHaveText(STATEMENT);
  else await expect(footer.getByText("NITA registered training provider")).toHaveCount(0);
  await footer.getByRole("link", { name: "Management Courses" }).click();
  await expect(visitor).toHaveURL(/\/courses\/management$/);
  await visitor.getByTestId("course-card").first().getByRole("link").first().click();
  await expect(visitor).toHaveURL(/\/courses\/[a-z0-9-]+$/);
  const facts = visitor.getByTestId("key-facts");
  await expect(facts).toBeVisible();
  if (shown) {
    await expect(facts.getByTestId("course-accreditation")).toHaveText(STATEMENT);
  } else {
    await expect(facts.getByText("NITA registered training provider")).toHaveCount(0);
  }
}

test("the NITA registration shows in the footer and on course pages once the admin enters it", async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page);
  try {
    await saveNitaNumber(page, NUMBER);
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 1440, height: 900 },
    ]) {
      const visitor = await browser.newPage({ viewport });
      await expectAccreditation(visitor, true);
      await visitor.close();
    }
  } finally {
    await saveNitaNumber(page, "");
  }
  const visitor = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await expectAccreditation(visitor, false);
  await visitor.close();
});
