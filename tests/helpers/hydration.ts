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
 * Opens a page and waits for it to hydrate. React hydrates in a transition that may finish after the load
 * event, and until then a click or a change takes the way without JavaScript; a test of the JavaScript way
 * waits for it.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}
