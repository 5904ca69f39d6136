import { z } from "zod";
import { env } from "#app/platform/env.server";
import { logger } from "#app/platform/logger.server";
import type { MeetingAccount } from "./meeting-accounts.server";
import {
  type ReportLine,
  TeamsAttendanceReport,
  teamsLines,
  ZoomParticipantsPage,
  zoomLines,
} from "./meeting-report.server";

/**
 * The calls to Zoom's API (Server-to-Server OAuth) and Microsoft Graph (client credentials) a virtual run makes
 * (decision 0826): create a session's meeting, and fetch its participants report afterwards. Every call ends in
 * an answer: the meeting or the report, or a failure with a message staff can act on (credentials refused, no
 * such meeting, rate-limited with when to try again, or unreachable: timeout, 5xx).
 */
export type ApiFailure = { ok: false; message: string };
export type CreatedMeeting = { ok: true; joinUrl: string; meetingId: string; passcode: string | null };

const NAMES = { zoom: "Zoom", teams: "Microsoft Teams" } as const;

async function call(
  provider: MeetingAccount["provider"],
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: unknown; retryAfter: string | null } | ApiFailure> {
  try {
    const response = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(env().MEETING_API_TIMEOUT_SECONDS * 1000),
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body, retryAfter: response.headers.get("retry-after") };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    logger.warn({ url, err: error }, "Meeting API did not answer");
    return {
      ok: false,
      message: timedOut
        ? `${NAMES[provider]} did not answer in time: try again in a few minutes.`
        : `${NAMES[provider]} could not be reached: try again in a few minutes.`,
    };
  }
}

/** An answer that is not what was asked, said as staff can act on it. */
function failure(
  provider: MeetingAccount["provider"],
  answer: { status: number; body: unknown; retryAfter: string | null },
  what: string,
): ApiFailure {
  const name = NAMES[provider];
  if (answer.status === 401 || answer.status === 403) {
    return {
      ok: false,
      message: `${name} refused the connected account's credentials or permissions (${what}).`,
    };
  }
  if (answer.status === 404) return { ok: false, message: `${name} has no such meeting (${what}).` };
  if (answer.status === 429) {
    const wait = Number(answer.retryAfter);
    const when = Number.isFinite(wait) && wait > 0 ? `in ${Math.ceil(wait / 60)} minute(s)` : "later";
    return { ok: false, message: `${name} is limiting requests: try again ${when}.` };
  }
  return { ok: false, message: `${name} answered HTTP ${answer.status}: try again in a few minutes.` };
}

const TokenAnswer = z.object({ access_token: z.string().min(1) });

const zoomHosts = () => {
  const stand = env().ZOOM_URL?.replace(/\/$/, "");
  return { oauth: stand ?? "https://zoom.us", api: `${stand ?? "https://api.zoom.us"}/v2` };
};
const graphHosts = () => {
  const stand = env().MS_GRAPH_URL?.replace(/\/$/, "");
  return {
    login: stand ?? "https://login.microsoftonline.com",
    api: `${stand ?? "https://graph.microsoft.com"}/v1.0`,
  };
};

/** A fresh token for each action: the calls are a few a session, and a token never outlives a stored secret. */
async function accessToken(account: MeetingAccount): Promise<string | ApiFailure> {
  const answer =
    account.provider === "zoom"
      ? await call(
          "zoom",
          `${zoomHosts().oauth}/oauth/token?grant_type=account_credentials&account_id=${encodeURIComponent(account.accountId)}`,
          {
            method: "POST",
            headers: {
              Authorization: `Basic ${Buffer.from(`${account.clientId}:${account.clientSecret}`).toString("base64")}`,
            },
          },
        )
      : await call(
          "teams",
          `${graphHosts().login}/${encodeURIComponent(account.accountId)}/oauth2/v2.0/token`,
          {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({
              client_id: account.clientId,
              client_secret: account.clientSecret,
              scope: "https://graph.microsoft.com/.default",
              grant_type: "client_credentials",
            }),
          },
        );
  if ("ok" in answer) return answer;
  const token = TokenAnswer.safeParse(answer.body);
  if (answer.status === 200 && token.success) return token.data.access_token;
  // the token endpoints answer a bad client with 400 or 401: both are the credentials
  return failure(account.provider, answer.status === 400 ? { ...answer, status: 401 } : answer, "token");
}

async function authorised(account: MeetingAccount, url: string, init: RequestInit = {}) {
  const token = await accessToken(account);
  if (typeof token !== "string") return token;
  return call(account.provider, url, {
    ...init,
    headers: { ...init.headers, Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
  });
}

const ZoomMeeting = z.object({
  id: z.union([z.number(), z.string()]),
  join_url: z.url(),
  password: z.string().nullish(),
});
const GraphMeeting = z.object({
  id: z.string().min(1),
  joinWebUrl: z.url(),
  joinMeetingIdSettings: z.object({ passcode: z.string().nullish() }).nullish(),
});

/** A session's meeting, made in the connected account; `start` and `end` are instants. */
export async function createMeeting(
  account: MeetingAccount,
  meeting: { topic: string; start: Date; end: Date },
): Promise<CreatedMeeting | ApiFailure> {
  if (account.provider === "zoom") {
    const answer = await authorised(
      account,
      `${zoomHosts().api}/users/${encodeURIComponent(account.organizer)}/meetings`,
      {
        method: "POST",
        body: JSON.stringify({
          topic: meeting.topic.slice(0, 200),
          type: 2, // a scheduled meeting
          start_time: meeting.start.toISOString().replace(/\.\d{3}Z$/, "Z"),
          duration: Math.round((meeting.end.getTime() - meeting.start.getTime()) / 60_000),
          timezone: "Africa/Nairobi",
          settings: { join_before_host: false, waiting_room: true },
        }),
      },
    );
    if ("ok" in answer) return answer;
    const made = ZoomMeeting.safeParse(answer.body);
    if (answer.status !== 201 || !made.success) return failure("zoom", answer, "create a meeting");
    return {
      ok: true,
      joinUrl: made.data.join_url,
      meetingId: String(made.data.id),
      passcode: made.data.password ?? null,
    };
  }
  const answer = await authorised(
    account,
    `${graphHosts().api}/users/${encodeURIComponent(account.organizer)}/onlineMeetings`,
    {
      method: "POST",
      body: JSON.stringify({
        subject: meeting.topic,
        startDateTime: meeting.start.toISOString(),
        endDateTime: meeting.end.toISOString(),
      }),
    },
  );
  if ("ok" in answer) return answer;
  const made = GraphMeeting.safeParse(answer.body);
  if (answer.status !== 201 || !made.success) return failure("teams", answer, "create a meeting");
  return {
    ok: true,
    joinUrl: made.data.joinWebUrl,
    meetingId: made.data.id,
    passcode: made.data.joinMeetingIdSettings?.passcode ?? null,
  };
}

const MAX_PAGES = 50;

/**
 * The meeting's participants report: Zoom's past meeting participants (every page), or Graph's latest
 * attendance report of the meeting with its records.
 */
export async function fetchReport(
  account: MeetingAccount,
  meetingId: string,
): Promise<{ ok: true; lines: ReportLine[] } | ApiFailure> {
  if (account.provider === "zoom") {
    const lines: ReportLine[] = [];
    let next = "";
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({ page_size: "300", ...(next ? { next_page_token: next } : {}) });
      const answer = await authorised(
        account,
        `${zoomHosts().api}/past_meetings/${encodeURIComponent(meetingId)}/participants?${query}`,
      );
      if ("ok" in answer) return answer;
      const read = ZoomParticipantsPage.safeParse(answer.body);
      if (answer.status !== 200 || !read.success) return failure("zoom", answer, `meeting ${meetingId}`);
      lines.push(...zoomLines(read.data.participants));
      next = read.data.next_page_token ?? "";
      if (!next) return { ok: true, lines };
    }
    return { ok: true, lines };
  }
  const base = `${graphHosts().api}/users/${encodeURIComponent(account.organizer)}/onlineMeetings/${encodeURIComponent(meetingId)}/attendanceReports`;
  const list = await authorised(account, base);
  if ("ok" in list) return list;
  const reports = z.object({ value: z.array(z.object({ id: z.string() })) }).safeParse(list.body);
  if (list.status !== 200 || !reports.success) return failure("teams", list, `meeting ${meetingId}`);
  const latest = reports.data.value.at(-1);
  if (!latest)
    return { ok: false, message: "Microsoft Teams has no attendance report for this meeting yet." };
  const answer = await authorised(
    account,
    `${base}/${encodeURIComponent(latest.id)}?$expand=attendanceRecords`,
  );
  if ("ok" in answer) return answer;
  const report = TeamsAttendanceReport.safeParse(answer.body);
  if (answer.status !== 200 || !report.success) return failure("teams", answer, `meeting ${meetingId}`);
  return { ok: true, lines: teamsLines(report.data) };
}
