/**
 * Runs `pass` every `intervalMs` in this process, and also at once when `atStart`. Every process runs its own:
 * the database rows decide what a pass does, so no timer holds work only one process knows about (DESIGN §7).
 * The returned function stops it; the timer never keeps the process alive.
 */
export function runPeriodically(
  pass: () => Promise<unknown>,
  {
    intervalMs = 60_000,
    atStart = false,
    onError,
  }: { intervalMs?: number; atStart?: boolean; onError: (e: unknown) => void },
) {
  const run = () => {
    pass().catch(onError);
  };
  const first = atStart ? setTimeout(run, 0) : undefined;
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
