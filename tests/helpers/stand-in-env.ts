import { afterAll, beforeAll } from "vitest";
import { resetEnv } from "#app/platform/env.server";

/**
 * Starts a provider's stand-in (Daraja, eTIMS) for the test file and points the server's settings at it through
 * the environment, as an operator would point them at the sandbox; both are undone after the file. Returns the
 * started stand-in (call it inside tests and hooks, once `beforeAll` has run).
 */
export function standInForFile<StandIn extends { close(): Promise<void> }>(
  start: () => Promise<StandIn>,
  environment: (standIn: StandIn) => Record<string, string>,
): () => StandIn {
  let standIn: StandIn | undefined;
  let names: string[] = [];
  beforeAll(async () => {
    standIn = await start();
    const values = environment(standIn);
    names = Object.keys(values);
    Object.assign(process.env, values);
    resetEnv();
  });
  afterAll(async () => {
    await standIn?.close();
    for (const name of names) delete process.env[name];
    resetEnv();
  });
  return () => {
    if (!standIn) throw new Error("the stand-in starts in beforeAll: use it inside tests and hooks");
    return standIn;
  };
}
