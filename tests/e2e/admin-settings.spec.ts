import { expect, type Page, test } from "@playwright/test";
import { loginAsAdmin } from "../helpers/admin";
import { expectAuditEntry } from "../helpers/audit";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { isHydrated, waitForHydration } from "../helpers/hydration";
import { OWNER, test as ownServerTest } from "./own-server";

import { gotoSettingOf, openSettingsSection, sectionForm } from "./settings-steps";

const card = (page: Page, key: string) => page.getByTestId(`setting-${key}`);

/**
 * Taps a setting's switch where a person does, on its track and words. The box itself is visually hidden (one
 * pixel, clipped): a forced click at its centre hit whatever lay there once the page had scrolled, and skipped
 * the checks that the target is in place, so a tap was lost now and then.
 */
const tapSwitch = (page: Page, key: string) =>
  card(page, key)
    .locator("label")
    .filter({ has: page.getByRole("switch") })
    .click();

async function saveBoolean(page: Page, key: "registration_enabled" | "site_maintenance", enabled: boolean) {
  await gotoSettingOf(page, key);
  // a tap before hydration is the next test's case; here the page is ready first
  await waitForHydration(page);
  if ((await card(page, key).getByRole("switch").isChecked()) !== enabled) await tapSwitch(page, key);
  await expect(card(page, key).getByRole("switch")).toBeChecked({ checked: enabled });
  await sectionForm(page).getByRole("button", { name: "Save site" }).click();
  await expect(page.getByText("Site settings saved")).toBeVisible();
}

// on the worker's own server: it closes registration for a moment, which the run's shared server would close
// for every worker's bookings
ownServerTest(
  "settings: sections with one save each; switches change locally and persist only on Save",
  async ({ browser, ownServer }) => {
    ownServerTest.setTimeout(180_000);
    const context = await browser.newContext({ baseURL: ownServer.server.url });
    const page = await context.newPage();
    await loginAsAdmin(page, OWNER);
    await openSettingsSection(page, "Site");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    for (const title of [
      "Maintenance mode",
      "Online registration",
      "Contact forms",
      "Most participants in one booking",
    ]) {
      await expect(sectionForm(page).getByText(title, { exact: true })).toBeVisible();
    }
    // one Save for the section's settings (the meeting accounts below are cards of their own), no machine names
    await expect(sectionForm(page).getByRole("button", { name: /^Save/ })).toHaveCount(1);
    await expect(page.getByText("registration_enabled")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page
      .getByRole("navigation", { name: "Settings sections" })
      .getByRole("link", { name: "Security" })
      .click();
    const info = page.getByRole("region", { name: "System information" });
    await expect(info).toContainText("Embedded PostgreSQL (PGlite)");
    await expect(info).toContainText("Connected");
    await expect(info).toContainText("Local disk");
    await expect(info).toContainText(/E-mails waiting in the outbox\s*\d+/);
    await expect(info).toContainText(/Version\s*\d+\.\d+\.\d+/);
    await expect(info).toContainText("Last updated");

    await gotoSettingOf(page, "registration_enabled");
    const registration = card(page, "registration_enabled");
    await expect(registration.getByText("On", { exact: true })).toBeVisible();
    await tapSwitch(page, "registration_enabled");
    await expect(registration.getByText("Off", { exact: true })).toBeVisible();
    await page.reload();
    // not saved: still on
    await expect(card(page, "registration_enabled").getByText("On", { exact: true })).toBeVisible();

    try {
      await saveBoolean(page, "registration_enabled", false);
      await expect(card(page, "registration_enabled").getByText("Off", { exact: true })).toBeVisible();
      await page.reload();
      await expect(card(page, "registration_enabled").getByText("Off", { exact: true })).toBeVisible();
      // it takes effect on the public site
      const visitor = await page.context().newPage();
      await visitor.goto("/register");
      await expect(visitor.getByText("Course registration is currently closed")).toBeVisible();
      await visitor.close();
      await expectAuditEntry(page, {
        search: "registration_enabled",
        action: "Updated system setting: registration_enabled",
        table: "system_settings",
        before: '"value": true',
        after: '"value": false',
      });
    } finally {
      await saveBoolean(page, "registration_enabled", true);
    }
    await expect(card(page, "registration_enabled").getByText("On", { exact: true })).toBeVisible();
    await context.close();
  },
);

test("settings: a switch tapped before the page hydrates keeps that tap", async ({ page }) => {
  await loginAsAdmin(page);
  // the page's scripts are held back until after the tap, so it surely lands on the server-rendered page
  let release = () => {};
  const scriptsHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto("/admin/settings?section=site", { waitUntil: "commit" });
  const registration = card(page, "registration_enabled");
  await expect(registration.getByRole("switch")).toBeChecked();
  await tapSwitch(page, "registration_enabled");
  await expect(registration.getByRole("switch")).not.toBeChecked();
  await expect(registration.getByText("Off", { exact: true })).toBeVisible();
  expect(await isHydrated(page)).toBe(false);

  release();
  await waitForHydration(page);
  await expect(registration.getByRole("switch")).not.toBeChecked();
  await expect(registration.getByText("Off", { exact: true })).toBeVisible();
  await expect(registration.getByText("On", { exact: true })).toBeHidden();
  // nothing was saved: the stored setting is still on
  await page.unroute(/\/assets\/.+\.js$/);
  await page.reload();
  await expect(card(page, "registration_enabled").getByRole("switch")).toBeChecked();
});

test("settings: the most staff accounts is a number from 1 to 5, checked by the browser and the server", async ({
  page,
}) => {
  await loginAsAdmin(page);
  await gotoSettingOf(page, "max_admin_accounts");
  const limit = card(page, "max_admin_accounts");
  const input = limit.getByLabel("Most staff accounts");
  await expect(input).toHaveAttribute("type", "number");
  await expect(input).toHaveAttribute("min", "1");
  await expect(input).toHaveAttribute("max", "5");
  const current = await input.inputValue();
  await input.fill("9");
  expect(await input.evaluate((el: HTMLInputElement) => el.validity.rangeOverflow)).toBe(true);
  // past the browser's check, the server refuses it and says why
  await sectionForm(page).evaluate((form: HTMLFormElement) => {
    form.noValidate = true;
  });
  await sectionForm(page).getByRole("button", { name: "Save security" }).click();
  await expect(page.getByText("Security settings not saved").first()).toBeVisible();
  await expect(limit.getByText("Enter a whole number from 1 to 5")).toBeVisible();
  await page.reload();
  await expect(card(page, "max_admin_accounts").getByLabel("Most staff accounts")).toHaveValue(current);
});

// on the worker's own server: on the run's shared server, which answers every worker's public pages, a crawler
// on the other worker met the 503 while the switch was on
ownServerTest(
  "settings: site maintenance on makes public pages answer 503; switched back off at once",
  async ({ browser, ownServer }) => {
    const context = await browser.newContext({ baseURL: ownServer.server.url });
    const page = await context.newPage();
    await loginAsAdmin(page, OWNER);
    try {
      await saveBoolean(page, "site_maintenance", true);
      const response = await page.request.get("/about");
      expect(response.status()).toBe(503);
      // the back office keeps working
      expect((await page.request.get("/admin/settings?section=site")).status()).toBe(200);
    } finally {
      await saveBoolean(page, "site_maintenance", false);
    }
    expect((await page.request.get("/about")).status()).toBe(200);
    await expectAuditEntry(page, {
      search: "site_maintenance",
      action: "Updated system setting: site_maintenance",
      table: "system_settings",
      before: '"value": true',
      after: '"value": false',
    });
    await context.close();
  },
);

test("settings: the administrators card is in Security", async ({ page }) => {
  await loginAsAdmin(page);
  await openSettingsSection(page, "Security");
  const card = page.getByRole("region", { name: "Administrators" });
  await expect(card).toBeVisible();
  await expect(card.getByText("admin@mafunzo.test")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
