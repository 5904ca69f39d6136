import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Safaricom Daraja's M-PESA Express, written from its public documentation: the OAuth token
 * (GET /oauth/v1/generate, Basic consumer key:secret), the STK Push (POST /mpesa/stkpush/v1/processrequest) and
 * the STK Query (POST /mpesa/stkpushquery/v1/query), both with the bearer token and the Password (base64 of
 * shortcode + passkey + timestamp), and the callback it posts to the CallBackURL. Each push ends as the test
 * says: a result code (0 paid; 1 insufficient balance; 1032 cancelled; 1037 no answer; 2001 wrong PIN; any
 * other), a refusal with Daraja's errorCode, a 500 without a body, or no answer at all (a timeout). An amount
 * above M-PESA's per-transaction limit is refused as Daraja refuses it.
 */
export type DarajaOutcome =
  | { kind: "result"; code: number; amount?: number; phone?: string; receipt?: string }
  | { kind: "refuse"; status: number; errorCode: string; errorMessage: string }
  | { kind: "http500" }
  | { kind: "timeout" }
  /** accepted, and the phone never answers: no callback, and the query says it is still being processed */
  | { kind: "unanswered" };

export const RESULT_DESCRIPTIONS: Record<number, string> = {
  0: "The service request is processed successfully.",
  1: "The balance is insufficient for the transaction.",
  1032: "Request cancelled by user",
  1037: "DS timeout user cannot be reached",
  2001: "The initiator information is invalid.",
  1025: "An error occurred while sending a push request",
};

export const DARAJA_KEYS = {
  consumerKey: "standInConsumerKey0123456789",
  consumerSecret: "standInConsumerSecret0123",
  passkey: "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919",
  shortcode: "880142",
};

type Push = {
  merchantRequestId: string;
  checkoutRequestId: string;
  body: Record<string, unknown>;
  outcome: DarajaOutcome;
  callback: Record<string, unknown> | null;
};

const receiptCode = () =>
  `T${crypto
    .randomBytes(5)
    .toString("hex")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")}`.slice(0, 10);

function readBody(request: http.IncomingMessage) {
  return new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

/** The callback Daraja posts for a push that ended with `outcome`. */
export function stkCallbackBody(
  push: Pick<Push, "merchantRequestId" | "checkoutRequestId" | "body">,
  outcome: Extract<DarajaOutcome, { kind: "result" }>,
) {
  const stkCallback: Record<string, unknown> = {
    MerchantRequestID: push.merchantRequestId,
    CheckoutRequestID: push.checkoutRequestId,
    ResultCode: outcome.code,
    ResultDesc: RESULT_DESCRIPTIONS[outcome.code] ?? "The transaction failed.",
  };
  if (outcome.code === 0) {
    const stamp = new Date(Date.now() + 3 * 3600_000).toISOString().replace(/\D/g, "").slice(0, 14);
    stkCallback.CallbackMetadata = {
      Item: [
        { Name: "Amount", Value: outcome.amount ?? Number(push.body.Amount) },
        { Name: "MpesaReceiptNumber", Value: outcome.receipt ?? receiptCode() },
        { Name: "Balance" },
        { Name: "TransactionDate", Value: Number(stamp) },
        { Name: "PhoneNumber", Value: Number(outcome.phone ?? push.body.PhoneNumber) },
      ],
    };
  }
  return { Body: { stkCallback } };
}

/**
 * The most one M-PESA payment carries: the Central Bank of Kenya's per-transaction limit for mobile money,
 * KES 250,000 since September 2023 (150,000 before). Daraja refuses a push above it at once, as it refuses any
 * invalid amount: HTTP 400, errorCode 400.002.02, "Bad Request - Invalid Amount".
 */
export const MPESA_TRANSACTION_LIMIT = 250_000;

export async function startDarajaStandIn(
  options: { sendCallbacks?: boolean; transactionLimit?: number } = {},
) {
  let sendCallbacks = options.sendCallbacks ?? true;
  const transactionLimit = options.transactionLimit ?? MPESA_TRANSACTION_LIMIT;
  const outcomes: DarajaOutcome[] = [];
  const pushes: Push[] = [];
  const callbacks: { url: string; status: number; body: unknown }[] = [];
  const tokensIssued: string[] = [];
  const held = new Set<http.ServerResponse>();
  let counter = 0;

  const answer = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const error = (response: http.ServerResponse, status: number, errorCode: string, errorMessage: string) =>
    answer(response, status, { requestId: `${++counter}-stand-in`, errorCode, errorMessage });

  const validPassword = (body: Record<string, unknown>) =>
    body.BusinessShortCode === DARAJA_KEYS.shortcode &&
    /^\d{14}$/.test(String(body.Timestamp)) &&
    body.Password ===
      Buffer.from(`${DARAJA_KEYS.shortcode}${DARAJA_KEYS.passkey}${body.Timestamp}`).toString("base64");

  async function postCallback(push: Push) {
    if (!push.callback) return;
    const url = String(push.body.CallBackURL);
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(push.callback),
    }).catch(() => null);
    callbacks.push({
      url,
      status: response?.status ?? 0,
      body: response ? await response.json().catch(() => null) : null,
    });
  }

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const text = await readBody(request);
    if (request.method === "GET" && url.pathname === "/oauth/v1/generate") {
      const expected = `Basic ${Buffer.from(`${DARAJA_KEYS.consumerKey}:${DARAJA_KEYS.consumerSecret}`).toString("base64")}`;
      if (
        url.searchParams.get("grant_type") !== "client_credentials" ||
        request.headers.authorization !== expected
      ) {
        return error(response, 400, "400.008.01", "Invalid Authentication passed");
      }
      const token = crypto.randomBytes(14).toString("base64url");
      tokensIssued.push(token);
      return answer(response, 200, { access_token: token, expires_in: "3599" });
    }
    if (request.method !== "POST") return error(response, 404, "404.001.01", "Resource not found");
    const bearer = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (!tokensIssued.includes(bearer)) return error(response, 401, "404.001.03", "Invalid Access Token");
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return error(response, 400, "400.002.05", "Invalid Request Payload");
    }
    if (!validPassword(body)) return error(response, 400, "400.002.02", "Bad Request - Invalid Password");

    if (url.pathname === "/mpesa/stkpush/v1/processrequest") {
      for (const field of [
        "TransactionType",
        "Amount",
        "PartyA",
        "PartyB",
        "PhoneNumber",
        "CallBackURL",
        "AccountReference",
        "TransactionDesc",
      ]) {
        if (body[field] === undefined || body[field] === "") {
          return error(response, 400, "400.002.02", `Bad Request - Invalid ${field}`);
        }
      }
      const amount = Number(body.Amount);
      if (!Number.isInteger(amount) || amount < 1 || amount > transactionLimit) {
        return error(response, 400, "400.002.02", "Bad Request - Invalid Amount");
      }
      const outcome = outcomes.shift() ?? { kind: "result", code: 0 };
      if (outcome.kind === "timeout") {
        held.add(response);
        return;
      }
      if (outcome.kind === "http500") {
        response.writeHead(500, { "Content-Type": "text/html" });
        return response.end("<html><body>Internal Server Error</body></html>");
      }
      if (outcome.kind === "refuse")
        return error(response, outcome.status, outcome.errorCode, outcome.errorMessage);
      counter++;
      const push: Push = {
        merchantRequestId: `${29115 + counter}-${34620561 + counter}-1`,
        checkoutRequestId: `ws_CO_${Date.now()}${String(counter).padStart(4, "0")}`,
        body,
        outcome,
        callback: null,
      };
      push.callback = outcome.kind === "result" ? stkCallbackBody(push, outcome) : null;
      pushes.push(push);
      answer(response, 200, {
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResponseCode: "0",
        ResponseDescription: "Success. Request accepted for processing",
        CustomerMessage: "Success. Request accepted for processing",
      });
      if (sendCallbacks) setTimeout(() => void postCallback(push), 50);
      return;
    }
    if (url.pathname === "/mpesa/stkpushquery/v1/query") {
      const push = pushes.find((p) => p.checkoutRequestId === body.CheckoutRequestID);
      if (!push) return error(response, 400, "400.002.02", "Bad Request - Invalid CheckoutRequestID");
      if (push.outcome.kind !== "result") {
        return error(response, 500, "500.001.1001", "The transaction is being processed");
      }
      return answer(response, 200, {
        ResponseCode: "0",
        ResponseDescription: "The service request has been accepted successsfully",
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResultCode: String(push.outcome.code),
        ResultDesc: RESULT_DESCRIPTIONS[push.outcome.code] ?? "The transaction failed.",
      });
    }
    return error(response, 404, "404.001.01", "Resource not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** How the next pushes end, in order (then: paid). */
    next: (...outcome: DarajaOutcome[]) => outcomes.push(...outcome),
    pushes,
    callbacks,
    tokensIssued,
    /** Whether pushes call back by themselves (off: the test posts them, or the query finds them). */
    setCallbacks: (on: boolean) => {
      sendCallbacks = on;
    },
    /** Posts a push's callback now (again, for a replay). */
    sendCallback: (push: Push) => postCallback(push),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.close(() => resolve());
      }),
  };
}
export type DarajaStandIn = Awaited<ReturnType<typeof startDarajaStandIn>>;
