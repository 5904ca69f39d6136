import { and, asc, eq, sql } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import type { EmailAttachment } from "#app/platform/db/tables.server";
import { env } from "#app/platform/env.server";
import { buildCalendar, type CalendarEvent, ICS_CONTENT_TYPE } from "#app/site/catalogue/icalendar.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { now } from "#app/utils/clock";
import type { CourseCategory } from "#app/utils/course-categories";
import { addDays, formatLongDate } from "#app/utils/dates";
import { runCalendarPath } from "#app/utils/runs";
import { datedRunOnOffer, publicRun } from "./course.server";
import { type RunSession, sessionsOfRuns } from "./run-sessions.server";

const calendarRunColumns = {
  id: courseRuns.id,
  startDate: sql<string>`${courseRuns.startDate}`,
  endDate: courseRuns.endDate,
  label: courseRuns.label,
  venue: courseRuns.venue,
  country: courseRuns.country,
  deliveryMode: courseRuns.deliveryMode,
  status: courseRuns.status,
  slug: courses.slug,
  title: courses.title,
  category: courses.category,
  durationDays: courses.durationDays,
  /** the run's own price, else the course's (KES), as the cards show it */
  cost: sql<number | null>`coalesce(${courseRuns.costOverride}, ${courses.cost})::float8`,
};

function selectCalendarRuns(executor: Executor) {
  return executor
    .select(calendarRunColumns)
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId));
}

/** A run as the calendar shows it, with the sessions it is held on (DESIGN §9). */
export type CalendarRun = Awaited<ReturnType<typeof selectCalendarRuns>>[number] & { sessions: RunSession[] };

async function withSessions<T extends Awaited<ReturnType<typeof selectCalendarRuns>>[number]>(
  runs: T[],
  executor: Executor,
) {
  const sessions = await sessionsOfRuns(runs, executor);
  return runs.map((run) => ({ ...run, sessions: sessions.get(run.id) ?? [] }));
}
export type CalendarFilter = { category?: CourseCategory; venue?: string };

/** Upcoming runs in date order, for the calendar page and the feed (the booking adds their free seats). */
export async function listUpcomingRunsWithoutSeats(filter: CalendarFilter = {}, executor: Executor = db()) {
  const conditions = [datedRunOnOffer()];
  if (filter.category) conditions.push(eq(courses.category, filter.category));
  if (filter.venue) conditions.push(eq(courseRuns.venue, filter.venue));
  return withSessions(
    await selectCalendarRuns(executor)
      .where(and(...conditions))
      .orderBy(asc(courseRuns.startDate), asc(courses.title)),
    executor,
  );
}

/** The venues of upcoming runs, alphabetical: the calendar's venue filter options. */
export async function listUpcomingVenues(executor: Executor = db()) {
  const rows = await executor
    .selectDistinct({ venue: courseRuns.venue })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(and(datedRunOnOffer(), sql`${courseRuns.venue} is not null`));
  return rows.map((row) => row.venue as string).sort((a, b) => a.localeCompare(b));
}

/** One dated public run of an active course (past runs too: a saved link keeps working). */
export async function findCalendarRun(runId: string, executor: Executor = db()) {
  const [run] = await selectCalendarRuns(executor)
    .where(
      and(
        eq(courseRuns.id, runId),
        eq(courses.status, "active"),
        sql`${courseRuns.startDate} is not null`,
        publicRun(),
      ),
    )
    .limit(1);
  return run ? (await withSessions([run], executor))[0] : undefined;
}

/**
 * The run's events: one per session, at its times (a weekend or a holiday it skips is no course day in the
 * attendee's calendar, DESIGN §9); a run without sessions is one all-day event over its dates.
 */
export function runEvents(run: CalendarRun, publicUrl = env().PUBLIC_URL): CalendarEvent[] {
  const url = `${publicUrl.replace(/\/$/, "")}/courses/${run.slug}`;
  const lastDay = run.endDate ?? addDays(run.startDate, Math.max(1, run.durationDays ?? 1) - 1);
  const description = (day: string | null) =>
    [run.title, day, run.label, run.venue ? `Venue: ${run.venue}` : null, `Details and registration: ${url}`]
      .filter(Boolean)
      .join("\n");
  const common = { summary: run.title, location: run.venue, url };
  if (run.sessions.length === 0) {
    return [
      {
        ...common,
        uid: `course-run-${run.id}@mafunzo`,
        startDate: run.startDate,
        endDate: lastDay,
        description: description(null),
      },
    ];
  }
  return run.sessions.map((session, i) => ({
    ...common,
    uid: `course-run-${run.id}-${session.date}@mafunzo`,
    startDate: session.date,
    endDate: session.date,
    startTime: session.startTime,
    endTime: session.endTime,
    description: description(`Day ${i + 1} of ${run.sessions.length}`),
  }));
}

export function runsCalendar(name: string, runs: CalendarRun[]) {
  return buildCalendar({ name, events: runs.flatMap((run) => runEvents(run)), stamp: now() });
}

export function runFileName(run: Pick<CalendarRun, "slug" | "startDate">) {
  return `${run.slug}-${run.startDate}.ics`;
}

/**
 * The run's calendar for the registrant's confirmation e-mail: the .ics attached, and the full address of the
 * same file for its "Add to calendar" button (a phone's mail app may not offer to open the attachment), and
 * the dates as the file has them, for a run without a printed label. None when the registration has no dated run.
 */
export async function runCalendarInvite(
  executor: Executor,
  runId: string | null,
): Promise<{ attachments: EmailAttachment[]; url: string | null; dates: string | null }> {
  const run = runId ? await findCalendarRun(runId, executor) : undefined;
  if (!run) return { attachments: [], url: null, dates: null };
  const events = runEvents(run);
  const startDate = events[0]?.startDate ?? run.startDate;
  const endDate = events.at(-1)?.endDate ?? startDate;
  return {
    dates:
      startDate === endDate
        ? formatLongDate(startDate)
        : `${formatLongDate(startDate)} to ${formatLongDate(endDate)}`,
    attachments: [
      { filename: runFileName(run), contentType: ICS_CONTENT_TYPE, content: runsCalendar(run.title, [run]) },
    ],
    url: `${env().PUBLIC_URL.replace(/\/$/, "")}${runCalendarPath(run.slug, run.id)}`,
  };
}
