import { expect, type Page } from "@playwright/test";

/** The administrator the end-to-end server starts with (created by tests/setup/e2e-global.ts). */
export const E2E_ADMIN = { email: "admin@mafunzo.test", password: "Kilimanjaro-2026" } as const;

export async function loginAsAdmin(page: Page, credentials: { email: string; password: string } = E2E_ADMIN) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}
