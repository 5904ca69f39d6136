import { expect, type Page } from "@playwright/test";

/** The administrator the end-to-end server starts with (created by tests/setup/e2e-global.ts). */
export const E2E_ADMIN = { email: "admin@mafunzo.test", password: "Kilimanjaro-2026" } as const;
/** The firm's KRA PIN the test servers' first admin sets, which completes the finance profile. */
export const FIRM_KRA_PIN = "P051111111Q";

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

/** A form post to a server of the tests, as a browser on that origin sends it. */
function postForm(base: string, path: string, form: Record<string, string>, cookie = "") {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(form),
  });
}

/**
 * Creates the first admin through the signup form's endpoint and answers that admin's session cookie. With
 * `financeProfile` (the default) the admin then completes the firm's finance profile: a new installation has no
 * KRA PIN, and no invoice is issued without one (issue 30), while the specs that book and pay expect invoices.
 */
export async function signUpFirstAdmin(
  base: string,
  { email, password }: { email: string; password: string },
  { financeProfile = true } = {},
) {
  const response = await postForm(base, "/admin/signup", { email, password, confirmPassword: password });
  if (response.status !== 302) throw new Error(`signup failed: HTTP ${response.status}`);
  const cookie =
    response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c?.startsWith("mafunzo_admin=")) ?? "";
  if (financeProfile) {
    const pin = await postForm(
      base,
      "/admin/settings",
      { key: "finance_kra_pin", value: FIRM_KRA_PIN },
      cookie,
    );
    if (pin.status !== 302) throw new Error(`setting the firm's KRA PIN failed: HTTP ${pin.status}`);
  }
  return cookie;
}

/** Creates the first admin (see signUpFirstAdmin), then signs that session out again. */
export async function signUpFirstAdminOn(
  base: string,
  email: string,
  password: string,
  options?: { financeProfile?: boolean },
) {
  const cookie = await signUpFirstAdmin(base, { email, password }, options);
  const logout = await postForm(base, "/admin/logout", {}, cookie);
  if (logout.status !== 302) throw new Error(`signing out after signup failed: HTTP ${logout.status}`);
}
