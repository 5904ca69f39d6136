/**
 * Work that arrives together, done together (decision 0607). A group starts once the event loop has taken in
 * what arrived with the first call (`setImmediate`: PGlite answers within microtasks, so a group started on one
 * would run before the next request is even read); calls that arrive while a group runs wait and form the next
 * one, up to `max`. A quiet server waits one turn of the event loop, and under load each statement is shared
 * by everyone who arrived during the last group.
 *
 * `run` answers one result per item, in order. When it throws for a group of several, each item is run again
 * alone, so one bad item fails only its own caller.
 */
export function groupCommit<I, O>(
  run: (items: I[]) => Promise<O[]>,
  { max = 64 }: { max?: number } = {},
): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let running = false;

  async function settle(group: Waiting[]): Promise<void> {
    let results: O[];
    try {
      results = await run(group.map((waiting) => waiting.item));
    } catch (error) {
      const [only] = group;
      if (group.length === 1 && only) return only.reject(error);
      for (const waiting of group) await settle([waiting]);
      return;
    }
    // never retried: the group's work is done, and only its answers are wrong
    const wrong = results.length !== group.length && new Error("group commit: one result per item expected");
    for (const [index, waiting] of group.entries()) {
      if (wrong) waiting.reject(wrong);
      else waiting.resolve(results[index] as O);
    }
  }

  async function drain() {
    while (queue.length > 0) {
      const group = queue.slice(0, max);
      queue = queue.slice(max);
      await settle(group);
    }
    running = false;
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (running) return;
      running = true;
      setImmediate(() => void drain());
    });
}
