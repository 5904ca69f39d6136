import type { AddressInfo } from "node:net";
import type express from "express";
import { afterAll, beforeAll } from "vitest";

/**
 * For a test file of Express middleware: `build` makes the app, served on a free loopback port for the
 * file's tests; `base()` is its origin.
 */
export function serveForTests(build: () => express.Express) {
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    const server = build().listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());
  return { base: () => base };
}
