import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Zoom's API, written from its public reference (docs/virtual-runs.md lists the sources):
 * Server-to-Server OAuth (POST /oauth/token?grant_type=account_credentials&account_id=…, Basic client id:secret),
 * create a meeting (POST /v2/users/{userId}/meetings, 201 with id, join_url, password) and a past meeting's
 * participants (GET /v2/past_meetings/{meetingId}/participants, pages of 300 with next_page_token; duration in
 * seconds, one line per join). It keeps its side: the meetings made and the participants each one had. Each
 * call may instead end as the test says: Zoom's 401 (code 124 "Invalid access token."), 404 (code 3001 "Meeting
 * does not exist"), 429 with Retry-After, a 500, or no answer at all (a timeout).
 */
export const ZOOM_KEYS = {
  accountId: "standInAccount01",
  clientId: "standInClientId",
  clientSecret: "standInSecret0123",
};

export type ZoomFailure =
  | { kind: "401" }
  | { kind: "404" }
  | { kind: "429"; retryAfter: number }
  | { kind: "500" }
  | { kind: "timeout" };

export type ZoomParticipant = {
  name: string;
  user_email: string;
  join_time: string;
  leave_time: string;
  duration: number;
};

type Meeting = {
  id: number;
  topic: string;
  start_time: string;
  duration: number;
  join_url: string;
  password: string;
};

function readBody(request: http.IncomingMessage) {
  return new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

export async function startZoomStandIn() {
  const failures: ZoomFailure[] = [];
  const meetings: Meeting[] = [];
  const participants = new Map<string, ZoomParticipant[]>();
  const tokens = new Set<string>();
  const held = new Set<http.ServerResponse>();
  const requests: { method: string; path: string }[] = [];

  const answer = (
    response: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, { "Content-Type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  };

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const text = await readBody(request);
    requests.push({ method: request.method ?? "", path: url.pathname });
    if (request.method === "POST" && url.pathname === "/oauth/token") {
      const expected = `Basic ${Buffer.from(`${ZOOM_KEYS.clientId}:${ZOOM_KEYS.clientSecret}`).toString("base64")}`;
      if (
        url.searchParams.get("grant_type") !== "account_credentials" ||
        url.searchParams.get("account_id") !== ZOOM_KEYS.accountId ||
        request.headers.authorization !== expected
      ) {
        return answer(response, 400, {
          reason: "Invalid client_id or client_secret",
          error: "invalid_client",
        });
      }
      const token = crypto.randomBytes(24).toString("base64url");
      tokens.add(token);
      return answer(response, 200, {
        access_token: token,
        token_type: "bearer",
        expires_in: 3599,
        scope: "meeting:write:meeting:admin meeting:read:list_past_participants:admin",
        api_url: "https://api.zoom.us",
      });
    }
    const failure = failures.shift();
    if (failure?.kind === "timeout") {
      held.add(response);
      return;
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (failure?.kind === "401" || !tokens.has(bearer)) {
      return answer(response, 401, { code: 124, message: "Invalid access token." });
    }
    if (failure?.kind === "429") {
      return answer(
        response,
        429,
        {
          code: 429,
          message: "You have reached the maximum per-second rate limit for this API. Try again later.",
        },
        { "Retry-After": String(failure.retryAfter) },
      );
    }
    if (failure?.kind === "500") {
      response.writeHead(500);
      return response.end();
    }
    const create = url.pathname.match(/^\/v2\/users\/([^/]+)\/meetings$/);
    if (request.method === "POST" && create) {
      const body = JSON.parse(text || "{}") as Record<string, unknown>;
      const id = 80_000_000_000 + meetings.length + Math.floor(Math.random() * 1000) * 100;
      const password = crypto.randomBytes(4).toString("hex").slice(0, 6);
      const meeting: Meeting = {
        id,
        topic: String(body.topic ?? "Zoom meeting"),
        start_time: String(body.start_time ?? ""),
        duration: Number(body.duration ?? 60),
        join_url: `https://us06web.zoom.us/j/${id}?pwd=${crypto.randomBytes(12).toString("base64url")}`,
        password,
      };
      meetings.push(meeting);
      return answer(response, 201, {
        uuid: crypto.randomBytes(16).toString("base64"),
        host_id: "z8yAAAAA8bbbQ",
        host_email: "training@mafunzo.test",
        type: 2,
        status: "waiting",
        timezone: "Africa/Nairobi",
        created_at: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
        start_url: `https://us06web.zoom.us/s/${id}?zak=stand-in`,
        ...meeting,
        h323_password: password,
        pstn_password: password,
        settings: { join_before_host: false, waiting_room: true },
      });
    }
    const past = url.pathname.match(/^\/v2\/past_meetings\/([^/]+)\/participants$/);
    if (request.method === "GET" && past) {
      const id = decodeURIComponent(past[1] as string);
      const list = participants.get(id);
      if (failure?.kind === "404" || !list) {
        return answer(response, 404, { code: 3001, message: `Meeting does not exist: ${id}.` });
      }
      const size = Math.min(300, Number(url.searchParams.get("page_size") ?? 30));
      const from = Number(url.searchParams.get("next_page_token") || 0);
      const page = list.slice(from, from + size);
      return answer(response, 200, {
        page_count: Math.ceil(list.length / size),
        page_size: size,
        total_records: list.length,
        next_page_token: from + size < list.length ? String(from + size) : "",
        participants: page.map((p, i) => ({
          id: `p${from + i}`,
          user_id: String(16_778_240 + from + i),
          registrant_id: "",
          failover: false,
          status: "in_meeting",
          internal_user: false,
          ...p,
        })),
      });
    }
    return answer(response, 404, { code: 300, message: "Invalid request path." });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    meetings,
    requests,
    /** How the next API calls (not the token's) end, in order; then as asked. */
    fail: (...next: ZoomFailure[]) => failures.push(...next),
    /** The meeting is over: these joins are its participants report. */
    held: (meetingId: string, joins: ZoomParticipant[]) => participants.set(meetingId, joins),
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type ZoomStandIn = Awaited<ReturnType<typeof startZoomStandIn>>;
