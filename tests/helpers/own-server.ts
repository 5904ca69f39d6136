import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });

/**
 * A second production server on its own fresh data directory, with settings changed before it
 * starts — for tests whose state must not leak into the shared server (maintenance mode).
 */
export async function startOwnServer(settings: Record<string, unknown>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mafunzo-own-"));
  const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn" };
  for (const [key, value] of Object.entries(settings)) {
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", "tests/setup/set-setting.ts", key, JSON.stringify(value)],
      { env, encoding: "utf8" },
    );
    if (result.status !== 0) throw new Error(`set-setting failed: ${result.stderr}`);
  }
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["server/main.js"], {
    env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: "ignore",
  });
  const baseURL = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    const ready = await fetch(`${baseURL}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseURL,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
