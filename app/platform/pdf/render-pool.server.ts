import os from "node:os";
import { Piscina } from "piscina";

/*
 * PDF rendering off the request thread (decision 0653). The server starts a pool of worker threads (piscina);
 * a feature asks for one of its PDF module's render functions by name, with arguments that can be copied to
 * another thread (plain data), and gets the bytes back while the request thread goes on serving. Scripts and
 * tests that never start the pool render in their own thread through the same function.
 */

/** The features whose PDF module (`pdf.server.ts`) the worker may load: server/render-tasks.ts maps each. */
export type RenderFeature = "site" | "money" | "delivery";
export type RenderTask = { feature: RenderFeature; name: string; args: unknown[] };
type Renderer = (...args: never[]) => Promise<Uint8Array>;

export type RenderPoolOptions = {
  /** server/render-worker.mjs */
  workerFile: string;
  /** the module exporting runRenderTask: the server build in production, server/render-tasks.ts from sources */
  entry: string;
  /** load the entry through tsx (development, tests) */
  source: boolean;
};

let pool: Piscina | undefined;

export function startRenderPool(options: RenderPoolOptions) {
  pool = new Piscina({
    filename: options.workerFile,
    workerData: { entry: options.entry, source: options.source },
    // one core stays with the request thread; threads start with the first PDF and end when idle, so a server
    // that renders nothing holds no thread and no PDF library
    minThreads: 0,
    maxThreads: Math.max(1, os.availableParallelism() - 1),
    idleTimeout: 30_000,
    // below the request thread in the scheduler: a render takes longer, a page does not wait for it
    niceIncrement: 10,
  });
  const started = pool;
  return async () => {
    if (pool === started) pool = undefined;
    await started.close();
  };
}

/**
 * `load()[name](...args)`, on a worker thread when the pool runs, else in this thread. `load` is the feature's
 * PDF module, the one server/render-tasks.ts maps `feature` to.
 */
export function renderOffThread<M extends Record<K, Renderer>, K extends string>(
  feature: RenderFeature,
  load: () => Promise<M>,
  name: K,
  ...args: Parameters<M[K]>
): Promise<Uint8Array> {
  if (pool) return pool.run({ feature, name, args } satisfies RenderTask) as Promise<Uint8Array>;
  return load().then((module) => module[name](...args));
}
