import { and, eq, gte, isNull, lte, ne, sql } from "drizzle-orm";
import { courseRegistrations as r } from "#app/booking/tables.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { getSettings } from "#app/platform/settings/setting.server";
import type { TodayContributor, TodayItem } from "#app/platform/today/contributor";
import { sessionsOfRuns } from "#app/site/index.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { addDays, formatLongDate } from "#app/utils/dates";
import { formatMinor } from "#app/utils/minor-units";
import { LIVE_STATUSES } from "../delivery-run.server";
import { runDecisions, runVenueHolds } from "../tables.server";
import { DECISION_NOTICE_DAYS, decisionDate } from "./economics";
import { runEconomics } from "./run-economics.server";

// The go/no-go's read side (issue 48, item 4; decision 0776): each undecided course date's decision date, the
// runs nearing it on "What needs doing today" with their figures, and the line a tentative date's confirmation
// carries.

/** How far ahead the dashboard looks for course dates whose decision may be near. */
const LOOKAHEAD_DAYS = 200;

/** Undecided, not cancelled course dates starting from `day` with their decision date, soonest decision first. */
async function undecidedRuns(day: string, executor: Executor = db()) {
  const runs = await executor
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      title: courses.title,
      label: courseRuns.label,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
      country: courseRuns.country,
      finalNumbersDue: runVenueHolds.finalNumbersDue,
      cancellationLadder: runVenueHolds.cancellationLadder,
      held: sql<boolean>`${runVenueHolds.runId} is not null`,
      participants: sql<number>`(select count(*)::int from ${r} where ${r.runId} = ${courseRuns.id} and ${r.deletedAt} is null and ${r.status} in ${[...LIVE_STATUSES]})`,
    })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .leftJoin(runVenueHolds, eq(runVenueHolds.runId, courseRuns.id))
    .leftJoin(runDecisions, eq(runDecisions.runId, courseRuns.id))
    .where(
      and(
        ne(courseRuns.status, "cancelled"),
        isNull(runDecisions.id),
        gte(courseRuns.startDate, day),
        lte(courseRuns.startDate, addDays(day, LOOKAHEAD_DAYS)),
      ),
    );
  const sessions = await sessionsOfRuns(runs, executor);
  const { decision_buffer_days: buffer } = await getSettings(executor);
  return runs.map((run) => ({
    ...run,
    decisionDate: decisionDate(
      run.held
        ? { finalNumbersDue: run.finalNumbersDue, cancellationLadder: run.cancellationLadder ?? [] }
        : null,
      sessions.get(run.id)?.[0]?.date ?? run.startDate,
      buffer,
    ),
  }));
}

/**
 * Course dates with something at stake (participants or a room held) whose go/no-go decision falls within
 * DECISION_NOTICE_DAYS or has passed, soonest first, each with its figures.
 */
export const goNoGoToday: TodayContributor = async ({ today }) => {
  const due = (await undecidedRuns(today))
    .filter((run) => (run.participants > 0 || run.held) && run.decisionDate !== null)
    .filter((run) => (run.decisionDate as string) <= addDays(today, DECISION_NOTICE_DAYS))
    .sort((a, b) => (a.decisionDate as string).localeCompare(b.decisionDate as string));
  const items: TodayItem[] = [];
  for (const run of due) {
    const numbers = await runEconomics(run.id);
    if (!numbers) continue;
    const money = (n: number) => formatMinor(n, numbers.run.currency);
    const figures = [
      `${numbers.booked} booked`,
      numbers.run.minParticipants ? `minimum ${numbers.run.minParticipants}` : null,
      numbers.breakEven === null ? "no break-even at this price" : `break-even ${numbers.breakEven}`,
      numbers.margins.booked ? `margin ${money(numbers.margins.booked.margin)}` : null,
    ].filter(Boolean);
    const when = (run.decisionDate as string) < today ? "was due" : "due";
    items.push({
      id: `decision-${run.id}`,
      count: numbers.booked,
      title: `go/no-go ${when} ${formatLongDate(run.decisionDate as string)}: ${run.title}, ${run.label ?? run.startDate} (${figures.join(", ")})`,
      to: `/admin/courses/${run.courseId}/runs/${run.id}#economics`,
    });
  }
  return items;
};

/**
 * What a booking's confirmation says of a tentative course date: "This date is confirmed when it reaches N
 * participants, by <date>." Null once the date is decided, cancelled, or without a minimum or decision date.
 */
export async function tentativeNote(runId: string, executor: Executor = db()) {
  const [run] = await executor
    .select({
      id: courseRuns.id,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
      country: courseRuns.country,
      status: courseRuns.status,
      minParticipants: courseRuns.minParticipants,
      decided: sql<boolean>`${runDecisions.id} is not null`,
      finalNumbersDue: runVenueHolds.finalNumbersDue,
      cancellationLadder: runVenueHolds.cancellationLadder,
      held: sql<boolean>`${runVenueHolds.runId} is not null`,
    })
    .from(courseRuns)
    .leftJoin(runDecisions, eq(runDecisions.runId, courseRuns.id))
    .leftJoin(runVenueHolds, eq(runVenueHolds.runId, courseRuns.id))
    .where(eq(courseRuns.id, runId));
  if (!run || run.decided || run.status === "cancelled" || !run.minParticipants) return null;
  const sessions = await sessionsOfRuns([run], executor);
  const { decision_buffer_days: buffer } = await getSettings(executor);
  const due = decisionDate(
    run.held
      ? { finalNumbersDue: run.finalNumbersDue, cancellationLadder: run.cancellationLadder ?? [] }
      : null,
    sessions.get(run.id)?.[0]?.date ?? run.startDate,
    buffer,
  );
  if (!due) return null;
  return `This date is confirmed when it reaches ${run.minParticipants} participants, by ${formatLongDate(due)}. We will e-mail you either way.`;
}
