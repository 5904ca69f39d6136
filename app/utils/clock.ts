/**
 * The one source of business time ("now", and through `today()` the firm's date). Tests move it:
 * `setClock` in-process, or the `TEST_NOW` variable (an ISO instant) for a spawned server. The clock keeps
 * ticking from the time it is set to, so durations and timeouts still behave. Nothing else should read
 * `Date.now()` for a business decision (is a run past, is an offer expired, is a reminder due).
 */
let offsetMs = initialOffset();

function initialOffset() {
  const fixed = typeof process === "undefined" ? undefined : process.env.TEST_NOW;
  if (!fixed) return 0;
  const at = Date.parse(fixed);
  if (Number.isNaN(at)) throw new Error(`TEST_NOW must be an ISO date-time, got "${fixed}"`);
  return at - Date.now();
}

/** The current instant on the business clock. */
export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Moves the business clock so that it reads `at` now and ticks on from there; `null` puts it back. */
export function setClock(at: Date | string | null) {
  offsetMs = at === null ? 0 : new Date(at).getTime() - Date.now();
}

/** Moves the business clock forward (or back, with a negative value) by `ms`. */
export function advanceClock(ms: number) {
  offsetMs += ms;
}
