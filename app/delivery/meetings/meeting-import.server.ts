import { and, eq } from "drizzle-orm";
import type { AuditActor } from "#app/platform/audit.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { getSettings } from "#app/platform/settings/setting.server";
import { now } from "#app/utils/clock";
import { formatLongDate } from "#app/utils/dates";
import { sessionInstant } from "#app/utils/sessions";
import { writeMark } from "../attendance/attendance.server";
import { type DeliveryRun, listLiveParticipants } from "../delivery-run.server";
import { attendanceMarks } from "../tables.server";
import {
  type Attendee,
  csvLines,
  matchReport,
  type ReportLine,
  ReportRefusal,
} from "./meeting-report.server";

export type NameMatch = { id: string; name: string; reportName: string; minutes: number; present: boolean };

export type ImportOutcome =
  | { ok: true; message: string; toConfirm: NameMatch[]; unknown: { name: string; minutes: number }[] }
  | { ok: false; status: number; message: string };

const minutes = (a: Attendee) => Math.round(a.seconds / 60);

/** Whether `day` is a session of the run that has ended: a meeting's report exists only afterwards. */
function sessionOver(run: DeliveryRun, day: string) {
  const session = run.sessions.find((s) => s.date === day);
  if (!session)
    return { ok: false as const, status: 400, message: "That day is not a session of this course date." };
  if (now().getTime() < sessionInstant(session.date, session.endTime).getTime()) {
    return {
      ok: false as const,
      status: 409,
      message: `The session of ${formatLongDate(day)} has not ended yet: import its meeting report afterwards.`,
    };
  }
  return { ok: true as const, session };
}

/**
 * Marks one session's attendance from its meeting's report (decision 0825): a participant matched by e-mail is
 * present when their summed time reaches the threshold and absent otherwise; one matched only by name waits
 * for a person to confirm (`confirmNameMatch`). On a virtual run a participant missing from the report is
 * absent unless already marked; on a hybrid run the room's register and the report merge: a present mark is
 * never turned absent, and nobody missing from the report is touched.
 */
export async function importMeetingReport(
  actor: AuditActor,
  run: DeliveryRun,
  day: string,
  lines: readonly ReportLine[],
): Promise<ImportOutcome> {
  const over = sessionOver(run, day);
  if (!over.ok) return over;
  const settings = await getSettings();
  const people = await listLiveParticipants(run.id);
  const match = matchReport(lines, people, over.session, settings.meeting_attendance_threshold);
  const hybrid = run.deliveryMode === "hybrid";
  return moneyTransaction(async (tx) => {
    let present = 0;
    let absent = 0;
    const write = async (id: string, isPresent: boolean, detail: Record<string, unknown>) => {
      const written = await writeMark(tx, actor, run, {
        id,
        day,
        present: isPresent,
        threshold: settings.certificate_threshold,
        source: "import",
        keepPresent: hybrid,
        detail,
      });
      if (written.ok && written.changed) {
        if (isPresent) present++;
        else absent++;
      }
    };
    for (const row of match.byEmail)
      await write(row.participant.id, row.present, { minutes: minutes(row.attendee) });
    if (!hybrid) {
      const inReport = new Set([...match.byEmail, ...match.byName].map((row) => row.participant.id));
      const marks = await tx
        .select({ registrationId: attendanceMarks.registrationId })
        .from(attendanceMarks)
        .where(and(eq(attendanceMarks.runId, run.id), eq(attendanceMarks.day, day)));
      const marked = new Set(marks.map((m) => m.registrationId));
      for (const person of people) {
        if (!inReport.has(person.id) && !marked.has(person.id))
          await write(person.id, false, { in_report: false });
      }
    }
    const toConfirm = match.byName.map((row) => ({
      id: row.participant.id,
      name: row.participant.name,
      reportName: row.attendee.name,
      minutes: minutes(row.attendee),
      present: row.present,
    }));
    const waiting = toConfirm.length > 0 ? `; ${toConfirm.length} matched by name to confirm` : "";
    return {
      ok: true,
      message: `Imported the meeting report of ${formatLongDate(day)}: ${present} marked present, ${absent} absent${waiting}.`,
      toConfirm,
      unknown: match.unknown.map((a) => ({ name: a.name, minutes: minutes(a) })),
    };
  });
}

/** A person confirms a participant the report named without their e-mail: the mark the report gave, as an import. */
export async function confirmNameMatch(
  actor: AuditActor,
  run: DeliveryRun,
  input: { id: string; day: string; present: boolean; minutes: number },
): Promise<ImportOutcome> {
  const over = sessionOver(run, input.day);
  if (!over.ok) return over;
  const { certificate_threshold: threshold } = await getSettings();
  return moneyTransaction(async (tx) => {
    const written = await writeMark(tx, actor, run, {
      id: input.id,
      day: input.day,
      present: input.present,
      threshold,
      source: "import",
      keepPresent: run.deliveryMode === "hybrid",
      detail: { minutes: input.minutes, matched_by: "name" },
    });
    if (!written.ok) return written;
    return {
      ok: true,
      message: `${written.name}: ${input.present ? "present" : "absent"} (confirmed from the meeting report)`,
      toConfirm: [],
      unknown: [],
    };
  });
}

/** The CSV a meeting product exports of the session's participants report, imported as `importMeetingReport`. */
export async function importReportCsv(
  actor: AuditActor,
  run: DeliveryRun,
  day: string,
  bytes: Uint8Array,
): Promise<ImportOutcome> {
  let text: string;
  try {
    // Teams writes its attendance report in UTF-16 (with a byte order mark), Zoom in UTF-8
    const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe;
    text = new TextDecoder(utf16 ? "utf-16le" : "utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, status: 400, message: "This file is not text: upload the report as CSV." };
  }
  try {
    return await importMeetingReport(actor, run, day, csvLines(text));
  } catch (error) {
    if (error instanceof ReportRefusal) return { ok: false, status: 400, message: error.message };
    throw error;
  }
}
