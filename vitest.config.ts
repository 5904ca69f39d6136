import { defineConfig } from "vitest/config";

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
          env: { SESSION_SECRET: "integration-tests-only-secret-0123456789abcdef" },
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
