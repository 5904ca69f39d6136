import { expect, type Page, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { saveSetting } from "./settings-steps";

// A second administrator within the maximum, on the shared server: the limit is raised, the admin added, used
// and removed, and the limit set back, all in this one test.
async function setMaximum(page: Page, value: number) {
  await saveSetting(page, "max_admin_accounts", String(value));
}

test("a second admin can be added within max_admin_accounts, sign in, and be removed", async ({
  page,
  browser,
}) => {
  const second = { email: `second-${Date.now()}@mafunzo.test`, password: "Second-Admin-2026" };
  await loginAsAdmin(page);
  await setMaximum(page, 2);
  try {
    await page.goto("/admin/settings?section=security");
    const card = page.getByRole("region", { name: "Administrators" });
    await expect(card.getByText("1 of 2")).toBeVisible();
    await card.getByLabel("Email").fill(second.email);
    await card.getByLabel("Initial password").fill(second.password);
    await card.getByRole("button", { name: "Add admin" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Admin Added" })).toBeVisible();
    await expect(card.getByRole("list", { name: "Admin accounts" })).toContainText(second.email);
    await expect(card.getByText("2 of 2")).toBeVisible();

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await loginAsAdmin(otherPage, second);
    await other.close();

    page.once("dialog", (dialog) => dialog.accept());
    await card
      .getByRole("listitem")
      .filter({ hasText: second.email })
      .getByRole("button", { name: "Remove" })
      .click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Admin Removed" })).toBeVisible();
    await expect(card.getByRole("list", { name: "Admin accounts" })).not.toContainText(second.email);
  } finally {
    await setMaximum(page, 1);
  }
});
