/*
 * How much of each kind of heavy work (PDF rendering, ZIP building, NITA packs, statement parsing) runs at once in
 * this process (decision 0651). Work past the bound either waits its turn (staff, who asked for it and whose
 * screen says so) or is refused at once (an anonymous visitor: a 503 with Retry-After, rather than four phones
 * queueing work that makes every other visitor wait).
 */

export const HEAVY_WORK_BOUNDS = { pdf: 2, zip: 1, "nita-pack": 1, statement: 1 } as const;
export type HeavyWorkKind = keyof typeof HEAVY_WORK_BOUNDS;

/** Seconds a refused visitor is asked to wait: about one render of a catalogue on a busy machine. */
export const HEAVY_WORK_RETRY_SECONDS = 5;

/** Thrown when an anonymous caller's work would exceed its kind's bound. */
export class HeavyWorkBusy extends Error {
  readonly retryAfterSeconds = HEAVY_WORK_RETRY_SECONDS;
  constructor(readonly kind: HeavyWorkKind) {
    super(`Too much ${kind} work is running; try again in ${HEAVY_WORK_RETRY_SECONDS} seconds.`);
  }
}

const running: Record<HeavyWorkKind, number> = { pdf: 0, zip: 0, "nita-pack": 0, statement: 0 };
const waiting: Record<HeavyWorkKind, (() => void)[]> = { pdf: [], zip: [], "nita-pack": [], statement: [] };

/** How many of a kind run now and wait (for tests and the logs). */
export function heavyWorkLoad(kind: HeavyWorkKind) {
  return { running: running[kind], waiting: waiting[kind].length };
}

/**
 * Runs `work` once fewer than its kind's bound run. `waitTurn: false` (anonymous requests) throws HeavyWorkBusy
 * instead of waiting when the bound is reached; waiting callers go first in the order they came.
 */
export async function boundedHeavyWork<T>(
  kind: HeavyWorkKind,
  work: () => Promise<T>,
  { waitTurn }: { waitTurn: boolean },
): Promise<T> {
  if (running[kind] >= HEAVY_WORK_BOUNDS[kind]) {
    if (!waitTurn) throw new HeavyWorkBusy(kind);
    // the slot is handed over by the finishing work, so the count never drops below the bound in between
    await new Promise<void>((resolve) => waiting[kind].push(resolve));
  } else {
    running[kind]++;
  }
  try {
    return await work();
  } finally {
    const next = waiting[kind].shift();
    if (next) next();
    else running[kind]--;
  }
}

/** The answer to an anonymous request refused by a bound. */
export function heavyWorkBusyResponse(busy: HeavyWorkBusy) {
  return new Response(busy.message, {
    status: 503,
    headers: {
      "Retry-After": String(busy.retryAfterSeconds),
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
    },
  });
}
