import { and, eq } from "drizzle-orm";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { runSessions } from "#app/site/tables.server";
import { formatLongDate } from "#app/utils/dates";
import { sessionInstant } from "#app/utils/sessions";
import type { DeliveryRun } from "../delivery-run.server";
import { getMeetingAccount, type MeetingAccountKind } from "./meeting-accounts.server";
import { createMeeting, fetchReport } from "./meeting-api.server";
import { type ImportOutcome, importMeetingReport } from "./meeting-import.server";

export type MeetingOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

type Meeting = {
  provider: "zoom" | "teams" | "link";
  link: string;
  meetingId: string | null;
  passcode: string | null;
};

/** Writes the session's meeting (its row made with its times when the run still has its default days). */
async function saveMeeting(actor: AuditActor, run: DeliveryRun, day: string, meeting: Meeting) {
  const session = run.sessions.find((s) => s.date === day);
  if (!session) return;
  const values = {
    mode: "virtual" as const,
    meetingLink: meeting.link,
    meetingProvider: meeting.provider,
    meetingId: meeting.meetingId,
    meetingPasscode: meeting.passcode,
  };
  await db().transaction(async (tx) => {
    await tx
      .insert(runSessions)
      .values({ runId: run.id, date: day, startTime: session.startTime, endTime: session.endTime, ...values })
      .onConflictDoUpdate({ target: [runSessions.runId, runSessions.date], set: values });
    await recordAudit(tx, actor, {
      action: "Set session meeting",
      tableName: "run_sessions",
      recordId: run.id,
      oldValues: session.meetingLink ? { day, link: session.meetingLink } : null,
      newValues: { day, provider: meeting.provider, meeting_id: meeting.meetingId },
    });
  });
}

const notASession = {
  ok: false as const,
  status: 400,
  message: "That day is not a session of this course date.",
};

/** A meeting link staff pasted (any provider's): it reaches the participants as one made through an API does. */
export async function setMeetingLink(
  actor: AuditActor,
  run: DeliveryRun,
  input: { day: string; link: string; passcode: string | null },
): Promise<MeetingOutcome> {
  if (!run.days.includes(input.day)) return notASession;
  await saveMeeting(actor, run, input.day, {
    provider: "link",
    link: input.link,
    meetingId: null,
    passcode: input.passcode,
  });
  return { ok: true, message: `Meeting link saved for ${formatLongDate(input.day)}.` };
}

/** Creates the session's meeting in the connected Zoom or Teams account and keeps its link, id and passcode. */
export async function createSessionMeeting(
  actor: AuditActor,
  run: DeliveryRun,
  input: { day: string; provider: MeetingAccountKind },
): Promise<MeetingOutcome> {
  const session = run.sessions.find((s) => s.date === input.day);
  if (!session) return notASession;
  const account = await getMeetingAccount(input.provider);
  if (!account) {
    const name = input.provider === "zoom" ? "Zoom" : "Microsoft Teams";
    return {
      ok: false,
      status: 409,
      message: `${name} is not connected: connect it in Settings, or paste a link.`,
    };
  }
  const made = await createMeeting(account, {
    topic: `${run.courseTitle}: ${formatLongDate(input.day)}`,
    start: sessionInstant(session.date, session.startTime),
    end: sessionInstant(session.date, session.endTime),
  });
  if (!made.ok) return { ok: false, status: 502, message: made.message };
  await saveMeeting(actor, run, input.day, {
    provider: input.provider,
    link: made.joinUrl,
    meetingId: made.meetingId,
    passcode: made.passcode,
  });
  return { ok: true, message: `Meeting created for ${formatLongDate(input.day)}.` };
}

/** After the session: its meeting's report fetched from Zoom or Teams and imported (decision 0825). */
export async function importFromMeeting(
  actor: AuditActor,
  run: DeliveryRun,
  day: string,
): Promise<ImportOutcome> {
  const [session] = await db()
    .select({ provider: runSessions.meetingProvider, meetingId: runSessions.meetingId })
    .from(runSessions)
    .where(and(eq(runSessions.runId, run.id), eq(runSessions.date, day)));
  if (!session?.meetingId || (session.provider !== "zoom" && session.provider !== "teams")) {
    return {
      ok: false,
      status: 409,
      message:
        "This session's meeting was not created through Zoom or Teams: upload its participants report.",
    };
  }
  const account = await getMeetingAccount(session.provider);
  if (!account) {
    return {
      ok: false,
      status: 409,
      message: "The meeting's account is no longer connected: upload its report.",
    };
  }
  const report = await fetchReport(account, session.meetingId);
  if (!report.ok) return { ok: false, status: 502, message: report.message };
  return importMeetingReport(actor, run, day, report.lines);
}
