import { eq } from "drizzle-orm";
import type { JoiningInstructions } from "#app/delivery/emails.server";
import type { JoiningInstructionsInput } from "#app/delivery/instructions/joining-instructions";
import { runJoiningInstructions } from "#app/delivery/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { now } from "#app/utils/clock";
import { sessionMeetings } from "../delivery-run.server";

const columns = {
  venueDetails: runJoiningInstructions.venueDetails,
  mapUrl: runJoiningInstructions.mapUrl,
  startTime: runJoiningInstructions.startTime,
  timetable: runJoiningInstructions.timetable,
  whatToBring: runJoiningInstructions.whatToBring,
  contactName: runJoiningInstructions.contactName,
  contactPhone: runJoiningInstructions.contactPhone,
};

/**
 * The run's joining instructions with its sessions' meeting links, or null while the admin has written none
 * and no session has a meeting. Only booked participants' messages and pages read them (decision 0827).
 */
export async function getJoiningInstructions(
  runId: string,
  executor: Executor = db(),
): Promise<JoiningInstructions | null> {
  const [row, meetings] = await Promise.all([
    writtenInstructions(runId, executor),
    sessionMeetings(runId, executor),
  ]);
  const links = [...meetings].map(([date, meeting]) => ({ date, ...meeting }));
  if (!row && links.length === 0) return null;
  return { ...(row ?? NONE_WRITTEN), meetings: links };
}

/** The instructions as the office wrote them (the form, the audit), or null while it has written none. */
export async function writtenInstructions(
  runId: string,
  executor: Executor = db(),
): Promise<Omit<JoiningInstructions, "meetings"> | null> {
  const [row] = await executor
    .select(columns)
    .from(runJoiningInstructions)
    .where(eq(runJoiningInstructions.runId, runId));
  return row ?? null;
}

const NONE_WRITTEN = {
  venueDetails: "",
  mapUrl: null,
  startTime: "",
  timetable: "",
  whatToBring: "",
  contactName: "",
  contactPhone: "",
};

/** Saves the instructions; reminders not yet sent are written from them when they fall due. */
export async function saveJoiningInstructions(
  actor: AuditActor,
  runId: string,
  input: JoiningInstructionsInput,
) {
  return db().transaction(async (tx) => {
    const before = await writtenInstructions(runId, tx);
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
