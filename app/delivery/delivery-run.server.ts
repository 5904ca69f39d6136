import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { SEAT_HOLDING_STATUSES } from "#app/booking/index.server";
import { courseRegistrations as r } from "#app/booking/tables.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { maskedIdNumberColumns, openIdNumber } from "#app/platform/personal-data/id-number.server";
import { type RunSession, runSessionsOf, type SessionRun } from "#app/site/index.server";
import { courseRuns, courses, runSessions } from "#app/site/tables.server";
import { now } from "#app/utils/clock";
import { formatLongDate, today } from "#app/utils/dates";
import { maskedIdNumber } from "#app/utils/id-number";
import { sessionInstant, totalHours } from "#app/utils/sessions";

/** A registration that still has its place (DESIGN §7): only these get reminders, marks and certificates. */
export const LIVE_STATUSES = SEAT_HOLDING_STATUSES;

export function isLive(status: string) {
  return (LIVE_STATUSES as readonly string[]).includes(status);
}

/**
 * The days a run is held: its sessions (DESIGN §9), not the calendar days between its dates, so a weekend or a
 * public holiday is never a course day unless the office made it a session.
 */
export async function runDays(run: SessionRun, executor: Executor = db()): Promise<string[]> {
  return (await runSessionsOf(run, executor)).map((session) => session.date);
}

/**
 * Where a run stands on the business clock: which of its sessions have begun (only those can be marked: a
 * day is never marked before it starts) and whether its last session is over (only then are certificates
 * due, decision 0681).
 */
export function sessionClock(sessions: readonly RunSession[], at: Date = now()) {
  const day = today(at);
  const last = sessions.at(-1);
  return {
    started: sessions.filter((s) => s.date <= day).map((s) => s.date),
    finished: last ? at.getTime() >= sessionInstant(last.date, last.endTime).getTime() : false,
  };
}

/** The hours the run's sessions count on a certificate and in the NITA timetable. */
export const runHours = totalHours;

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
      deliveryMode: courseRuns.deliveryMode,
      country: courseRuns.country,
      status: courseRuns.status,
    })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(eq(courseRuns.id, runId));
  if (!run) return null;
  const [plain, meetings] = await Promise.all([
    runSessionsOf(run, executor),
    sessionMeetings(run.id, executor),
  ]);
  // the meetings join here, on the delivery side only: the public sessions never carry them (decision 0827)
  const sessions = plain.map((session) => ({
    ...session,
    meetingLink: meetings.get(session.date)?.link ?? null,
    meetingPasscode: meetings.get(session.date)?.passcode ?? null,
  }));
  return { ...run, dates: runDatesText(run), sessions, days: sessions.map((session) => session.date) };
}

/** The meetings of a run's sessions, by date: only for the booked participants and the staff who deliver it. */
export async function sessionMeetings(runId: string, executor: Executor = db()) {
  const rows = await executor
    .select({ date: runSessions.date, link: runSessions.meetingLink, passcode: runSessions.meetingPasscode })
    .from(runSessions)
    .where(and(eq(runSessions.runId, runId), isNotNull(runSessions.meetingLink)));
  return new Map(rows.map((row) => [row.date, { link: row.link as string, passcode: row.passcode }]));
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
      ...maskedIdNumberColumns(r),
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
