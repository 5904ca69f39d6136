import { type Browser, expect, type Page, test } from "@playwright/test";
import { type AppServer, startAppServer } from "../../scripts/reliability/app-server.mjs";
import { fillLogin, loginAsAdmin, signUpFirstAdminOn } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";

// A server of its own: changing the password and signing out other sessions would end the sessions that
// other specs hold as the shared server's admin.
test.describe.configure({ mode: "serial" });

const ADMIN = { email: "owner@mafunzo.test", password: "Ngorongoro-7" };
let server: AppServer;

test.beforeAll(async () => {
  server = await startAppServer();
  await signUpFirstAdminOn(server.url, ADMIN.email, ADMIN.password);
});

test.afterAll(async () => {
  await server?.stop();
});

async function signedInPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAsAdmin(page, ADMIN, server.url);
  return page;
}

/** What the page says happened, under its header (no toast repeats it). */
const answer = (page: Page) => page.getByRole("status").filter({ hasText: "signed out" });

test("the account page lists this session and is reached from the sidebar", async ({ browser }) => {
  const page = await signedInPage(browser);
  await page.getByRole("link", { name: "My account" }).click();
  await expect(page).toHaveURL(`${server.url}/admin/account`);
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  const current = page.getByRole("row").filter({ hasText: "This session" });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText("Chrome on Linux");
  await expect(current).toContainText("127.0.0.1");
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});

test("signing out other sessions ends the session of another browser", async ({ browser }) => {
  const mine = await signedInPage(browser);
  const other = await signedInPage(browser);
  await mine.goto(`${server.url}/admin/account`);
  const rows = mine.getByRole("table").getByRole("row");
  // the header, this session and at least the other browser's
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
  await mine.getByRole("button", { name: "Sign out other sessions" }).click();
  await expect(answer(mine)).toContainText(/other sessions? (was|were) signed out\./);
  await expect(mine.locator("[data-sonner-toast]")).toHaveCount(0);
  await expect(rows).toHaveCount(2);
  await expect(mine.getByRole("button", { name: "Sign out other sessions" })).toBeDisabled();

  await other.goto(`${server.url}/admin/dashboard`);
  await expect(other).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard/);
  // mine is still signed in
  await mine.goto(`${server.url}/admin/dashboard`);
  await expect(mine.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await mine.context().close();
  await other.context().close();
});

test("changing the password needs the current one and signs out the other sessions", async ({ browser }) => {
  const mine = await signedInPage(browser);
  const other = await signedInPage(browser);
  await mine.goto(`${server.url}/admin/account`);
  const change = async (current: string, next: string, confirm = next) => {
    await mine.getByLabel("Current password").fill(current);
    await mine.getByLabel("New password", { exact: true }).fill(next);
    await mine.getByLabel("Confirm new password").fill(confirm);
    await mine.getByRole("button", { name: "Change password" }).click();
  };
  await change("not-my-password", "Kilimanjaro-8");
  await expect(mine.getByText("Current password is incorrect")).toBeVisible();
  await change(ADMIN.password, "Kilimanjaro-8", "Kilimanjaro-9");
  await expect(mine.getByText("Passwords do not match")).toBeVisible();
  await change(ADMIN.password, "Kili");
  await expect(mine.getByText("Password must be at least 6 characters long")).toBeVisible();

  const next = "Kilimanjaro-8";
  await change(ADMIN.password, next);
  await expect(answer(mine)).toContainText(
    /Your password has been changed and \d+ other sessions? (was|were) signed out\./,
  );
  await other.goto(`${server.url}/admin/dashboard`);
  await expect(other).toHaveURL(/\/admin\/login/);

  await fillLogin(other, ADMIN, server.url);
  await expect(other.getByRole("alert").filter({ hasText: "Invalid admin credentials" })).toBeVisible();
  ADMIN.password = next;
  await loginAsAdmin(other, ADMIN, server.url);
  await mine.context().close();
  await other.context().close();
});

test("at the maximum of one admin, no second admin can be added", async ({ browser }) => {
  const page = await signedInPage(browser);
  await page.goto(`${server.url}/admin/account`);
  const card = page.getByRole("region", { name: "Administrators" });
  await expect(card).toContainText("1 of 1");
  await expect(card.getByRole("list", { name: "Admin accounts" }).getByRole("listitem")).toHaveCount(1);
  await expect(card).toContainText(
    "The maximum number of admin accounts (1) has been reached. Raise “Most staff accounts” in Settings → Security to add more.",
  );
  await expect(card.getByRole("button", { name: "Add admin" })).toHaveCount(0);
  // nobody can remove themselves or the last admin: no Remove button is offered
  await expect(card.getByRole("button", { name: /Remove/ })).toHaveCount(0);

  // the server refuses what the page does not offer
  const response = await page.request.post(`${server.url}/admin/administrators`, {
    headers: { Origin: server.url },
    form: { intent: "add", email: "second@mafunzo.test", password: "secret123" },
  });
  expect(response.status()).toBe(409);
  expect(await response.text()).toContain("The maximum number of admin accounts (1) has been reached.");
  await page.reload();
  await expect(card).toContainText("1 of 1");
  await page.context().close();
});

test("logout ends the session and returns home", async ({ browser }) => {
  const page = await signedInPage(browser);
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(`${server.url}/`);
  await page.goto(`${server.url}/admin/account`);
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Faccount/);
  await page.context().close();
});
