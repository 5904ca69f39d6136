import type { Page } from "@playwright/test";

/**
 * Holds the page's requests to `url` (only those with `method`, if given) until the returned `release()`: a test
 * sees a busy or not-yet-loaded state for as long as it checks it and no longer. A fixed delay instead makes every
 * run wait, and on a loaded machine can end before the state is seen.
 */
export async function holdRequests(page: Page, url: string, method?: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (!method || route.request().method() === method) await released;
    await route.continue();
  });
  return release;
}
