import { AsyncLocalStorage } from "node:async_hooks";

// The form keys a response hands out, so a page kept whole by the page cache (server/page-cache.ts) can be
// served again with fresh keys in their place: a form key is an idempotency key and a fill timer, never shared.
const issued = new AsyncLocalStorage<string[]>();

export function recordingFormKeys<T>(keys: string[], run: () => T): T {
  return issued.run(keys, run);
}

export function noteFormKey(key: string) {
  issued.getStore()?.push(key);
}
