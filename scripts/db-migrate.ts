// `npm run db:migrate`: applies pending migrations and the first-run seed, then exits.
// The server does the same at start-up; this is for deploy pipelines that migrate first.
import { openDatabase } from "#app/database.server";
import { parseEnv } from "#app/platform/env.server";

const config = parseEnv();
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await handle.close();
console.log(`Migrations applied on ${handle.kind}.`);
