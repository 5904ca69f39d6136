import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";

// Runs scripts/reliability/registration-burst.mjs: 520 registrations, the server SIGKILLed after about a
// third of them are acknowledged and restarted; every acknowledged registration must be stored once.
function runBurst(extraArgs: string[]) {
  const result = spawnSync(process.execPath, ["scripts/reliability/registration-burst.mjs", ...extraArgs], {
    encoding: "utf8",
    timeout: 170_000,
  });
  const summary = JSON.parse(result.stdout.trim().split("\n").pop() || "{}");
  expect(summary, result.stderr).toMatchObject({
    ok: true,
    acknowledged: 520,
    stored: 520,
    missing: 0,
    duplicated: 0,
  });
  expect(summary.killedAfterAcknowledged).toBeGreaterThan(0);
  expect(result.status).toBe(0);
}

test.describe("registration burst with a SIGKILL partway", () => {
  test.describe.configure({ timeout: 180_000 });

  test("embedded database (PGlite)", () => {
    runBurst([]);
  });

  test("PostgreSQL", () => {
    const url = process.env.RELIABILITY_DATABASE_URL;
    test.skip(!url, "set RELIABILITY_DATABASE_URL (CI's PostgreSQL pass does)");
    runBurst(["--database-url", url as string]);
  });
});
