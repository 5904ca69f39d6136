import os from "node:os";
import { Piscina } from "piscina";

/*
 * Heavy work off the request thread (decisions 0653, 0668). The server starts pools of worker threads (piscina);
 * a feature asks for one of its off-thread module's functions by name (a PDF render, a statement's reading, a
 * ZIP's building), with arguments that can be copied to another thread (plain data), and gets the answer back
 * while the request thread goes on serving. Scripts and tests that never start the pools run the same function
 * in their own thread.
 */

/**
 * The modules the worker may load, each a feature's off-thread surface (server/render-tasks.ts maps them): the
 * features' PDFs, money's statement readers, the ZIP builder.
 */
export type RenderFeature = "site" | "money" | "delivery" | "statements" | "zip";
export type RenderTask = { feature: RenderFeature; name: string; args: unknown[] };
type Task = (...args: never[]) => Promise<unknown>;

export type RenderPoolOptions = {
  /** server/render-worker.mjs */
  workerFile: string;
  /** the module exporting runRenderTask: the server build in production, server/render-tasks.ts from sources */
  entry: string;
  /** load the entry through tsx (development, tests) */
  source: boolean;
};

/**
 * Two lanes, so that a short render somebody waits for now (a receipt after a payment, drawn just before or
 * inside the transaction that numbers it) never queues behind a NITA pack of many seconds: while it waited, the
 * booking's lock and PGlite's one connection, and with them every M-PESA confirmation, waited too (decision 0668).
 */
type Lane = "bulk" | "urgent";
let pools: Record<Lane, Piscina> | undefined;

export function startRenderPool(options: RenderPoolOptions) {
  const pool = (maxThreads: number) =>
    new Piscina({
      filename: options.workerFile,
      workerData: { entry: options.entry, source: options.source },
      // threads start with the first task and end when idle, so a server that renders nothing holds no thread
      // and no PDF library
      minThreads: 0,
      maxThreads,
      idleTimeout: 30_000,
      // below the request thread in the scheduler: a render takes longer, a page does not wait for it
      niceIncrement: 10,
    });
  // one core stays with the request thread for the bulk work; the urgent lane's one thread is busy only for the
  // moments somebody waits on it
  const started = { bulk: pool(Math.max(1, os.availableParallelism() - 1)), urgent: pool(1) };
  pools = started;
  return async () => {
    if (pools === started) pools = undefined;
    await Promise.all([started.bulk.close(), started.urgent.close()]);
  };
}

function runOn<M extends Record<K, Task>, K extends string>(
  lane: Lane,
  feature: RenderFeature,
  load: () => Promise<M>,
  name: K,
  args: Parameters<M[K]>,
): Promise<Awaited<ReturnType<M[K]>>> {
  if (pools) return pools[lane].run({ feature, name, args } satisfies RenderTask);
  return load().then((module) => module[name](...args) as Awaited<ReturnType<M[K]>>);
}

/**
 * `load()[name](...args)`, on a worker thread when the pools run, else in this thread. `load` is the module
 * server/render-tasks.ts maps `feature` to. For work nobody holds a lock for: it may wait behind other such work.
 */
export function renderOffThread<M extends Record<K, Task>, K extends string>(
  feature: RenderFeature,
  load: () => Promise<M>,
  name: K,
  ...args: Parameters<M[K]>
) {
  return runOn("bulk", feature, load, name, args);
}

/** The same, for a short render that somebody (a payment's receipt, a transaction) waits for now. */
export function renderUrgent<M extends Record<K, Task>, K extends string>(
  feature: RenderFeature,
  load: () => Promise<M>,
  name: K,
  ...args: Parameters<M[K]>
) {
  return runOn("urgent", feature, load, name, args);
}
