// Migrates and seeds the database in DATA_DIR, then closes it: the copy-from data directory that
// scripts/reliability/app-server.mjs makes once per end-to-end run (decision 0712).
import { openDatabase } from "#app/database.server";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("usage: DATA_DIR=… seeded-data-dir.ts");
const handle = await openDatabase({ dataDir });
await handle.close();
