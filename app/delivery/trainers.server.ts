import { asc, eq } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import { runTrainers } from "#app/platform/db/schema";

/** The ids of a run's trainers: the policy lets them at that run's delivery pages. */
export async function listRunTrainerIds(runId: string, executor: Executor = db()) {
  const rows = await executor
    .select({ userId: runTrainers.userId })
    .from(runTrainers)
    .where(eq(runTrainers.runId, runId))
    .orderBy(asc(runTrainers.createdAt));
  return rows.map((row) => row.userId);
}
