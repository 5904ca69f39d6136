import type { Page } from "@playwright/test";

/** The forms refuse a post made sooner than this after the page handed out its form key (MIN_FILL_MS). */
const MIN_FILL_MS = 2_000;
const MARGIN_MS = 100;

/**
 * Waits until the page's forms accept a post as a person's: 2 s after the newest form key on the page was
 * issued (its first part is that instant, base 36). Only what is left of the 2 s is waited, so a test that
 * spent the time filling the form waits no more; without a key on the page, the whole 2 s.
 */
export async function waitLikeAPerson(page: Page) {
  const keys = await page
    .locator('input[name="formKey"]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  const issued = keys.map((key) => Number.parseInt(key.split(".")[0] ?? "", 36)).filter(Number.isFinite);
  const left = issued.length
    ? Math.max(...issued) + MIN_FILL_MS + MARGIN_MS - Date.now()
    : MIN_FILL_MS + MARGIN_MS;
  if (left > 0) await page.waitForTimeout(Math.min(left, MIN_FILL_MS + MARGIN_MS));
}
