import { and, asc, desc, eq, gte, inArray, lte, ne } from "drizzle-orm";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { courseRuns, gazettedHolidays, runSessions } from "#app/site/tables.server";
import {
  COUNTRY_NAMES,
  countryCode,
  type Holiday,
  type HolidayCountry,
  holidaysBetween,
  workingDays,
} from "#app/utils/public-holidays";

/**
 * One day a run is held, Nairobi wall-clock times (DESIGN §9). Without its meeting: these feed the public pages,
 * the calendar and the .ics, and a meeting's link reaches only the booked participants (decision 0827).
 */
export type RunSession = {
  date: string;
  startTime: string;
  endTime: string;
  mode: "in_person" | "virtual";
};

/** What a run's sessions are computed from. */
export type SessionRun = {
  id: string;
  startDate: string | null;
  endDate: string | null;
  country: string | null;
};

export const DEFAULT_START = "09:00";
export const DEFAULT_END = "17:00";

const defaultSession = (date: string): RunSession => ({
  date,
  startTime: DEFAULT_START,
  endTime: DEFAULT_END,
  mode: "in_person",
});

/** The gazetted one-off holidays of a country between two dates. */
export async function gazettedBetween(
  country: HolidayCountry,
  start: string,
  end: string,
  executor: Executor = db(),
): Promise<Holiday[]> {
  return executor
    .select({ date: gazettedHolidays.date, name: gazettedHolidays.name })
    .from(gazettedHolidays)
    .where(
      and(
        eq(gazettedHolidays.country, country),
        gte(gazettedHolidays.date, start),
        lte(gazettedHolidays.date, end),
      ),
    );
}

/** The public holidays (by law and gazetted) of the run's country from its start to its end date. */
export async function runHolidays(run: Omit<SessionRun, "id">, executor: Executor = db()) {
  if (!run.startDate) return [];
  const end = run.endDate && run.endDate > run.startDate ? run.endDate : run.startDate;
  const country = countryCode(run.country);
  return holidaysBetween(
    country,
    run.startDate,
    end,
    await gazettedBetween(country, run.startDate, end, executor),
  );
}

/** The run's default sessions: its working days, without weekends and its country's public holidays. */
export async function defaultSessions(run: Omit<SessionRun, "id">, executor: Executor = db()) {
  if (!run.startDate) return [];
  return workingDays(run.startDate, run.endDate, await runHolidays(run, executor)).map(defaultSession);
}

const sessionColumns = {
  runId: runSessions.runId,
  date: runSessions.date,
  startTime: runSessions.startTime,
  endTime: runSessions.endTime,
  mode: runSessions.mode,
};

/**
 * The sessions of several runs, by run id, in date order. A run whose sessions were never written (one made
 * outside the editor, by the seed or a script) is held on its default days.
 */
export async function sessionsOfRuns(runs: readonly SessionRun[], executor: Executor = db()) {
  const byRun = new Map<string, RunSession[]>(runs.map((run) => [run.id, []]));
  if (runs.length === 0) return byRun;
  const rows = await executor
    .select(sessionColumns)
    .from(runSessions)
    .where(
      inArray(
        runSessions.runId,
        runs.map((run) => run.id),
      ),
    )
    .orderBy(asc(runSessions.date));
  for (const { runId, ...session } of rows) byRun.get(runId)?.push(session);
  for (const run of runs) {
    if ((byRun.get(run.id) ?? []).length === 0) byRun.set(run.id, await defaultSessions(run, executor));
  }
  return byRun;
}

/** The sessions of one run, in date order. */
export async function runSessionsOf(run: SessionRun, executor: Executor = db()) {
  return (await sessionsOfRuns([run], executor)).get(run.id) ?? [];
}

/**
 * Writes the run's default sessions in place of any it had: on a new run, and when its dates or country change
 * (the days an office chose by hand belonged to the old dates). Says which holidays it skipped.
 */
export async function resetRunSessions(tx: Executor, run: SessionRun) {
  await tx.delete(runSessions).where(eq(runSessions.runId, run.id));
  const holidays = await runHolidays(run, tx);
  const sessions = run.startDate ? workingDays(run.startDate, run.endDate, holidays) : [];
  if (sessions.length > 0) {
    await tx.insert(runSessions).values(sessions.map((date) => ({ runId: run.id, date })));
  }
  const skipped = holidays.filter((h) => !sessions.includes(h.date) && !isWeekendDay(h.date));
  return { sessions, skipped };
}

const isWeekendDay = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

export type SessionEdit = { ok: true; message: string } | { ok: false; status: number; message: string };

const longDay = (date: string) =>
  new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));

/**
 * Adds a session day to a run on purpose (a Saturday, a day moved after a holiday) or drops one. The run's
 * default days are written first if it never had its own, so an edit changes one day and keeps the rest.
 * A run keeps at least one session; a day already marked in the register stays (`markedInRegister`: the
 * register is delivery's, which site sits before, so the caller asks it; decision 0725).
 */
export async function editRunSession(
  tx: Executor,
  run: SessionRun,
  edit: {
    intent: "add" | "remove";
    date: string;
    startTime?: string;
    endTime?: string;
    markedInRegister?: boolean;
  },
): Promise<SessionEdit> {
  const current = await runSessionsOf(run, tx);
  const [stored] = await tx
    .select({ id: runSessions.id })
    .from(runSessions)
    .where(eq(runSessions.runId, run.id))
    .limit(1);
  if (!stored && current.length > 0) {
    await tx.insert(runSessions).values(current.map((s) => ({ runId: run.id, date: s.date })));
  }
  const has = current.some((s) => s.date === edit.date);
  if (edit.intent === "add") {
    if (has)
      return {
        ok: false,
        status: 409,
        message: `${longDay(edit.date)} is already a session of this course date.`,
      };
    const holiday = (await runHolidays({ ...run, startDate: edit.date, endDate: edit.date }, tx))[0];
    await tx.insert(runSessions).values({
      runId: run.id,
      date: edit.date,
      startTime: edit.startTime ?? DEFAULT_START,
      endTime: edit.endTime ?? DEFAULT_END,
    });
    const note = holiday ? ` It is ${holiday.name}, a public holiday: the session is kept as you chose.` : "";
    return { ok: true, message: `Session added on ${longDay(edit.date)}.${note}` };
  }
  if (!has)
    return { ok: false, status: 404, message: `${longDay(edit.date)} is not a session of this course date.` };
  if (current.length === 1) {
    return {
      ok: false,
      status: 409,
      message: "A course date keeps at least one session: change its dates instead.",
    };
  }
  if (edit.markedInRegister) {
    return {
      ok: false,
      status: 409,
      message: `${longDay(edit.date)} has attendance marked in the register: it stays a session.`,
    };
  }
  await tx.delete(runSessions).where(and(eq(runSessions.runId, run.id), eq(runSessions.date, edit.date)));
  return { ok: true, message: `Session on ${longDay(edit.date)} removed.` };
}

/** "Mashujaa Day (20 October 2027)" for the editor's message about a run across holidays. */
export function holidayNotice(skipped: readonly Holiday[]) {
  if (skipped.length === 0) return "";
  const day = new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  const names = skipped.map((h) => `${h.name} (${day.format(new Date(`${h.date}T00:00:00Z`))})`);
  return ` It crosses ${names.length === 1 ? "a public holiday" : "public holidays"}: ${names.join(", ")}, not a session day.`;
}

/** The gazetted one-off holidays on record, newest first, for the holidays screen. */
export async function listGazettedHolidays(executor: Executor = db()) {
  return executor
    .select({
      id: gazettedHolidays.id,
      country: gazettedHolidays.country,
      date: gazettedHolidays.date,
      name: gazettedHolidays.name,
    })
    .from(gazettedHolidays)
    .orderBy(desc(gazettedHolidays.date));
}

/**
 * Records a holiday the government gazetted for one year: new runs over it skip it. Runs already holding a
 * session that day keep it (the office decides), and the answer says how many they are.
 */
export async function addGazettedHoliday(
  actor: AuditActor,
  input: { country: HolidayCountry; date: string; name: string },
): Promise<SessionEdit> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(gazettedHolidays)
      .values({ ...input, createdBy: actor.id })
      .onConflictDoNothing()
      .returning({ id: gazettedHolidays.id });
    if (!row) {
      return {
        ok: false,
        status: 409,
        message: `A holiday on that day is already recorded for ${COUNTRY_NAMES[input.country]}.`,
      };
    }
    await recordAudit(tx, actor, {
      action: "Added gazetted holiday",
      tableName: "gazetted_holidays",
      recordId: row.id,
      newValues: input,
    });
    const held = await tx
      .select({ runId: runSessions.runId, country: courseRuns.country })
      .from(runSessions)
      .innerJoin(courseRuns, eq(courseRuns.id, runSessions.runId))
      .where(and(eq(runSessions.date, input.date), ne(courseRuns.status, "cancelled")));
    const affected = held.filter((r) => countryCode(r.country) === input.country).length;
    const note =
      affected === 0
        ? ""
        : ` ${affected} course date${affected === 1 ? " has a session" : "s have sessions"} that day: review ${affected === 1 ? "it" : "them"} on the course's page.`;
    return { ok: true, message: `${input.name} recorded for ${COUNTRY_NAMES[input.country]}.${note}` };
  });
}
