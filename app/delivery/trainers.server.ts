import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { courseRegistrations as r } from "#app/booking/tables.server";
import { runTrainers } from "#app/delivery/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { users } from "#app/platform/db/tables.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { LIVE_STATUSES, runDatesText } from "./delivery-run.server";

/** The ids of a run's trainers: the policy lets them at that run's delivery pages. */
export async function listRunTrainerIds(runId: string, executor: Executor = db()) {
  const rows = await executor
    .select({ userId: runTrainers.userId })
    .from(runTrainers)
    .where(eq(runTrainers.runId, runId))
    .orderBy(asc(runTrainers.createdAt));
  return rows.map((row) => row.userId);
}

const isTrainer = sql`${users.roles} @> array['trainer']::text[]`;

/** A run's trainers by name, for its page. */
export async function listRunTrainers(runId: string) {
  return db()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(runTrainers)
    .innerJoin(users, eq(users.id, runTrainers.userId))
    .where(eq(runTrainers.runId, runId))
    .orderBy(asc(runTrainers.createdAt));
}

/** The active accounts with the trainer role: who can be put on a run. */
export async function listTrainerCandidates() {
  return db()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(isTrainer, isNull(users.deactivatedAt)))
    .orderBy(asc(users.name), asc(users.email));
}

export type TrainersOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

/** Puts exactly these trainers on the run; each must be an active account with the trainer role. */
export async function setRunTrainers(actor: AuditActor, runId: string, userIds: readonly string[]) {
  return db().transaction(async (tx): Promise<TrainersOutcome> => {
    const wanted = [...new Set(userIds)];
    const found = wanted.length
      ? await tx
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, wanted), isTrainer, isNull(users.deactivatedAt)))
      : [];
    if (found.length !== wanted.length) {
      return { ok: false, status: 400, message: "Choose trainers from the list of active trainers." };
    }
    const before = await listRunTrainerIds(runId, tx);
    await tx.delete(runTrainers).where(eq(runTrainers.runId, runId));
    if (wanted.length) await tx.insert(runTrainers).values(wanted.map((userId) => ({ runId, userId })));
    await recordAudit(tx, actor, {
      action: "Changed run trainers",
      tableName: "run_trainers",
      recordId: runId,
      oldValues: { trainers: before },
      newValues: { trainers: wanted },
    });
    return { ok: true, message: wanted.length ? "Trainers saved." : "No trainer on this course date now." };
  });
}

/** A trainer's runs that have not ended, the one under way today first, then by start date. */
export async function listTrainerRuns(userId: string, day: string) {
  const runs = await db()
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      courseTitle: courses.title,
      label: courseRuns.label,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
      venue: courseRuns.venue,
      participants: sql<number>`(select count(*)::int from ${r} where ${r.runId} = ${courseRuns.id}
        and ${r.deletedAt} is null and ${r.status} in ${[...LIVE_STATUSES]})`,
    })
    .from(runTrainers)
    .innerJoin(courseRuns, eq(courseRuns.id, runTrainers.runId))
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(
      and(
        eq(runTrainers.userId, userId),
        ne(courseRuns.status, "cancelled"),
        sql`coalesce(${courseRuns.endDate}, ${courseRuns.startDate}, ${day}) >= ${day}`,
      ),
    )
    .orderBy(sql`${courseRuns.startDate} asc nulls last`);
  return runs.map((run) => ({
    ...run,
    dates: runDatesText(run),
    today: run.startDate !== null && run.startDate <= day,
  }));
}
