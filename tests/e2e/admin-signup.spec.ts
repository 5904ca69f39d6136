import { expect, test } from "@playwright/test";
import { type AppServer, startAppServer } from "../../scripts/reliability/app-server.mjs";
import { fillLogin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";

// A server of its own: the first signup needs an empty database, and the lockout below locks 127.0.0.1,
// which would lock every other spec out of the shared server.
test.describe.configure({ mode: "serial" });

const FIRST = { email: "first.admin@mafunzo.test", password: "Serengeti-42" };
let server: AppServer;

test.beforeAll(async () => {
  server = await startAppServer();
});

test.afterAll(async () => {
  await server?.stop();
});

test("the first signup: mismatch and too short are refused, then the admin is created and signed in", async ({
  page,
}) => {
  await page.goto(`${server.url}/admin/login`);
  await page.getByRole("link", { name: "Create the admin account" }).click();
  await expect(page).toHaveURL(`${server.url}/admin/signup`);
  await expect(page.getByRole("heading", { level: 1, name: "Create Admin Account" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const submit = async (password: string, confirm: string) => {
    await page.getByLabel("Email").fill(FIRST.email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm Password").fill(confirm);
    await page.getByRole("button", { name: "Create Admin Account" }).click();
  };

  await submit("Serengeti-42", "Serengeti-43");
  const mismatch = page.locator("[data-sonner-toast]").filter({ hasText: "Password Mismatch" });
  await expect(mismatch).toContainText("Passwords do not match");
  await expect(page.getByRole("alert").filter({ hasText: "Passwords do not match" })).toBeVisible();

  await submit("abc", "abc");
  const tooShort = page.locator("[data-sonner-toast]").filter({ hasText: "Password Too Short" });
  await expect(tooShort).toContainText("Password must be at least 6 characters long");
  await expect(page).toHaveURL(`${server.url}/admin/signup`);

  await submit(FIRST.password, FIRST.password);
  await expect(page).toHaveURL(`${server.url}/admin/dashboard`);
  const welcome = page.locator("[data-sonner-toast]").filter({ hasText: "Welcome Admin!" });
  await expect(welcome).toContainText("Admin account created successfully. Welcome to your dashboard!");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // blocked from now on, for the page and for a direct POST
  await page.goto(`${server.url}/admin/signup`);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Already Exists" })).toBeVisible();
  await expect(
    page.getByText("An admin account already exists. Only the first administrator signs up here."),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const post = await page.request.post(`${server.url}/admin/signup`, {
    headers: { Origin: server.url },
    form: { email: "second@mafunzo.test", password: "secret123", confirmPassword: "secret123" },
  });
  expect(post.status()).toBe(403);
  await page.goto(`${server.url}/admin/login`);
  await expect(page.getByRole("link", { name: "Create the admin account" })).toHaveCount(0);
});

test("login: each failure has its message, and five failures lock sign-in for 15 minutes", async ({
  page,
}) => {
  await page.goto(`${server.url}/admin/login`);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();

  const invalid = page.getByRole("alert").filter({ hasText: "Invalid admin credentials" });
  await fillLogin(page, { email: "nobody@mafunzo.test", password: FIRST.password }, server.url);
  await expect(invalid).toBeVisible();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Login Failed" })).toBeVisible();
  for (let attempt = 2; attempt <= 4; attempt++) {
    await fillLogin(page, { email: FIRST.email, password: `wrong-${attempt}` }, server.url);
    await expect(invalid).toBeVisible();
  }
  await fillLogin(page, { email: FIRST.email, password: "wrong-5" }, server.url);
  const lockedAlert = page.getByRole("alert").filter({ hasText: "Too many failed sign-in attempts" });
  await expect(lockedAlert).toContainText("Sign-in is locked for 15 minutes");
  // the right password does not get through while locked
  await fillLogin(page, FIRST, server.url);
  await expect(lockedAlert).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);
});
