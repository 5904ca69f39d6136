import { expect, type Page } from "@playwright/test";
import { sectionOfSetting, settingSection } from "#app/back-office/index";
import type { SettingKey } from "#app/platform/settings/settings";

/** Opens Settings from the sidebar, then one section by its tab, as a person does. */
export async function openSettingsSection(page: Page, title: string) {
  await page.getByRole("link", { name: "Settings", exact: true }).first().click();
  await page
    .getByRole("navigation", { name: "Settings sections" })
    .getByRole("link", { name: title, exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
}

/** The settings section a setting is edited in, opened by its address (`base`: a worker's own server). */
export async function gotoSettingOf(page: Page, key: SettingKey, base = "") {
  const section = settingSection(sectionOfSetting(key));
  await page.goto(`${base}/admin/settings?section=${section.id}`);
  await expect(page.getByRole("heading", { level: 2, name: section.title, exact: true })).toBeVisible();
}

/** The open section's one form and its one Save. */
export const sectionForm = (page: Page) => page.getByRole("form", { name: / settings$/ });

/** Types one value in the open section and saves the section; the page then shows it as stored. */
export async function saveSettingField(page: Page, key: SettingKey, value: string) {
  await page.locator(`#setting-${key}`).fill(value);
  await sectionForm(page)
    .getByRole("button", { name: /^Save / })
    .click();
  await expect(page.getByText(/ settings saved$|^Nothing changed$/).first()).toBeVisible();
  await expect(page.locator(`#setting-${key}`)).toHaveValue(value);
}

/** Opens the setting's section and saves one value there. */
export async function saveSetting(page: Page, key: SettingKey, value: string, base = "") {
  await gotoSettingOf(page, key, base);
  await saveSettingField(page, key, value);
}

/**
 * Sets the M-PESA callback secret to one the test knows (its callbacks post to it). A person presses Generate;
 * a test needs the value, so it posts the setting by its key as a script would, with the signed-in session.
 */
export async function setCallbackSecret(page: Page, base: string, secret: string) {
  const origin = base || new URL(page.url()).origin;
  const response = await page.request.post(`${origin}/admin/settings`, {
    form: { key: "mpesa_callback_secret", value: secret },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}
