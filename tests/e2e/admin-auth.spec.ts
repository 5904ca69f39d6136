import { expect, test } from "@playwright/test";
import { E2E_ADMIN, loginAsAdmin } from "../helpers/admin";
import { expectNoSeriousA11yViolations } from "../helpers/axe";

test("signing in lands on the dashboard with the sidebar, and logout returns home", async ({ page }) => {
  await loginAsAdmin(page);
  await expect(page.getByText("Login Successful")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link")).toHaveText([
    "Dashboard",
    "Course Registrations",
    "Contact Submissions",
    "Course Management",
    "Testimonials",
    "Document Management",
    "Image Management",
    "Content Management",
    "Gallery",
    "Audit Logs",
    "System Settings",
  ]);
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard/);
});

test("a wrong password is refused with the spec's message", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid admin credentials" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("signup is blocked once an admin exists", async ({ page, request }) => {
  await page.goto("/admin/signup");
  await expect(page.getByRole("heading", { name: "Admin Already Exists" })).toBeVisible();
  await page.goto("/admin/login");
  await expect(page.getByRole("link", { name: "Create the admin account" })).toHaveCount(0);
  const base = new URL(page.url()).origin;
  const response = await request.post("/admin/signup", {
    headers: { Origin: base },
    form: { email: "intruder@example.com", password: "secret123", confirmPassword: "secret123" },
  });
  expect(response.status()).toBe(403);
});
