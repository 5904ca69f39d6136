import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for the Microsoft identity platform and Microsoft Graph, written from their public references
 * (docs/virtual-runs.md lists the sources): the client credentials token
 * (POST /{tenant}/oauth2/v2.0/token, form client_id, client_secret, scope, grant_type), create an online meeting
 * (POST /v1.0/users/{userId}/onlineMeetings, 201 with id, joinWebUrl, joinMeetingIdSettings), and a meeting's
 * attendance reports (GET …/onlineMeetings/{id}/attendanceReports, then …/attendanceReports/{reportId}
 * ?$expand=attendanceRecords). It keeps the meetings made and the report each one had. Each API call may instead
 * end as the test says: 401 InvalidAuthenticationToken, 404 NotFound, 429 TooManyRequests with Retry-After, a 503,
 * or no answer (a timeout); errors in Graph's body `{ error: { code, message } }`.
 */
export const GRAPH_KEYS = {
  accountId: "4f0c5b1e-0c3f-4a0c-9d43-6a0c1a2b3c4d",
  clientId: "7d1e9a2b-1111-4c2d-8e3f-000000000042",
  clientSecret: "standIn~GraphSecret.0123",
  organizer: "training@mafunzo.test",
};

export type GraphFailure =
  | { kind: "401" }
  | { kind: "404" }
  | { kind: "429"; retryAfter: number }
  | { kind: "503" }
  | { kind: "timeout" };

export type GraphRecord = { email: string | null; name: string; seconds: number };

function readBody(request: http.IncomingMessage) {
  return new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

export async function startGraphStandIn() {
  const failures: GraphFailure[] = [];
  const meetings: {
    id: string;
    subject: string;
    startDateTime: string;
    endDateTime: string;
    joinWebUrl: string;
  }[] = [];
  const reports = new Map<string, GraphRecord[]>();
  const tokens = new Set<string>();
  const held = new Set<http.ServerResponse>();

  const answer = (response: http.ServerResponse, status: number, body: unknown, headers = {}) => {
    response.writeHead(status, { "Content-Type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  };
  const error = (
    response: http.ServerResponse,
    status: number,
    code: string,
    message: string,
    headers = {},
  ) =>
    answer(
      response,
      status,
      { error: { code, message, innerError: { "request-id": crypto.randomUUID() } } },
      headers,
    );

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const text = await readBody(request);
    if (request.method === "POST" && url.pathname === `/${GRAPH_KEYS.accountId}/oauth2/v2.0/token`) {
      const form = new URLSearchParams(text);
      if (
        form.get("grant_type") !== "client_credentials" ||
        form.get("scope") !== "https://graph.microsoft.com/.default" ||
        form.get("client_id") !== GRAPH_KEYS.clientId ||
        form.get("client_secret") !== GRAPH_KEYS.clientSecret
      ) {
        return answer(response, 401, {
          error: "invalid_client",
          error_description: "AADSTS7000215: Invalid client secret provided.",
          error_codes: [7000215],
        });
      }
      const token = crypto.randomBytes(24).toString("base64url");
      tokens.add(token);
      return answer(response, 200, {
        token_type: "Bearer",
        expires_in: 3599,
        ext_expires_in: 3599,
        access_token: token,
      });
    }
    const failure = failures.shift();
    if (failure?.kind === "timeout") {
      held.add(response);
      return;
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (failure?.kind === "401" || !tokens.has(bearer)) {
      return error(response, 401, "InvalidAuthenticationToken", "Access token validation failure.");
    }
    if (failure?.kind === "429") {
      return error(response, 429, "TooManyRequests", "Too many requests.", {
        "Retry-After": String(failure.retryAfter),
      });
    }
    if (failure?.kind === "503") return error(response, 503, "ServiceUnavailable", "Service unavailable.");
    const base = `/v1.0/users/${encodeURIComponent(GRAPH_KEYS.organizer)}/onlineMeetings`;
    if (request.method === "POST" && url.pathname === base) {
      const body = JSON.parse(text || "{}") as Record<string, string>;
      const id = `MSo1N2Y5ZGFjYy03MWJmLTQ3NDMtYjQxMy01M2EdFGkdRWHJlQ_${crypto.randomBytes(6).toString("hex")}`;
      const meeting = {
        id,
        subject: body.subject ?? "",
        startDateTime: body.startDateTime ?? "",
        endDateTime: body.endDateTime ?? "",
        joinWebUrl: `https://teams.microsoft.com/l/meetup-join/19%3ameeting_${crypto.randomBytes(9).toString("hex")}%40thread.v2/0`,
      };
      meetings.push(meeting);
      return answer(response, 201, {
        ...meeting,
        creationDateTime: new Date().toISOString(),
        joinMeetingIdSettings: { isPasscodeRequired: true, joinMeetingId: "1234567890", passcode: "Ab3xYz" },
        participants: { organizer: { upn: GRAPH_KEYS.organizer, role: "presenter" } },
      });
    }
    const path = url.pathname.startsWith(`${base}/`) ? url.pathname.slice(base.length + 1).split("/") : [];
    const meetingId = decodeURIComponent(path[0] ?? "");
    if (request.method === "GET" && path[1] === "attendanceReports") {
      const records = reports.get(meetingId);
      if (failure?.kind === "404" || !meetings.some((m) => m.id === meetingId)) {
        return error(response, 404, "NotFound", "The requested resource does not exist.");
      }
      if (path.length === 2) {
        return answer(response, 200, {
          "@odata.context": "stand-in",
          value: records
            ? [
                {
                  id: `report-${meetingId.slice(-6)}`,
                  totalParticipantCount: records.length,
                  meetingStartDateTime: null,
                  meetingEndDateTime: null,
                },
              ]
            : [],
        });
      }
      if (path.length === 3 && records && url.searchParams.get("$expand") === "attendanceRecords") {
        return answer(response, 200, {
          id: path[2],
          totalParticipantCount: records.length,
          attendanceRecords: records.map((r) => ({
            emailAddress: r.email,
            totalAttendanceInSeconds: r.seconds,
            role: "Attendee",
            identity: { id: crypto.randomUUID(), displayName: r.name, tenantId: null },
            attendanceIntervals: [],
          })),
        });
      }
    }
    return error(response, 404, "NotFound", "Resource not found for the segment.");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    meetings,
    /** How the next API calls (not the token's) end, in order; then as asked. */
    fail: (...next: GraphFailure[]) => failures.push(...next),
    /** The meeting is over: its attendance report lists these people. */
    held: (meetingId: string, records: GraphRecord[]) => reports.set(meetingId, records),
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
