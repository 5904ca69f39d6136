// `npm run db:backup`: a restorable copy of the embedded database in DATA_DIR/backups.
// When the server holds the data directory, it is asked (SIGUSR2) to write the backup itself,
// since a second process must never open the same PGlite directory.
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "#app/database.server";
import { backupDirectory, writePgliteBackup } from "#app/platform/db/backup.server";
import { DataDirLockedError } from "#app/platform/db/data-dir-lock.server";
import { parseEnv } from "#app/platform/env.server";

const config = parseEnv();
if (config.DATABASE_URL) {
  console.error("DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/operating.md).");
  process.exit(1);
}

try {
  const handle = await openDatabase({ dataDir: config.DATA_DIR, skipMigrate: true });
  try {
    console.log(`Backup written: ${await writePgliteBackup(handle, config.DATA_DIR)}`);
  } finally {
    await handle.close();
  }
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  const holder = JSON.parse(fs.readFileSync(path.join(config.DATA_DIR, "mafunzo.lock"), "utf8"));
  const dir = backupDirectory(config.DATA_DIR);
  const before = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  process.kill(holder.pid, "SIGUSR2");
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const added = (fs.existsSync(dir) ? fs.readdirSync(dir) : []).filter(
      (f) => !before.has(f) && f.endsWith(".tar.gz"),
    );
    if (added[0]) {
      console.log(`Backup written by the running server (pid ${holder.pid}): ${path.join(dir, added[0])}`);
      process.exit(0);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.error(`The running server (pid ${holder.pid}) did not write a backup within 60 s.`);
  process.exit(1);
}
