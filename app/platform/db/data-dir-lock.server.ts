import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export class DataDirLockedError extends Error {}

function processAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite has no cross-process lock and two processes on one data directory corrupt it,
 * so the directory is claimed with an exclusive lock file naming its holder.
 */
export function acquireDataDirLock(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "mafunzo.lock");
  const holder = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(holder), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const existing = readHolder(lockPath);
      const sameHost = existing?.host === os.hostname();
      if (existing && (!sameHost || processAlive(existing.pid))) {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dataDir)} is in use by process ${existing.pid} on ${existing.host} ` +
            `(started ${existing.startedAt}). Stop that process, or set DATA_DIR to another directory.`,
        );
      }
      // the holder died without releasing the lock: take it over
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${lockPath}`);
}

function readHolder(lockPath: string): { pid: number; host: string; startedAt: string } | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockPath, "utf8"));
  } catch {
    return undefined;
  }
}
