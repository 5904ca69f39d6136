import { expect, type Page } from "@playwright/test";

/** The administrator the end-to-end server starts with (created by tests/setup/e2e-global.ts). */
export const E2E_ADMIN = { email: "admin@mafunzo.test", password: "Kilimanjaro-2026" } as const;
/** The firm's KRA PIN on the shared server (tests/setup/e2e-global.ts), which completes its finance profile. */
export const E2E_FIRM_KRA_PIN = "P051111111Q";

/** Signs in through the login form; `base` is the origin of a spawned server ("" for the shared one). */
export async function loginAsAdmin(
  page: Page,
  credentials: { email: string; password: string } = E2E_ADMIN,
  base = "",
) {
  await fillLogin(page, credentials, base);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}

/** Fills and submits the login form without expecting any outcome. */
export async function fillLogin(page: Page, credentials: { email: string; password: string }, base = "") {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Creates the first admin through the signup form's endpoint, then signs that session out again. */
export async function signUpFirstAdminOn(base: string, email: string, password: string) {
  const response = await fetch(`${base}/admin/signup`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password, confirmPassword: password }),
  });
  if (response.status !== 302) throw new Error(`signup failed: HTTP ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c?.startsWith("mafunzo_admin="));
  const logout = await fetch(`${base}/admin/logout`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, Cookie: cookie ?? "" },
  });
  if (logout.status !== 302) throw new Error(`signing out after signup failed: HTTP ${logout.status}`);
}
