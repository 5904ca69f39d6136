import { expect, type Locator, type Page } from "@playwright/test";
import { holidaysBetween, isWeekend } from "../../app/utils/public-holidays";
import { openSettingsSection } from "./settings-steps";

// What the SMS and WhatsApp specs share (decision 0773): working days to put course dates on, the Messages
// settings card as the owner opens it, and a channel's consent box ticked on a 390 px phone.

export const PHONE = { width: 390, height: 844 };

/** `days` after an ISO date. */
export const shift = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The first Kenyan working day from `from` on. */
export function workingDay(from: string) {
  let d = from;
  while (isWeekend(d) || holidaysBetween("KE", d, d).length > 0) d = shift(d, 1);
  return d;
}

/** Opens Settings → Messages from the admin sidebar; the channel's part of the Messages card. */
export async function openChannelSettings(page: Page, channel: "sms" | "whatsapp") {
  await openSettingsSection(page, "Messages");
  const section = page.locator(`#${channel}-settings`);
  await expect(section.getByTestId(`${channel}-state`)).toHaveText("Not set up");
  return section;
}

/** Ticks a channel's consent box as a thumb does: a 44 px target, and the page never scrolls sideways. */
export async function tickOnPhone(page: Page, consent: Locator) {
  await expect(consent).not.toBeChecked();
  await consent.check();
  const box = await consent.locator("xpath=ancestor::label").boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}
