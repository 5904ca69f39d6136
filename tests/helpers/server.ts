import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export type SpawnedServer = { url: string; dataDir: string; stop: () => Promise<void> };

async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the production build on its own port and fresh data directory: for tests that need an empty
 * database (the first signup) or would disturb the shared server (lockouts, password changes, revoking sessions).
 */
export async function startServer(): Promise<SpawnedServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mafunzo-e2e-own-"));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["server/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, dataDir, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the spawned server did not become ready: ${stderr}`);
}

/** Creates the first admin through the signup form's endpoint, then signs that session out again. */
export async function signUpFirstAdminOn(base: string, email: string, password: string) {
  const response = await fetch(`${base}/admin/signup`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password, confirmPassword: password }),
  });
  if (response.status !== 302) throw new Error(`signup failed: HTTP ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c?.startsWith("mafunzo_admin="));
  const logout = await fetch(`${base}/admin/logout`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, Cookie: cookie ?? "" },
  });
  if (logout.status !== 302) throw new Error(`signing out after signup failed: HTTP ${logout.status}`);
}
