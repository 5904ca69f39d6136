import { parse } from "csv-parse/sync";
import { z } from "zod";

/**
 * A meeting's participants report, read into one shape whatever it came from (issue 50, decision 0825):
 * Zoom's report of a past meeting's participants (GET /v2/past_meetings/{meetingId}/participants), Microsoft
 * Graph's attendance report of a Teams meeting (…/attendanceReports/{id}?$expand=attendanceRecords), or the
 * CSV either product exports of the same report. One line per join: a person who dropped out and rejoined has
 * several, summed by `attendees`.
 */
export type ReportLine = { name: string; email: string | null; seconds: number };

export class ReportRefusal extends Error {}

const ZoomParticipant = z.object({
  name: z.string().default(""),
  user_email: z.string().nullish(),
  /** seconds in the meeting for this join */
  duration: z.coerce.number().nonnegative(),
});
/** One page of Zoom's past meeting participants report. */
export const ZoomParticipantsPage = z.object({
  next_page_token: z.string().nullish(),
  participants: z.array(ZoomParticipant),
});

const TeamsRecord = z.object({
  emailAddress: z.string().nullish(),
  totalAttendanceInSeconds: z.coerce.number().nonnegative(),
  identity: z.object({ displayName: z.string().nullish() }).nullish(),
});
/** Graph's meetingAttendanceReport with its attendanceRecords expanded. */
export const TeamsAttendanceReport = z.object({ attendanceRecords: z.array(TeamsRecord) });

export const zoomLines = (participants: z.infer<typeof ZoomParticipant>[]): ReportLine[] =>
  participants.map((p) => ({ name: p.name, email: p.user_email || null, seconds: p.duration }));

export const teamsLines = (report: z.infer<typeof TeamsAttendanceReport>): ReportLine[] =>
  report.attendanceRecords.map((r) => ({
    name: r.identity?.displayName ?? "",
    email: r.emailAddress || null,
    seconds: r.totalAttendanceInSeconds,
  }));

const NAME_HEADERS = ["name (original name)", "name", "full name", "participant", "display name"];
const EMAIL_HEADERS = ["user email", "email", "email address", "participant id (upn)", "upn"];
/** Zoom's export counts minutes; Teams' writes "1h 2m 3s" */
const MINUTE_HEADERS = ["duration (minutes)", "total duration (minutes)", "duration (mins)"];
const SPAN_HEADERS = ["in-meeting duration", "attendance duration", "duration"];

/** "1h 2m 3s", "45m 10s", "3600" (seconds) or "01:02:03": the seconds it says; null when it says none. */
export function spanSeconds(text: string): number | null {
  const value = text.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const clock = value.match(/^(\d+):([0-5]\d):([0-5]\d)$/);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  const parts = [...value.matchAll(/(\d+)\s*([hms])/gi)];
  if (parts.length === 0 || parts.map((p) => p[0]).join("").length !== value.replace(/\s+/g, "").length) {
    return null;
  }
  const unit = { h: 3600, m: 60, s: 1 } as const;
  return parts.reduce(
    (sum, p) => sum + Number(p[1]) * unit[(p[2] ?? "s").toLowerCase() as "h" | "m" | "s"],
    0,
  );
}

/**
 * The CSV of a participants report: Zoom's (Name (Original Name), User Email, Join Time, Leave Time, Duration
 * (Minutes), …) or the participants section of Teams' attendance report (Name, First Join, Last Leave,
 * In-Meeting Duration, Email, …), comma- or tab-separated. The header row is found, not assumed: Teams writes
 * a summary above it.
 */
export function csvLines(text: string): ReportLine[] {
  const clean = text.replace(/^\uFEFF/, "");
  const delimiter = clean.includes("\t") ? "\t" : ",";
  let rows: string[][];
  try {
    rows = parse(clean, { delimiter, relax_column_count: true, relax_quotes: true });
  } catch {
    throw new ReportRefusal("This file is not a CSV the meeting products export.");
  }
  const headerAt = rows.findIndex((row) => {
    const cells = row.map((cell) => cell.trim().toLowerCase());
    return cells.some((c) => NAME_HEADERS.includes(c)) && cells.some((c) => isDurationHeader(c));
  });
  const header = rows[headerAt]?.map((cell) => cell.trim().toLowerCase());
  if (!header) {
    throw new ReportRefusal(
      "No participants found: the file needs a header row with a name column and a duration column.",
    );
  }
  const column = (names: readonly string[]) => names.map((n) => header.indexOf(n)).find((i) => i >= 0) ?? -1;
  const name = column(NAME_HEADERS);
  const email = column(EMAIL_HEADERS);
  const minutes = column(MINUTE_HEADERS);
  const span = column(SPAN_HEADERS);
  const lines: ReportLine[] = [];
  for (const [index, row] of rows.slice(headerAt + 1).entries()) {
    const who = (row[name] ?? "").trim();
    if (!who) break; // Teams starts its next section (in-meeting activities) after an empty line
    const raw = (row[minutes >= 0 ? minutes : span] ?? "").trim();
    const seconds =
      minutes >= 0 && /^\d+(\.\d+)?$/.test(raw) ? Math.round(Number(raw) * 60) : spanSeconds(raw);
    if (seconds === null) {
      throw new ReportRefusal(`Line ${headerAt + index + 2}: "${raw.slice(0, 20)}" is not a duration.`);
    }
    lines.push({ name: who, email: email >= 0 ? (row[email] ?? "").trim() || null : null, seconds });
  }
  if (lines.length === 0) throw new ReportRefusal("The report lists no participants.");
  return lines;
}

const isDurationHeader = (cell: string) => MINUTE_HEADERS.includes(cell) || SPAN_HEADERS.includes(cell);

/** A name as people compare them: no accents, case, titles in brackets (Zoom's "(Original Name)") or extra spaces. */
export const nameKey = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\([^)]*\)/g, " ")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

const emailKey = (email: string | null) => email?.trim().toLowerCase() || null;

export type Attendee = { name: string; email: string | null; seconds: number };

/** One attendee per person: rejoins summed, keyed by e-mail, else by name. */
export function attendees(lines: readonly ReportLine[]): Attendee[] {
  const byKey = new Map<string, Attendee>();
  for (const line of lines) {
    const key = emailKey(line.email) ?? `name:${nameKey(line.name)}`;
    const seen = byKey.get(key);
    if (seen) seen.seconds += line.seconds;
    else byKey.set(key, { name: line.name, email: emailKey(line.email), seconds: line.seconds });
  }
  return [...byKey.values()];
}

export type Participant = { id: string; name: string; email: string | null };

export type ReportMatch = {
  /** matched by e-mail: marked at once */
  byEmail: { participant: Participant; attendee: Attendee; present: boolean }[];
  /** matched by name only: a person confirms before it is marked */
  byName: { participant: Participant; attendee: Attendee; present: boolean }[];
  /** in the meeting but not on the course date (a trainer, a guest, a colleague's device) */
  unknown: Attendee[];
};

/** "09:00" to "17:00": the session's length in seconds. */
export const sessionSeconds = (session: { startTime: string; endTime: string }) => {
  const at = (time: string) => Number(time.slice(0, 2)) * 3600 + Number(time.slice(3, 5)) * 60;
  return at(session.endTime) - at(session.startTime);
};

/**
 * Matches the report to the course date's participants: by e-mail, else by a name only one participant has
 * (for a person to confirm). Present when the summed time reaches `thresholdPercent` of the session's length.
 */
export function matchReport(
  lines: readonly ReportLine[],
  participants: readonly Participant[],
  session: { startTime: string; endTime: string },
  thresholdPercent: number,
): ReportMatch {
  const needed = (sessionSeconds(session) * thresholdPercent) / 100;
  const byEmailKey = new Map(participants.flatMap((p) => (p.email ? [[emailKey(p.email), p] as const] : [])));
  const nameCounts = new Map<string, Participant[]>();
  for (const p of participants)
    nameCounts.set(nameKey(p.name), [...(nameCounts.get(nameKey(p.name)) ?? []), p]);
  // a person may join once from their e-mail's account and once as a guest under their name: the two are summed
  const found = new Map<string, { participant: Participant; attendee: Attendee; how: "email" | "name" }>();
  const unknown: Attendee[] = [];
  for (const attendee of attendees(lines)) {
    const viaEmail = attendee.email ? byEmailKey.get(attendee.email) : undefined;
    const named = nameCounts.get(nameKey(attendee.name)) ?? [];
    const participant = viaEmail ?? (named.length === 1 ? named[0] : undefined);
    if (!participant) {
      unknown.push(attendee);
      continue;
    }
    const seen = found.get(participant.id);
    if (seen) {
      seen.attendee = { ...seen.attendee, seconds: seen.attendee.seconds + attendee.seconds };
      if (viaEmail) seen.how = "email";
    } else found.set(participant.id, { participant, attendee, how: viaEmail ? "email" : "name" });
  }
  const result: ReportMatch = { byEmail: [], byName: [], unknown };
  for (const { participant, attendee, how } of found.values()) {
    const row = { participant, attendee, present: attendee.seconds >= needed };
    (how === "email" ? result.byEmail : result.byName).push(row);
  }
  return result;
}
