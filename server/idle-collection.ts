import type { RequestHandler } from "express";

type Collect = (options: { flavor: "last-resort" }) => void;

/**
 * One memory-reducing collection once the process has fallen idle after work (decision 0619). V8 grows its young
 * generation and old space under load and is meant to give them back through its memory reducer, but that runs
 * a set number of collections after a full one and then waits for the next: after a busy spell that ended on
 * minor collections it never ran, and an idle server kept what the load had grown (60-65 MB on PostgreSQL).
 * Start-up counts as work, so a server that never sees a request is collected the same way.
 *
 * Nothing is collected while a response is still open (a long export keeps streaming undisturbed), and each idle
 * spell is collected once: the next collection waits for new work.
 */
export function collectWhenIdle(
  /** `gc` from `--expose-gc`; without it nothing is started. */
  collect: Collect | undefined,
  idleMs = 10_000,
): { track: RequestHandler; stop: () => void } {
  let started = 0;
  let open = 0;
  let seen = 0;
  /** The count of requests when the last collection ran: the same count means no work since. */
  let collectedAt = -1;
  const check = () => {
    if (started !== seen) {
      seen = started;
      return;
    }
    if (open > 0 || collectedAt === started) return;
    collectedAt = started;
    collect?.({ flavor: "last-resort" });
  };
  const timer = collect ? setInterval(check, idleMs) : undefined;
  timer?.unref();
  return {
    track(_req, res, next) {
      started += 1;
      open += 1;
      res.once("close", () => {
        open -= 1;
      });
      next();
    },
    stop: () => clearInterval(timer),
  };
}
