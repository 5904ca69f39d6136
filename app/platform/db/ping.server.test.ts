import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabaseHandle, pingDatabase, setDatabase } from "./client.server";

afterEach(() => setDatabase(undefined));

describe("pingDatabase (what /readyz answers)", () => {
  it("is false within seconds while PostgreSQL does not answer, rather than hanging the probe", async () => {
    // a server that takes the connection and never says a word, as a database stuck in a failover does
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const handle = await openDatabaseHandle({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/silent`,
      dataDir: "/nonexistent",
      skipMigrate: true,
    });
    setDatabase(handle);
    try {
      const started = performance.now();
      expect(await pingDatabase()).toBe(false);
      expect(performance.now() - started).toBeLessThan(4_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await handle.close().catch(() => {});
    }
  }, 15_000);
});
