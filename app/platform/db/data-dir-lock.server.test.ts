import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.server";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mafunzo-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("acquireDataDirLock", () => {
  it("refuses a second holder and names the first", () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`process ${process.pid}`);
    release();
    acquireDataDirLock(dir)();
  });

  it("takes over a lock left by a process that died", () => {
    const dir = tempDir();
    const deadPid = 2 ** 22 + 12345;
    fs.writeFileSync(
      path.join(dir, "mafunzo.lock"),
      JSON.stringify({ pid: deadPid, host: os.hostname(), startedAt: "2026-01-01T00:00:00Z" }),
    );
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "mafunzo.lock"), "utf8")).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, "mafunzo.lock"))).toBe(false);
  });
});
