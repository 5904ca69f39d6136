import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { DatabaseHandle } from "./client.server";

export function backupDirectory(dataDir: string) {
  return path.join(dataDir, "backups");
}

/** Writes the embedded database as a gzipped tar that `npm run db:restore` (or PGlite's loadDataDir) reads back. */
export async function writePgliteBackup(handle: DatabaseHandle, dataDir: string) {
  if (handle.kind !== "pglite")
    throw new Error("Back up PostgreSQL with pg_dump; this backup is for the embedded database");
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("gzip");
  const dir = backupDirectory(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `mafunzo-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`);
  // write then rename, so a half-written file is never taken for a backup
  fs.writeFileSync(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(`${file}.partial`, file);
  return file;
}
