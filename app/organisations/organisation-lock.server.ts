import { sql } from "drizzle-orm";
import type { Executor } from "#app/platform/db/client.server";

// An arbitrary constant. Whatever creates, renames, re-PINs or merges organisations takes it first (and a
// matching pass for its batch), so a client is created once and two writes never race for one KRA PIN.
const ORGANISATIONS_LOCK = 737_001;

/** Serialises changes to the set of organisations within the caller's transaction (PostgreSQL advisory lock). */
export async function lockOrganisations(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ORGANISATIONS_LOCK})`);
}
