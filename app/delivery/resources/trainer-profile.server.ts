import { and, asc, eq, gte, sql } from "drizzle-orm";
import { trainerCourses, trainerLeave, trainerProfiles } from "#app/delivery/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { users } from "#app/platform/db/tables.server";
import { courses } from "#app/site/tables.server";
import { now } from "#app/utils/clock";
import { addDays, formatLongDate, today } from "#app/utils/dates";
import type { TrainerProfileInput } from "./resources";

// A trainer as a resource (issue 48): the staff account with the trainer role, and its profile, courses,
// weekly pattern and leave. An account without a profile row reads as the defaults below.

export type ProfileOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

const isTrainer = sql`${users.roles} @> array['trainer']::text[]`;

export const DEFAULT_PROFILE = {
  homeOffice: "Nairobi",
  engagement: "associate" as const,
  dayRate: 0,
  perDiem: 0,
  currency: "KES" as const,
  languages: [] as string[],
  kraPin: null as string | null,
  mpesaNumber: null as string | null,
  availableWeekdays: [1, 2, 3, 4, 5],
};

/** Every account with the trainer role, active first, with its profile's headline figures. */
export async function listTrainers() {
  return db()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      active: sql<boolean>`${users.deactivatedAt} is null`,
      homeOffice: trainerProfiles.homeOffice,
      engagement: trainerProfiles.engagement,
      dayRate: trainerProfiles.dayRate,
      currency: trainerProfiles.currency,
    })
    .from(users)
    .leftJoin(trainerProfiles, eq(trainerProfiles.userId, users.id))
    .where(isTrainer)
    .orderBy(sql`${users.deactivatedAt} is not null`, asc(users.name), asc(users.email));
}

/** One trainer with profile, courses and leave from today on; undefined when the account is no trainer. */
export async function getTrainer(userId: string) {
  const [account] = await db()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isTrainer));
  if (!account) return undefined;
  const [profile] = await db().select().from(trainerProfiles).where(eq(trainerProfiles.userId, userId));
  const courseIds = await db()
    .select({ id: trainerCourses.courseId })
    .from(trainerCourses)
    .where(eq(trainerCourses.userId, userId));
  const leave = await db()
    .select({
      id: trainerLeave.id,
      startDate: trainerLeave.startDate,
      endDate: trainerLeave.endDate,
      note: trainerLeave.note,
    })
    .from(trainerLeave)
    .where(and(eq(trainerLeave.userId, userId), gte(trainerLeave.endDate, addDays(today(), -31))))
    .orderBy(asc(trainerLeave.startDate));
  return {
    ...account,
    profile: profile ?? { ...DEFAULT_PROFILE, userId },
    courses: courseIds.map((c) => c.id),
    leave,
  };
}

/** The courses a trainer can be ticked for: every course. */
export function listCourseChoices() {
  return db().select({ id: courses.id, title: courses.title }).from(courses).orderBy(asc(courses.title));
}

/** Writes a trainer's profile and courses, audited with before and after. */
export async function saveTrainerProfile(
  actor: AuditActor,
  userId: string,
  input: TrainerProfileInput,
): Promise<ProfileOutcome> {
  return db().transaction(async (tx) => {
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isTrainer));
    if (!account) return { ok: false, status: 404, message: "No trainer with this account." };
    const [before] = await tx
      .select()
      .from(trainerProfiles)
      .where(eq(trainerProfiles.userId, userId))
      .for("update");
    const coursesBefore = await tx
      .select({ id: trainerCourses.courseId })
      .from(trainerCourses)
      .where(eq(trainerCourses.userId, userId));
    if (input.courses.length) {
      const known = await tx.select({ id: courses.id }).from(courses);
      const ids = new Set(known.map((c) => c.id));
      if (input.courses.some((id) => !ids.has(id))) {
        return { ok: false, status: 400, message: "Choose courses from the list." };
      }
    }
    const values = {
      homeOffice: input.homeOffice,
      engagement: input.engagement,
      dayRate: input.dayRate,
      perDiem: input.perDiem,
      currency: input.currency,
      languages: input.languages,
      kraPin: input.kraPin,
      mpesaNumber: input.mpesaNumber,
      availableWeekdays: input.weekdays,
      updatedBy: actor.id,
      updatedAt: now(),
    };
    await tx
      .insert(trainerProfiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: trainerProfiles.userId, set: values });
    await tx.delete(trainerCourses).where(eq(trainerCourses.userId, userId));
    if (input.courses.length) {
      await tx.insert(trainerCourses).values(input.courses.map((courseId) => ({ userId, courseId })));
    }
    const { updatedAt: _u, updatedBy: _b, ...after } = values;
    await recordAudit(tx, actor, {
      action: before ? "Updated trainer profile" : "Created trainer profile",
      tableName: "trainer_profiles",
      recordId: userId,
      oldValues: before ? { ...before, courses: coursesBefore.map((c) => c.id) } : null,
      newValues: { ...after, courses: input.courses },
    });
    return { ok: true, message: "Trainer profile saved." };
  });
}

/** Records a leave period; said back with the dates. */
export async function addTrainerLeave(
  actor: AuditActor,
  userId: string,
  input: { startDate: string; endDate: string; note: string | null },
): Promise<ProfileOutcome> {
  return db().transaction(async (tx) => {
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isTrainer));
    if (!account) return { ok: false, status: 404, message: "No trainer with this account." };
    const [row] = await tx
      .insert(trainerLeave)
      .values({
        userId,
        startDate: input.startDate,
        endDate: input.endDate,
        note: input.note ?? "",
        createdBy: actor.id,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: "Added trainer leave",
      tableName: "trainer_leave",
      recordId: row?.id,
      newValues: row,
    });
    return {
      ok: true,
      message: `Leave recorded: ${formatLongDate(input.startDate)} to ${formatLongDate(input.endDate)}.`,
    };
  });
}

/** Removes a leave period of this trainer (audited with what it was). */
export async function removeTrainerLeave(
  actor: AuditActor,
  userId: string,
  id: string,
): Promise<ProfileOutcome> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .delete(trainerLeave)
      .where(and(eq(trainerLeave.id, id), eq(trainerLeave.userId, userId)))
      .returning();
    if (!row) return { ok: false, status: 404, message: "This leave period is no longer there." };
    await recordAudit(tx, actor, {
      action: "Removed trainer leave",
      tableName: "trainer_leave",
      recordId: id,
      oldValues: row,
    });
    return { ok: true, message: "Leave removed." };
  });
}
