import { expect, test } from "@playwright/test";
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
