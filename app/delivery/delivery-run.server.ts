import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import { courseRuns, courses, courseRegistrations as r } from "#app/platform/db/schema";
import { maskedIdNumberColumns, openIdNumber } from "#app/platform/personal-data/id-number.server";
import { SEAT_HOLDING_STATUSES } from "#app/site/index.server";
import { addDays, formatLongDate } from "#app/utils/dates";
import { maskedIdNumber } from "#app/utils/id-number";

/** A registration that still has its place (DESIGN §7): only these get reminders, marks and certificates. */
export const LIVE_STATUSES = SEAT_HOLDING_STATUSES;

export function isLive(status: string) {
  return (LIVE_STATUSES as readonly string[]).includes(status);
}

/** Every calendar day from the start to the end date (one day when there is no end date). */
export function runDays(run: { startDate: string | null; endDate: string | null }): string[] {
  if (!run.startDate) return [];
  const days = [run.startDate];
  const end = run.endDate ?? run.startDate;
  while ((days.at(-1) as string) < end && days.length < 366) days.push(addDays(days.at(-1) as string, 1));
  return days;
}

export function runDatesText(run: {
  label: string | null;
  startDate: string | null;
  endDate: string | null;
}) {
  if (run.label) return run.label;
  if (!run.startDate) return "Date to be confirmed";
  const start = formatLongDate(run.startDate);
  return run.endDate && run.endDate !== run.startDate ? `${start} to ${formatLongDate(run.endDate)}` : start;
}

/** The run with its course, as the delivery screens, e-mails and documents describe it. */
export async function findDeliveryRun(runId: string, executor: Executor = db()) {
  const [run] = await executor
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      courseTitle: courses.title,
      courseDescription: courses.description,
      objectives: courses.objectives,
      modules: courses.modules,
      durationDays: courses.durationDays,
      label: courseRuns.label,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
      venue: courseRuns.venue,
      status: courseRuns.status,
    })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(eq(courseRuns.id, runId));
  if (!run) return null;
  return { ...run, dates: runDatesText(run), days: runDays(run) };
}

export type DeliveryRun = NonNullable<Awaited<ReturnType<typeof findDeliveryRun>>>;

/**
 * The run's participants who still hold their place, in booking order. Their ID numbers come masked
 * (`•••• 4321`): these rows feed the delivery screens, which every run's trainer reads (decision 0637); the NITA
 * pack asks for the numbers in full with `fullIdNumbers`.
 */
export async function listLiveParticipants(runId: string, executor: Executor = db()) {
  const rows = await executor
    .select({
      id: r.id,
      name: r.name,
      email: r.email,
      organization: r.organization,
      ...maskedIdNumberColumns,
      bookingId: r.bookingId,
      status: r.status,
    })
    .from(r)
    .where(and(eq(r.runId, runId), isNull(r.deletedAt), inArray(r.status, [...LIVE_STATUSES])))
    .orderBy(asc(r.name), asc(r.id));
  return rows.map(({ hasIdNumber, idNumberLast4, ...person }) => ({
    ...person,
    maskedIdNumber: maskedIdNumber({ hasIdNumber, idNumberLast4 }),
  }));
}

/** The ID numbers of these registrations in full, by registration id (only the NITA pack prints them so). */
export async function fullIdNumbers(registrationIds: string[]) {
  if (registrationIds.length === 0) return new Map<string, string | null>();
  const rows = await db()
    .select({ id: r.id, idNumber: r.idNumber })
    .from(r)
    .where(inArray(r.id, registrationIds));
  return new Map(rows.map((row) => [row.id, openIdNumber(row.idNumber)]));
}
