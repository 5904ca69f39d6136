import { expect, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectAuditEntry } from "../helpers/audit";
import { expectNoSeriousA11yViolations } from "../helpers/axe";

test("testimonials: add with defaults and validation, edit, delete with confirmation, audited", async ({
  page,
}) => {
  const name = `Amina Otieno ${Date.now().toString(36)}`;
  await loginAsAdmin(page);
  await page.goto("/admin/testimonials");
  await expect(page.getByRole("heading", { level: 1, name: "Testimonials" })).toBeVisible();
  await expect(page.getByTestId("testimonial-card").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Add Testimonial" }).click();
  const form = page.locator("form#testimonial-new");
  await expect(form.getByLabel("Rating")).toHaveValue("5");
  await expect(form.getByLabel("Status")).toHaveValue("active");
  await expectNoSeriousA11yViolations(page);
  await form.getByRole("button", { name: "Add Testimonial" }).click();
  for (const message of [
    "Name is required",
    "Position is required",
    "Course is required",
    "Content is required",
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Position").fill("Finance Officer, Kisumu County");
  await form.getByLabel("Course").fill("IFMIS and County Budgeting");
  await form.getByLabel("Content").fill("Clear, practical and immediately useful.");
  await form.getByRole("button", { name: "Add Testimonial" }).click();
  await expect(page.getByText("Testimonial added successfully")).toBeVisible();
  const card = page.getByTestId("testimonial-card").filter({ hasText: name });
  await expect(card.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
  await expect(card.getByText("active", { exact: true })).toHaveClass(/bg-green-100/);

  await card.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = page.locator("form[id^='testimonial-']").first();
  await edit.getByLabel("Rating").selectOption("4");
  await edit.getByLabel("Status").selectOption("inactive");
  await edit.getByLabel("Show on home page").check();
  await edit.getByLabel("Display order").fill("3");
  await edit.getByRole("button", { name: "Update Testimonial" }).click();
  await expect(page.getByText("Testimonial updated successfully")).toBeVisible();
  await expect(card.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
  await expect(card.getByText("inactive", { exact: true })).toHaveClass(/bg-slate-100/);
  await expect(card).toContainText("On the home page (order 3)");

  await expectAuditEntry(page, {
    search: "testimonial",
    action: "Updated testimonial",
    table: "testimonials",
    before: '"rating": 5',
    after: '"rating": 4',
  });

  await page.goto("/admin/testimonials");
  page.once("dialog", (dialog) => dialog.accept());
  await card.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByText("Testimonial deleted successfully")).toBeVisible();
  await expect(card).toHaveCount(0);
  await expectAuditEntry(page, {
    search: "Deleted testimonial",
    action: "Deleted testimonial",
    table: "testimonials",
    before: name,
  });
});

test("a rating outside 1 to 5 sent past the form is refused by the server", async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto("/admin/testimonials?form=new");
  const form = page.locator("form#testimonial-new");
  await form.getByLabel("Name").fill("Out Of Range");
  await form.getByLabel("Position").fill("Tester");
  await form.getByLabel("Course").fill("None");
  await form.getByLabel("Content").fill("Should not be stored.");
  await form.getByLabel("Rating").evaluate((select: HTMLSelectElement) => {
    select.add(new Option("9 stars", "9"));
    select.value = "9";
  });
  // skip the browser's own check so the server's answer is what is seen
  await form.evaluate((f: HTMLFormElement) => {
    f.addEventListener("submit", (e) => e.stopImmediatePropagation(), { capture: true });
  });
  await form.getByRole("button", { name: "Add Testimonial" }).click();
  await expect(page.getByText("Rating must be from 1 to 5")).toBeVisible();
  await page.goto("/admin/testimonials");
  await expect(page.getByTestId("testimonial-card").filter({ hasText: "Out Of Range" })).toHaveCount(0);
});
