import { expect, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectAuditEntry } from "../helpers/audit";
import { expectNoSeriousA11yViolations } from "../helpers/axe";

test("content: a hero edit shows on the home page at once and is audited; the old text is restored", async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto("/admin/content");
  await expect(page.getByRole("heading", { level: 1, name: "Content Management" })).toBeVisible();
  for (const name of [
    "Home page hero",
    "Company figures",
    "Offices",
    "Contact details",
    "Business hours",
    "Payment information",
    "Leadership quote",
  ]) {
    await expect(page.getByRole("form", { name })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);

  const hero = page.getByRole("form", { name: "Home page hero" });
  const headline = hero.getByLabel("Headline");
  const original = await headline.inputValue();
  const changed = `Practical Training That Changes Monday Morning ${Date.now().toString(36)}`;
  try {
    await headline.fill("");
    await hero.getByRole("button", { name: "Save Changes" }).click();
    await expect(hero.getByText("Headline is required")).toBeVisible();
    await headline.fill(changed);
    await hero.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Content updated successfully")).toBeVisible();

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(changed);
    await expectAuditEntry(page, {
      search: "site content: hero",
      action: "Updated site content: hero",
      table: "site_content",
      before: original,
      after: changed,
    });
  } finally {
    await page.goto("/admin/content");
    await page.getByRole("form", { name: "Home page hero" }).getByLabel("Headline").fill(original);
    await page
      .getByRole("form", { name: "Home page hero" })
      .getByRole("button", { name: "Save Changes" })
      .click();
    await expect(page.getByText("Content updated successfully")).toBeVisible();
  }
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(original);
});

test("content: business hours grow through the spare row and the e-mail is checked", async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto("/admin/content");
  const hours = page.getByRole("form", { name: "Business hours" });
  const rowsBefore = await hours.getByRole("group").count();
  const spare = hours.getByRole("group", { name: "New opening hours" });
  await spare.getByLabel("Day(s)").fill("Public holidays");
  await spare.getByLabel("Hours").fill("Closed");
  await hours.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Content updated successfully")).toBeVisible();
  await expect(page.getByRole("form", { name: "Business hours" }).getByRole("group")).toHaveCount(
    rowsBefore + 1,
  );
  // clearing the row removes it again
  const added = page
    .getByRole("form", { name: "Business hours" })
    .getByRole("group", { name: `Opening hours ${rowsBefore}` });
  await expect(added.getByLabel("Day(s)")).toHaveValue("Public holidays");
  await added.getByLabel("Day(s)").fill("");
  await added.getByLabel("Hours").fill("");
  await page
    .getByRole("form", { name: "Business hours" })
    .getByRole("button", { name: "Save Changes" })
    .click();
  await expect(page.getByRole("form", { name: "Business hours" }).getByRole("group")).toHaveCount(rowsBefore);

  const contact = page.getByRole("form", { name: "Contact details" });
  await contact.getByLabel("Email").fill("not-an-email");
  await contact.getByRole("button", { name: "Save Changes" }).click();
  await expect(contact.getByText("Enter a valid email address")).toBeVisible();
});
