// `npm run db:restore -- FILE`: replaces the embedded database with a backup. Stop the server first.
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "#app/database.server";
import { parseEnv } from "#app/platform/env.server";

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error("Usage: npm run db:restore -- path/to/backup.tar.gz");
  process.exit(1);
}
const config = parseEnv();
const dbDir = path.join(config.DATA_DIR, "db");
const aside = `${dbDir}.before-restore-${Date.now()}`;
if (fs.existsSync(path.join(config.DATA_DIR, "mafunzo.lock"))) {
  // opening takes the lock and fails with a clear message while the server runs
  const probe = await openDatabase({ dataDir: config.DATA_DIR, skipMigrate: true });
  await probe.close();
}
if (fs.existsSync(dbDir)) fs.renameSync(dbDir, aside);
const handle = await openDatabase({
  dataDir: config.DATA_DIR,
  loadDataDir: new Blob([fs.readFileSync(file)]),
});
await handle.close();
console.log(
  `Restored ${file} into ${dbDir}${fs.existsSync(aside) ? ` (the previous database is kept in ${aside})` : ""}`,
);
