import { eq } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import { adminSetupCode } from "#app/staff/tables.server";

/** Stores the hash of the newest setup code; every process reads the one row, so the latest printed wins. */
export async function saveSetupCodeHash(codeHash: string, executor: Executor = db()) {
  await executor
    .insert(adminSetupCode)
    .values({ id: 1, codeHash })
    .onConflictDoUpdate({ target: adminSetupCode.id, set: { codeHash, createdAt: new Date() } });
}

export async function findSetupCodeHash(executor: Executor = db()) {
  const [row] = await executor
    .select({ codeHash: adminSetupCode.codeHash })
    .from(adminSetupCode)
    .where(eq(adminSetupCode.id, 1));
  return row?.codeHash;
}

export async function deleteSetupCode(executor: Executor) {
  await executor.delete(adminSetupCode);
}
