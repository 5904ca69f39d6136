import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Airtel Money collections, written from Airtel Africa's public developer documentation
 * (developers.airtel.africa): the token (POST /auth/oauth2/token with client_id, client_secret and
 * grant_type=client_credentials), the USSD push (POST /merchant/v1/payments/ with X-Country and X-Currency, the
 * subscriber's msisdn without its country code, our transaction id), the status enquiry
 * (GET /standard/v1/payments/{id}: TS, TF, TA, TIP) and the callback posted to the URL set on Airtel's portal:
 * `{ transaction: { id, message, status_code, airtel_money_id } }`, with `hash` (Base64 HMAC-SHA256 of the
 * transaction under the callback key) when "callback with authentication" is on. Each push ends as the test says:
 * paid, failed with one of Airtel's response codes, unanswered (TIP), a 500, no answer (a timeout), or a lying
 * callback (TS while the enquiry says TF).
 */
export type AirtelOutcome =
  | { kind: "paid" }
  | { kind: "failed"; responseCode: string; message: string }
  | { kind: "pending" }
  | { kind: "http500" }
  | { kind: "timeout" }
  | { kind: "lie"; responseCode: string; message: string };

export const AIRTEL_KEYS = {
  clientId: "standin-airtel-client-0001",
  clientSecret: "standInAirtelClientSecret0123456789",
  callbackKey: "standInAirtelCallbackKey",
};

/** Airtel's documented collection response codes and their messages. */
export const AIRTEL_CODES: Record<string, string> = {
  DP00800001001: "Transaction is successful.",
  DP00800001002: "Incorrect Pin has been entered.",
  DP00800001003: "The User has exceeded their wallet allowed transaction limit.",
  DP00800001004: "The amount User is trying to transfer is less than the minimum amount allowed.",
  DP00800001005: "User didn't enter the pin.",
  DP00800001006: "Transaction in pending state. Please check after sometime.",
  DP00800001007: "User wallet does not have enough money to cover the payable amount.",
  DP00800001008: "The transaction was refused.",
  DP00800001010: "Payee is not allowed to receive the money.",
  DP00800001024: "Transaction timed out.",
  DP00800001025: "Transaction not found.",
};

type Push = {
  id: string;
  country: string;
  currency: string;
  body: Record<string, unknown>;
  outcome: AirtelOutcome;
  airtelMoneyId: string;
};

function readBody(request: http.IncomingMessage) {
  return new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

const envelope = (
  code: string,
  responseCode: string,
  success: boolean,
  message = AIRTEL_CODES[responseCode],
) => ({
  code,
  message: message ?? "",
  result_code: success ? "ESB000010" : "ESB000001",
  response_code: responseCode,
  success,
});

/** The enquiry's view of a push (`claim: "callback"`: what the callback says of it). */
function transactionStatus(push: Push, claim: "enquiry" | "callback" = "enquiry") {
  const { outcome } = push;
  if (outcome.kind === "paid" || (outcome.kind === "lie" && claim === "callback")) {
    return { code: "TS", responseCode: "DP00800001001", message: AIRTEL_CODES.DP00800001001 as string };
  }
  if (outcome.kind === "failed" || outcome.kind === "lie") {
    return { code: "TF", responseCode: outcome.responseCode, message: outcome.message };
  }
  return { code: "TIP", responseCode: "DP00800001006", message: AIRTEL_CODES.DP00800001006 as string };
}

export async function startAirtelMoneyStandIn(
  options: { sendCallbacks?: boolean; callbackKey?: string | null } = {},
) {
  let sendCallbacks = options.sendCallbacks ?? true;
  let callbackUrl: string | null = null;
  const callbackKey = options.callbackKey === undefined ? AIRTEL_KEYS.callbackKey : options.callbackKey;
  const outcomes: AirtelOutcome[] = [];
  const pushes: Push[] = [];
  const callbacks: { url: string; status: number }[] = [];
  const tokensIssued: string[] = [];
  const held = new Set<http.ServerResponse>();

  const answer = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body));
  };

  /** The callback as Airtel posts it, with its hash when callback authentication is on. */
  function callbackBody(push: Push, claim: "enquiry" | "callback" = "callback") {
    const status = transactionStatus(push, claim);
    const transaction = {
      id: push.id,
      message: status.message,
      status_code: status.code,
      airtel_money_id: push.airtelMoneyId,
    };
    const hash = callbackKey
      ? crypto.createHmac("sha256", callbackKey).update(JSON.stringify(transaction)).digest("base64")
      : undefined;
    return hash ? { transaction, hash } : { transaction };
  }

  async function postCallback(push: Push, body: unknown = callbackBody(push)) {
    if (!callbackUrl || push.outcome.kind === "pending") return;
    const response = await fetch(callbackUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }).catch(() => null);
    callbacks.push({ url: callbackUrl, status: response?.status ?? 0 });
  }

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const text = await readBody(request);
    let body: Record<string, unknown> = {};
    if (text) {
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return answer(response, 400, {
          status: envelope("400", "DP00800001004", false, "Invalid request body."),
        });
      }
    }
    if (request.method === "POST" && url.pathname === "/auth/oauth2/token") {
      if (
        body.client_id !== AIRTEL_KEYS.clientId ||
        body.client_secret !== AIRTEL_KEYS.clientSecret ||
        body.grant_type !== "client_credentials"
      ) {
        return answer(response, 401, {
          error: "invalid_client",
          error_description: "Client authentication failed",
        });
      }
      const token = crypto.randomBytes(18).toString("base64url");
      tokensIssued.push(token);
      return answer(response, 200, { access_token: token, expires_in: "180", token_type: "bearer" });
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (!tokensIssued.includes(bearer)) {
      return answer(response, 401, { status: envelope("401", "DP00800001026", false, "Unauthorized") });
    }
    const country = String(request.headers["x-country"] ?? "");
    const currency = String(request.headers["x-currency"] ?? "");
    if (!["KE", "UG", "RW", "TZ"].includes(country) || !currency) {
      return answer(response, 400, {
        status: envelope("400", "DP00800001010", false, "Invalid X-Country or X-Currency."),
      });
    }
    if (request.method === "POST" && url.pathname === "/merchant/v1/payments/") {
      const subscriber = body.subscriber as { msisdn?: string } | undefined;
      const transaction = body.transaction as { id?: string; amount?: number } | undefined;
      if (!/^\d{9}$/.test(String(subscriber?.msisdn)) || !transaction?.id) {
        return answer(response, 400, {
          status: envelope("400", "DP00800001008", false, "Invalid subscriber or transaction."),
        });
      }
      if (!Number.isInteger(transaction.amount) || (transaction.amount ?? 0) < 1) {
        return answer(response, 400, { status: envelope("400", "DP00800001004", false) });
      }
      if (pushes.some((p) => p.id === transaction.id)) {
        return answer(response, 400, {
          status: envelope("400", "DP00800001008", false, "Duplicate transaction id."),
        });
      }
      const outcome = outcomes.shift() ?? { kind: "paid" };
      if (outcome.kind === "timeout") {
        held.add(response);
        return;
      }
      if (outcome.kind === "http500") {
        response.writeHead(500, { "Content-Type": "text/html" });
        return response.end("<html><body>Internal Server Error</body></html>");
      }
      const push: Push = {
        id: transaction.id,
        country,
        currency,
        body,
        outcome,
        airtelMoneyId: `MP${Date.now().toString().slice(-8)}.${crypto.randomInt(1000, 9999)}.H${crypto.randomInt(10_000, 99_999)}`,
      };
      pushes.push(push);
      answer(response, 200, {
        data: { transaction: { id: false, status: "SUCCESS" } },
        status: envelope("200", "DP00800001006", true, "SUCCESS"),
      });
      if (sendCallbacks) setTimeout(() => void postCallback(push), 50);
      return;
    }
    const enquiry = /^\/standard\/v1\/payments\/([^/]+)$/.exec(url.pathname);
    if (request.method === "GET" && enquiry) {
      const push = pushes.find((p) => p.id === decodeURIComponent(enquiry[1] ?? ""));
      if (!push) return answer(response, 404, { status: envelope("404", "DP00800001025", false) });
      const status = transactionStatus(push);
      return answer(response, 200, {
        data: {
          transaction: {
            airtel_money_id: push.airtelMoneyId,
            id: push.id,
            message: status.message,
            status: status.code,
          },
        },
        status: envelope("200", status.responseCode, true, "SUCCESS"),
      });
    }
    return answer(response, 404, { status: envelope("404", "DP00800001025", false, "Not found") });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    next: (...outcome: AirtelOutcome[]) => outcomes.push(...outcome),
    pushes,
    callbacks,
    tokensIssued,
    callbackKey,
    /** The callback URL as set on Airtel's portal for the account. */
    setCallbackUrl: (url: string) => {
      callbackUrl = url;
    },
    setCallbacks: (on: boolean) => {
      sendCallbacks = on;
    },
    callbackBody,
    sendCallback: (push: Push, body?: unknown) => postCallback(push, body),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.close(() => resolve());
      }),
  };
}
export type AirtelMoneyStandIn = Awaited<ReturnType<typeof startAirtelMoneyStandIn>>;
