import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Chromium's background services would try the closed network at every start.
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

// The runner sets these once; workers load this file again and must see the same values.
process.env.E2E_PORT ??= String(41000 + Math.floor(Math.random() * 8000));
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `mafunzo-e2e-${process.pid}-${Date.now()}`);
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  globalSetup: "./tests/setup/e2e-global.ts",
  use: {
    baseURL,
    // recording a trace costs every test CPU (about a third more in the runner and its workers, measured here);
    // on CI a failed test runs again, and that retry is recorded (decision 0735)
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: "node tests/setup/e2e-server.mjs",
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      // the address the browser uses: passkeys are bound to PUBLIC_URL's origin
      PUBLIC_URL: baseURL,
      // specs that post forms speak for distinct visitors via X-Forwarded-For (the forms' rate limit is per address)
      TRUST_PROXY: "loopback",
      // the webhook specs' receivers listen on loopback, which production otherwise refuses (decision 0822)
      WEBHOOK_PRIVATE_TARGETS: "allow",
    },
  },
});
