import { eq } from "drizzle-orm";
import type { JoiningInstructions } from "#app/delivery/emails.server";
import type { JoiningInstructionsInput } from "#app/delivery/instructions/joining-instructions";
import { runJoiningInstructions } from "#app/delivery/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { now } from "#app/utils/clock";

const columns = {
  venueDetails: runJoiningInstructions.venueDetails,
  mapUrl: runJoiningInstructions.mapUrl,
  startTime: runJoiningInstructions.startTime,
  timetable: runJoiningInstructions.timetable,
  whatToBring: runJoiningInstructions.whatToBring,
  contactName: runJoiningInstructions.contactName,
  contactPhone: runJoiningInstructions.contactPhone,
};

/** The run's joining instructions, or null while the admin has not written any. */
export async function getJoiningInstructions(
  runId: string,
  executor: Executor = db(),
): Promise<JoiningInstructions | null> {
  const [row] = await executor
    .select(columns)
    .from(runJoiningInstructions)
    .where(eq(runJoiningInstructions.runId, runId));
  return row ?? null;
}

/** Saves the instructions; reminders not yet sent are written from them when they fall due. */
export async function saveJoiningInstructions(
  actor: AuditActor,
  runId: string,
  input: JoiningInstructionsInput,
) {
  return db().transaction(async (tx) => {
    const before = await getJoiningInstructions(runId, tx);
    const values = { ...input, mapUrl: input.mapUrl || null, updatedAt: now(), updatedBy: actor.id };
    await tx
      .insert(runJoiningInstructions)
      .values({ runId, ...values })
      .onConflictDoUpdate({ target: runJoiningInstructions.runId, set: values });
    await recordAudit(tx, actor, {
      action: "Updated joining instructions",
      tableName: "run_joining_instructions",
      recordId: runId,
      oldValues: before,
      newValues: input,
    });
  });
}
