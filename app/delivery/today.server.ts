import { and, asc, eq, gte, lte, ne, or, sql } from "drizzle-orm";
import { courseRegistrations } from "#app/booking/tables.server";
import { attendanceMarks, certificates, runReminders, runTrainers } from "#app/delivery/tables.server";
import { db } from "#app/platform/db/client.server";
import { smsOutbox, whatsappOutbox } from "#app/platform/db/tables.server";
import type { TodayContributor, TodayItem } from "#app/platform/today/contributor";
import { sessionsOfRuns } from "#app/site/index.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { now } from "#app/utils/clock";
import { addDays } from "#app/utils/dates";
import { LIVE_STATUSES, sessionClock } from "./delivery-run.server";
import { goNoGoToday } from "./economics/go-no-go.server";

// Delivery's part of "What needs doing today" (decision 0716): registers to mark, certificates to issue, and
// tomorrow's reminders that did not reach a phone by SMS or WhatsApp, and course dates starting soon with participants but no
// confirmed trainer (issue 48).

/** How far back the dashboard looks for finished runs still missing their register or certificates. */
const DELIVERY_LOOKBACK_DAYS = 60;

/**
 * Runs that have started by `day` (up to DELIVERY_LOOKBACK_DAYS back, not cancelled), oldest first, with their
 * live participants, the days marked and the certificates issued.
 */
function startedRuns(day: string) {
  return db()
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      title: courses.title,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
      country: courseRuns.country,
      label: courseRuns.label,
      participants: sql<number>`(select count(*)::int from ${courseRegistrations} r where r.run_id = ${courseRuns.id} and r.deleted_at is null and r.status in (${sql.join(
        LIVE_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )}))`,
      markedDays: sql<number>`(select count(distinct a.day)::int from ${attendanceMarks} a where a.run_id = ${courseRuns.id})`,
      certificates: sql<number>`(select count(*)::int from ${certificates} c where c.run_id = ${courseRuns.id})`,
    })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(
      and(
        ne(courseRuns.status, "cancelled"),
        lte(courseRuns.startDate, day),
        gte(
          sql`coalesce(${courseRuns.endDate}, ${courseRuns.startDate})`,
          addDays(day, -DELIVERY_LOOKBACK_DAYS),
        ),
      ),
    )
    .orderBy(asc(courseRuns.startDate));
}

type StartedRun = Awaited<ReturnType<typeof startedRuns>>[number];

/**
 * A run's one item, if it awaits anything: attendance while a course day has gone by with nobody marked for it,
 * else certificates once it has ended with none issued. Each links to the run's own page for it.
 */
function deliveryItem(run: StartedRun, clock: ReturnType<typeof sessionClock>): TodayItem | null {
  const base = `/admin/courses/${run.courseId}/runs/${run.id}`;
  const when = run.label ?? run.startDate;
  const daysGone = clock.started.length;
  if (run.markedDays < daysGone) {
    return {
      id: `attendance-${run.id}`,
      count: daysGone - run.markedDays,
      title: `${daysGone - run.markedDays === 1 ? "day" : "days"} of attendance to mark: ${run.title}, ${when}`,
      to: `${base}/attendance`,
    };
  }
  if (clock.finished && run.certificates === 0) {
    return {
      id: `certificates-${run.id}`,
      count: run.participants,
      title: `participants awaiting certificates: ${run.title}, ${when}`,
      to: `${base}/certificates`,
    };
  }
  return null;
}

/** How far ahead a course date with participants and no confirmed trainer is on the dashboard. */
export const TRAINER_CONFIRM_DAYS = 14;

const trainersIn = (state: "accepted" | "requested") =>
  sql<number>`(select count(*)::int from ${runTrainers} t where t.run_id = ${courseRuns.id} and t.state = ${state})`;

/** Course dates starting within TRAINER_CONFIRM_DAYS with live participants and no accepted trainer, soonest first. */
async function unconfirmedTrainers(day: string): Promise<TodayItem[]> {
  const runs = await db()
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      title: courses.title,
      startDate: courseRuns.startDate,
      label: courseRuns.label,
      accepted: trainersIn("accepted"),
      asked: trainersIn("requested"),
      participants: sql<number>`(select count(*)::int from ${courseRegistrations} r where r.run_id = ${courseRuns.id} and r.deleted_at is null and r.status in (${sql.join(
        LIVE_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )}))`,
    })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(
      and(
        ne(courseRuns.status, "cancelled"),
        gte(courseRuns.startDate, day),
        lte(courseRuns.startDate, addDays(day, TRAINER_CONFIRM_DAYS)),
      ),
    )
    .orderBy(asc(courseRuns.startDate));
  return runs
    .filter((run) => run.participants > 0 && run.accepted === 0)
    .map((run) => ({
      id: `trainer-${run.id}`,
      count: Math.max(run.asked, 1),
      title: `${run.asked === 0 ? "course date with no trainer confirmed" : run.asked === 1 ? "trainer asked, no answer yet" : "trainers asked, no answer yet"}: ${run.title}, ${run.label ?? run.startDate}`,
      to: `/admin/courses/${run.courseId}/runs/${run.id}`,
    }));
}

/**
 * Started runs with booked participants that await their register or their certificates, oldest first; then
 * course dates starting soon without a confirmed trainer; then course dates whose go/no-go decision is near.
 */
export const deliveryToday: TodayContributor = async ({ today }) => {
  const runs = (await startedRuns(today)).filter((run) => run.participants > 0);
  const sessions = await sessionsOfRuns(runs);
  // session days only, and "ended" once its last session is over: the certificates are due then (decision 0681)
  const delivering = runs.flatMap((run) => deliveryItem(run, sessionClock(sessions.get(run.id) ?? [])) ?? []);
  return [
    ...(await undeliveredReminders(today)),
    ...delivering,
    ...(await unconfirmedTrainers(today)),
    ...(await goNoGoToday({ today })),
  ];
};

/** How long a message may go without its delivery report before the office hears it was not delivered. */
const REPORT_WAIT_MS = 60 * 60 * 1000;

/** The phone channels a day-before reminder goes on beside e-mail, each with its outbox (decision 0773). */
const REMINDER_CHANNELS = [
  { id: "sms", name: "SMS", outbox: smsOutbox },
  { id: "whatsapp", name: "WhatsApp", outbox: whatsappOutbox },
] as const;

/**
 * The day-before reminders by SMS or WhatsApp of runs whose first session is tomorrow that have not reached the
 * phone (decisions 0765, 0769): refused or failed, still being retried, or sent an hour ago with no delivery
 * report. One item a run and channel; the office can call.
 */
async function undeliveredReminders(today: string): Promise<TodayItem[]> {
  const items = await Promise.all(
    REMINDER_CHANNELS.map(async ({ id, name, outbox }) =>
      (await undeliveredOn(outbox, today)).map((row) => ({
        id: `${id}-reminders-${row.runId}`,
        count: row.count,
        title: `${row.count === 1 ? "reminder" : "reminders"} for tomorrow not delivered by ${name}: ${row.title}, ${row.label ?? row.startDate}`,
        to: `/admin/courses/${row.courseId}/runs/${row.runId}`,
      })),
    ),
  );
  return items.flat();
}

/** Tomorrow's reminders in one channel's outbox that have not reached the phone, counted by run. */
function undeliveredOn(outbox: (typeof REMINDER_CHANNELS)[number]["outbox"], today: string) {
  const reportDue = new Date(now().getTime() - REPORT_WAIT_MS);
  return db()
    .select({
      runId: courseRuns.id,
      courseId: courseRuns.courseId,
      title: courses.title,
      label: courseRuns.label,
      startDate: runReminders.startDate,
      count: sql<number>`count(*)::int`,
    })
    .from(outbox)
    .innerJoin(runReminders, sql`${runReminders.id}::text = ${outbox.relatedId}`)
    .innerJoin(courseRuns, eq(courseRuns.id, runReminders.runId))
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(
      and(
        eq(outbox.relatedTable, "run_reminders"),
        eq(runReminders.startDate, addDays(today, 1)),
        ne(courseRuns.status, "cancelled"),
        or(
          eq(outbox.status, "failed"),
          and(eq(outbox.status, "pending"), sql`${outbox.attempts} > 0`),
          and(eq(outbox.status, "sent"), lte(outbox.sentAt, reportDue)),
        ),
      ),
    )
    .groupBy(courseRuns.id, courses.title, runReminders.startDate)
    .orderBy(asc(courses.title));
}
