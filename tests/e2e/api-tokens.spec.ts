import { expect, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { expectScreensFit } from "../helpers/screen-fit";

// Issue 54: an owner makes an API token in the back office (shown once), another system uses it against
// /api/v1 within its scopes, the owner revokes it, and it stops working.

test("API tokens: made by an owner and shown once, used within their scopes, revoked and refused", async ({
  page,
  request,
}) => {
  const name = `Ledger sync ${Date.now().toString(36)}`;
  await loginAsAdmin(page);
  await page.getByRole("link", { name: "API Tokens" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "API tokens" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Name").fill(name);
  await page
    .getByRole("group", { name: /^Catalogue/ })
    .getByLabel("Read", { exact: true })
    .check();
  await page
    .getByRole("group", { name: /^Bookings/ })
    .getByLabel("Read and write")
    .check();
  await page.getByRole("button", { name: "Make token" }).click();
  const shown = page.getByTestId("new-token");
  await expect(shown).toContainText(`Copy the token for “${name}” now`);
  const token = ((await shown.locator("output").textContent()) ?? "").trim();
  expect(token).toMatch(/^mfz_[A-Za-z0-9_-]{43}$/);

  const auth = { Authorization: `Bearer ${token}` };
  const courses = await request.get("/api/v1/courses?limit=5", { headers: auth });
  expect(courses.status()).toBe(200);
  const page1 = (await courses.json()) as { data: { slug: string }[]; next_cursor: string | null };
  expect(page1.data.length).toBeGreaterThan(0);
  expect((await request.get("/api/v1/bookings?limit=1", { headers: auth })).status()).toBe(200);
  const refused = await request.get("/api/v1/payments", { headers: auth });
  expect(refused.status()).toBe(403);
  expect(refused.headers()["content-type"]).toBe("application/problem+json");

  // shown once: the list names the token, never the token itself
  await page.getByRole("link", { name: "API Tokens" }).first().click();
  const row = page.getByTestId("api-token").filter({ hasText: name });
  await expect(row).toContainText("bookings:write, catalogue:read");
  await expect(row).toContainText("last used");
  await expect(page.getByText(token)).toHaveCount(0);
  await expect(page.getByTestId("new-token")).toHaveCount(0);

  page.once("dialog", (dialog) => dialog.accept());
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(page.getByText(`Token "${name}" revoked: it no longer works.`)).toBeVisible();
  await expect(page.getByTestId("api-token").filter({ hasText: name })).toContainText("Revoked");
  const after = await request.get("/api/v1/courses", { headers: auth });
  expect(after.status()).toBe(401);
  expect(after.headers()["www-authenticate"]).toMatch(/^Bearer/);

  await expectScreensFit(page, ["/admin/api-tokens"]);
});
