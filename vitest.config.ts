import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Files the integration tests store (invoices, uploads) go to a temporary folder, removed at the end of the
// run by tests/setup/global-database.ts, never to ./data.
process.env.INTEGRATION_DATA_DIR ??= path.join(os.tmpdir(), `mafunzo-integration-${process.pid}`);

const shared = { resolve: { tsconfigPaths: true } };

export default defineConfig({
  ...shared,
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        ...shared,
        test: {
          name: "integration",
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
