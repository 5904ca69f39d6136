import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { db, getDatabaseHandle, pingDatabase, projectRoot } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { env } from "#app/platform/env.server";

let version: string | undefined;
function appVersion() {
  version ??= (
    JSON.parse(fs.readFileSync(path.join(projectRoot(), "package.json"), "utf8")) as { version: string }
  ).version;
  return version;
}

async function countPendingEmails() {
  const [row] = await db().select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, "pending"));
  return row?.n ?? 0;
}

/** The System Information card: the real state of this instance, read now. */
export async function getSystemInfo() {
  const { kind } = getDatabaseHandle();
  const connected = await pingDatabase();
  const bucket = env().S3_BUCKET;
  return {
    database: kind === "pglite" ? "Embedded PostgreSQL (PGlite)" : "PostgreSQL",
    connected,
    storage: bucket ? `S3-compatible object storage (bucket ${bucket})` : "Local disk",
    // the outbox cannot be counted when the database does not answer
    pendingEmails: connected ? await countPendingEmails() : null,
    version: appVersion(),
    now: new Date().toISOString(),
  };
}
