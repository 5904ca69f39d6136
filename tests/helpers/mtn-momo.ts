import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for MTN MoMo Collections, written from MTN's public developer documentation (momodeveloper.mtn.com,
 * Collection API v1_0): the token (POST /collection/token/, Basic API user:API key, Ocp-Apim-Subscription-Key),
 * the request to pay (POST /collection/v1_0/requesttopay: X-Reference-Id a UUID, X-Target-Environment,
 * X-Callback-Url, the subscription key; 202 with no body), its status (GET /collection/v1_0/requesttopay/{id}:
 * PENDING, SUCCESSFUL with the financialTransactionId, FAILED with a reason) and the unsigned callback with the
 * same body, sent to the X-Callback-Url with PUT. Each request ends as the test says: paid, failed with one of
 * MTN's reasons, never answered by the payer, refused with MTN's error code, a 500, no answer (a timeout), or a
 * lying callback (SUCCESSFUL while the status says FAILED).
 */
export type MtnOutcome =
  | { kind: "successful"; amount?: string }
  | { kind: "failed"; reason: string }
  | { kind: "pending" }
  | { kind: "refuse"; status: number; code: string; message: string }
  | { kind: "http500" }
  | { kind: "timeout" }
  /** the callback says SUCCESSFUL; the status lookup says FAILED with `reason` */
  | { kind: "lie"; reason: string };

export const MTN_KEYS = {
  apiUser: "9f8e3d2c-1b0a-4c5d-8e7f-6a5b4c3d2e1f",
  apiKey: "standInMtnApiKey0123456789abcdef",
  subscriptionKey: "0123456789abcdef0123456789abcdef",
};

type Request = {
  referenceId: string;
  targetEnvironment: string;
  callbackUrl: string | null;
  body: Record<string, unknown>;
  outcome: MtnOutcome;
  financialTransactionId: string;
};

function readBody(request: http.IncomingMessage) {
  return new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

/** The status body MTN answers the lookup with, and sends as the callback (`claim`: what the callback says). */
export function mtnStatusBody(request: Request, claim: "lookup" | "callback" = "lookup") {
  const { body, outcome } = request;
  const base = {
    amount: outcome.kind === "successful" && outcome.amount ? outcome.amount : String(body.amount),
    currency: body.currency,
    externalId: body.externalId,
    payer: body.payer,
    payerMessage: body.payerMessage,
    payeeNote: body.payeeNote,
  };
  const successful = {
    ...base,
    financialTransactionId: request.financialTransactionId,
    status: "SUCCESSFUL",
  };
  if (outcome.kind === "successful") return successful;
  if (outcome.kind === "lie") {
    return claim === "callback" ? successful : { ...base, status: "FAILED", reason: outcome.reason };
  }
  if (outcome.kind === "failed") return { ...base, status: "FAILED", reason: outcome.reason };
  return { ...base, status: "PENDING" };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export async function startMtnMomoStandIn(options: { sendCallbacks?: boolean } = {}) {
  let sendCallbacks = options.sendCallbacks ?? true;
  const outcomes: MtnOutcome[] = [];
  const requests: Request[] = [];
  const callbacks: { url: string; status: number }[] = [];
  const tokensIssued: string[] = [];
  const held = new Set<http.ServerResponse>();

  const answer = (response: http.ServerResponse, status: number, body?: unknown) => {
    response.writeHead(status, body === undefined ? {} : { "Content-Type": "application/json" });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const error = (response: http.ServerResponse, status: number, code: string, message: string) =>
    answer(response, status, { code, message });

  async function postCallback(request: Request) {
    if (!request.callbackUrl || request.outcome.kind === "pending") return;
    const response = await fetch(request.callbackUrl, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(mtnStatusBody(request, "callback")),
    }).catch(() => null);
    callbacks.push({ url: request.callbackUrl, status: response?.status ?? 0 });
  }

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const text = await readBody(request);
    if (request.headers["ocp-apim-subscription-key"] !== MTN_KEYS.subscriptionKey) {
      return answer(response, 401, {
        statusCode: 401,
        message:
          "Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.",
      });
    }
    if (request.method === "POST" && url.pathname === "/collection/token/") {
      const expected = `Basic ${Buffer.from(`${MTN_KEYS.apiUser}:${MTN_KEYS.apiKey}`).toString("base64")}`;
      if (request.headers.authorization !== expected) return answer(response, 401, { error: "login_failed" });
      const token = crypto.randomBytes(24).toString("base64url");
      tokensIssued.push(token);
      return answer(response, 200, { access_token: token, token_type: "access_token", expires_in: 3600 });
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (!tokensIssued.includes(bearer)) return answer(response, 401, { error: "invalid_token" });
    const targetEnvironment = String(request.headers["x-target-environment"] ?? "");
    if (!["sandbox", "mtnuganda", "mtnrwanda"].includes(targetEnvironment)) {
      return error(
        response,
        403,
        "NOT_ALLOWED_TARGET_ENVIRONMENT",
        "Access to target environment is forbidden.",
      );
    }
    if (request.method === "POST" && url.pathname === "/collection/v1_0/requesttopay") {
      const referenceId = String(request.headers["x-reference-id"] ?? "");
      if (!UUID.test(referenceId))
        return error(response, 400, "INVALID_REFERENCE_ID", "Reference id is not a UUID.");
      if (requests.some((r) => r.referenceId === referenceId)) {
        return error(
          response,
          409,
          "RESOURCE_ALREADY_EXIST",
          "Duplicated reference id. Creation of resource failed.",
        );
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return error(response, 400, "INVALID_BODY", "The request body is not JSON.");
      }
      const payer = body.payer as { partyIdType?: string; partyId?: string } | undefined;
      if (!/^\d+$/.test(String(body.amount)) || Number(body.amount) < 1) {
        return error(response, 400, "INVALID_AMOUNT", "Amount is not valid.");
      }
      if (payer?.partyIdType !== "MSISDN" || !/^\d{10,15}$/.test(payer.partyId ?? "")) {
        return error(response, 400, "PAYER_NOT_FOUND", "Payer not found.");
      }
      if (typeof body.externalId !== "string" || typeof body.currency !== "string") {
        return error(response, 400, "INVALID_BODY", "externalId and currency are required.");
      }
      const outcome = outcomes.shift() ?? { kind: "successful" };
      if (outcome.kind === "timeout") {
        held.add(response);
        return;
      }
      if (outcome.kind === "http500") {
        return error(
          response,
          500,
          "INTERNAL_PROCESSING_ERROR",
          "An internal error occurred while processing.",
        );
      }
      if (outcome.kind === "refuse") return error(response, outcome.status, outcome.code, outcome.message);
      const callbackUrl = request.headers["x-callback-url"];
      const stored: Request = {
        referenceId,
        targetEnvironment,
        callbackUrl: typeof callbackUrl === "string" ? callbackUrl : null,
        body,
        outcome,
        financialTransactionId: String(crypto.randomInt(100_000_000, 999_999_999)),
      };
      requests.push(stored);
      answer(response, 202);
      if (sendCallbacks) setTimeout(() => void postCallback(stored), 50);
      return;
    }
    const status = /^\/collection\/v1_0\/requesttopay\/([^/]+)$/.exec(url.pathname);
    if (request.method === "GET" && status) {
      const stored = requests.find((r) => r.referenceId === decodeURIComponent(status[1] ?? ""));
      if (!stored) return error(response, 404, "RESOURCE_NOT_FOUND", "Requested resource was not found.");
      return answer(response, 200, mtnStatusBody(stored));
    }
    return error(response, 404, "RESOURCE_NOT_FOUND", "Requested resource was not found.");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** How the next requests to pay end, in order (then: paid). */
    next: (...outcome: MtnOutcome[]) => outcomes.push(...outcome),
    requests,
    callbacks,
    tokensIssued,
    setCallbacks: (on: boolean) => {
      sendCallbacks = on;
    },
    /** The payer answers a pending request now (MTN then calls back). */
    settle: (request: Request, outcome: MtnOutcome) => {
      request.outcome = outcome;
      return postCallback(request);
    },
    sendCallback: (request: Request) => postCallback(request),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.close(() => resolve());
      }),
  };
}
export type MtnMomoStandIn = Awaited<ReturnType<typeof startMtnMomoStandIn>>;
