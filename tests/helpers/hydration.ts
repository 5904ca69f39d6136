import type { Page } from "@playwright/test";

/**
 * Whether React has committed its first render into the page: the fiber root that hydrateRoot hangs on the
 * document has a committed tree only once hydration is over (a fiber key on an element comes earlier, while
 * concurrent hydration may still be rendering).
 */
function hydrated() {
  const key = Object.keys(document).find((name) => name.startsWith("__reactContainer$"));
  const hostRoot = key
    ? (document as unknown as Record<string, { stateNode?: { current?: { child?: unknown } } }>)[key]
    : undefined;
  return Boolean(hostRoot?.stateNode?.current?.child);
}

export const isHydrated = (page: Page) => page.evaluate(hydrated);

export async function waitForHydration(page: Page) {
  await page.waitForFunction(hydrated);
}

/**
 * Opens a page and waits for it to hydrate. A public page fetches its scripts after its first paint (decision
 * 0606), so its load event comes before React has hydrated it; a test of the JavaScript way waits for that.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}
