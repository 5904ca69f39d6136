import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A fresh, migrated and seeded data directory with some settings changed, for a test that starts
 * its own server (startAppServer) in a state the shared server must not be in.
 */
export function prepareDataDir(settings: Record<string, unknown>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mafunzo-e2e-own-"));
  for (const [key, value] of Object.entries(settings)) {
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", "tests/setup/set-setting.ts", key, JSON.stringify(value)],
      { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" }, encoding: "utf8" },
    );
    if (result.status !== 0) throw new Error(`set-setting ${key} failed: ${result.stderr}`);
  }
  return { dataDir, remove: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}
