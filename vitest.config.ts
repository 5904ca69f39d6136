import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Files the integration tests store (invoices, uploads) go to a temporary folder, removed at the end of the
// run by tests/setup/global-database.ts, never to ./data.
process.env.INTEGRATION_DATA_DIR ??= path.join(os.tmpdir(), `mafunzo-integration-${process.pid}`);

const shared = { resolve: { tsconfigPaths: true } };
// Each file runs isolated on a worker thread rather than in a process of its own: the suite took 188 s in
// processes, 146 s on threads (2 cores). A test needing a process to itself (chdir, signals) would need "forks".
const pool = "threads";

export default defineConfig({
  ...shared,
  test: {
    // one file per core: Vitest's default (cores - 1) runs one file at a time on CI's two cores (decision 0735)
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          pool,
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        ...shared,
        test: {
          name: "integration",
          pool,
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/global-database.ts"],
          setupFiles: ["tests/setup/database.ts"],
          testTimeout: 30_000,
          // otherwise the cookie secret would be generated into ./data
          env: {
            SESSION_SECRET: "integration-tests-only-secret-0123456789abcdef",
            DATA_DIR: process.env.INTEGRATION_DATA_DIR,
          },
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
