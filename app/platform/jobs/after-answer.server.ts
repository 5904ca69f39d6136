import { setImmediate as nextTurn } from "node:timers/promises";
import { logger } from "../logger.server";

const running = new Set<Promise<void>>();

/**
 * Runs `work` once the caller has answered: on a later turn of the event loop, so none of it is timed into the
 * answer (a form that must not tell, by how long it takes, what it found; decision 0709). A failure is
 * logged under `name`, never thrown at anyone.
 */
export function afterAnswer(name: string, work: () => Promise<unknown>) {
  const done: Promise<void> = nextTurn()
    .then(work)
    .then(
      () => {},
      (err: unknown) => logger.error({ err, work: name }, `${name} failed after the answer`),
    )
    .finally(() => running.delete(done));
  running.add(done);
}

/** Resolves once every work started by `afterAnswer` so far has finished (tests, and a shutdown that waits). */
export async function afterAnswerSettled() {
  while (running.size > 0) await Promise.all(running);
}
