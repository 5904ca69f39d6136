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
    "Enquiries",
    "Pipeline",
    "Organisations",
    "Engagements",
    "Contact Submissions",
    "Course Management",
    "Trainers",
    "Venues",
    "Run economics",
    "Bookings",
    "Course Registrations",
    "Finance",
    "Content Management",
    "Testimonials",
    "Clients",
    "Facilitators",
    "Document Management",
    "Image Management",
    "Gallery",
    "Staff",
    "Audit Logs",
    "Data Requests",
    "API Tokens",
    "Webhooks",
    "Settings",
  ]);
  // grouped by work, the overlapping pages each saying what they hold
  for (const group of ["Sales", "Courses", "Bookings", "Finance", "Site", "Administration"]) {
    await expect(nav.getByRole("list", { name: group, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "Course Registrations" })).toHaveAccessibleDescription(
    "Each participant booked",
  );
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard/);
});

// Failed logins are tested on a server of their own (admin-signup.spec.ts): five failures from 127.0.0.1
// would lock every spec out of this shared server.

test("a page asked for before signing in is where login lands", async ({ page }) => {
  await page.goto("/admin/account?tab=sessions");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Faccount%3Ftab%3Dsessions$/);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/account\?tab=sessions$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Login Successful" })).toContainText(
    "You are signed in.",
  );
  await expectNoSeriousA11yViolations(page);
});

test("on a small screen the sidebar is a drawer that closes after a choice", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await loginAsAdmin(page);
  const drawer = page.getByRole("navigation", { name: "Admin menu" });
  await expect(drawer).toBeHidden();
  await page.getByText("Menu", { exact: true }).click();
  await expect(drawer.getByRole("link")).toHaveCount(26);
  await expect(drawer.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "My account" }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
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
