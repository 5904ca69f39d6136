import { z } from "zod";
import { env } from "#app/platform/env.server";
import { logger } from "#app/platform/logger.server";
import { now } from "#app/utils/clock";
import { formatCompactDateTime } from "#app/utils/datetime";
import type { DarajaCredentials } from "./daraja-credentials.server";

/**
 * The Daraja adapter (DESIGN §8): the OAuth token, M-PESA Express (STK Push) and its query, as Safaricom's
 * public Daraja documentation describes them. Every call ends in an answer: Daraja's own (accepted, or its
 * errorCode and errorMessage), or `unreachable` when it timed out, could not be reached or answered 5xx
 * without a body we can read.
 */
const HOSTS = {
  sandbox: "https://sandbox.safaricom.co.ke",
  production: "https://api.safaricom.co.ke",
} as const;
/** A token is refreshed this long before Daraja says it expires, so none expires between check and call. */
const TOKEN_MARGIN_MS = 60_000;

const baseUrl = (credentials: DarajaCredentials) =>
  (env().DARAJA_URL ?? HOSTS[credentials.environment]).replace(/\/$/, "");

const TokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });
/** Daraja's error body: `{ requestId, errorCode: "400.002.02", errorMessage: "Bad Request - Invalid …" }` */
const ErrorAnswer = z.object({ errorCode: z.coerce.string(), errorMessage: z.coerce.string().default("") });
const PushAnswer = z.object({
  MerchantRequestID: z.string(),
  CheckoutRequestID: z.string().min(1),
  ResponseCode: z.coerce.string(),
  ResponseDescription: z.coerce.string().default(""),
  CustomerMessage: z.coerce.string().default(""),
});
const QueryAnswer = z.object({
  ResponseCode: z.coerce.string(),
  ResultCode: z.coerce.string(),
  ResultDesc: z.coerce.string().default(""),
});

export type DarajaRefusal = { kind: "refused"; code: string; message: string };
export type DarajaUnreachable = { kind: "unreachable"; message: string };

const tokens = new Map<string, { token: string; expiresAt: number }>();

/** Forgets the cached tokens: after a change of credentials, and between tests. */
export function forgetDarajaTokens() {
  tokens.clear();
}

async function call(
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: unknown } | DarajaUnreachable> {
  try {
    const response = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(env().DARAJA_TIMEOUT_SECONDS * 1000),
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    logger.warn({ url, err: error }, "Daraja did not answer");
    return {
      kind: "unreachable",
      message: timedOut ? "M-PESA did not answer in time." : "M-PESA could not be reached.",
    };
  }
}

/** An answer that is not what was asked: Daraja's error body when it sent one, otherwise unreachable. */
function notAccepted(status: number, body: unknown): DarajaRefusal | DarajaUnreachable {
  const error = ErrorAnswer.safeParse(body);
  if (error.success) return { kind: "refused", code: error.data.errorCode, message: error.data.errorMessage };
  return { kind: "unreachable", message: `M-PESA answered HTTP ${status}.` };
}

/** The OAuth token, cached until shortly before it expires (Daraja gives one hour). */
async function accessToken(
  credentials: DarajaCredentials,
): Promise<string | DarajaRefusal | DarajaUnreachable> {
  const key = `${baseUrl(credentials)}\0${credentials.consumerKey}\0${credentials.consumerSecret}`;
  const cached = tokens.get(key);
  if (cached && cached.expiresAt > now().getTime()) return cached.token;
  const basic = Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`).toString("base64");
  const answer = await call(`${baseUrl(credentials)}/oauth/v1/generate?grant_type=client_credentials`, {
    method: "GET",
    headers: { Authorization: `Basic ${basic}` },
  });
  if ("kind" in answer) return answer;
  const token = TokenAnswer.safeParse(answer.body);
  if (answer.status !== 200 || !token.success) {
    const refused = notAccepted(answer.status, answer.body);
    // a 400/401 without Daraja's error body is still a refusal of the credentials
    return refused.kind === "unreachable" && answer.status < 500
      ? {
          kind: "refused",
          code: String(answer.status),
          message: "M-PESA refused the consumer key or secret.",
        }
      : refused;
  }
  tokens.set(key, {
    token: token.data.access_token,
    expiresAt: now().getTime() + token.data.expires_in * 1000 - TOKEN_MARGIN_MS,
  });
  return token.data.access_token;
}

/** YYYYMMDDHHmmss in Nairobi, as Daraja wants its Timestamp. */
export const darajaTimestamp = (at: Date = now()) => formatCompactDateTime(at);

/** Base64 of shortcode + passkey + timestamp: the request's `Password`. */
export const darajaPassword = (shortcode: string, passkey: string, timestamp: string) =>
  Buffer.from(`${shortcode}${passkey}${timestamp}`).toString("base64");

/** What every M-PESA Express call opens with: the shortcode, and the Password for this Timestamp. */
function signedFor(credentials: DarajaCredentials) {
  const timestamp = darajaTimestamp();
  return {
    BusinessShortCode: credentials.shortcode,
    Password: darajaPassword(credentials.shortcode, credentials.passkey, timestamp),
    Timestamp: timestamp,
  };
}

/** A call with the bearer token; a token Daraja no longer takes (expired early, revoked) is fetched once more. */
async function authorisedPost(credentials: DarajaCredentials, path: string, body: unknown) {
  for (let attempt = 1; ; attempt++) {
    const token = await accessToken(credentials);
    if (typeof token !== "string") return token;
    const answer = await call(`${baseUrl(credentials)}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if ("kind" in answer) return answer;
    if (answer.status === 401 || ErrorAnswer.safeParse(answer.body).data?.errorCode === "404.001.03") {
      forgetDarajaTokens();
      if (attempt < 2) continue;
    }
    return answer;
  }
}

export type StkPushRequest = {
  amountShillings: number;
  phone: string;
  callbackUrl: string;
  accountReference: string;
  description: string;
};
export type StkPushAnswer =
  | { kind: "accepted"; merchantRequestId: string; checkoutRequestId: string }
  | DarajaRefusal
  | DarajaUnreachable;

/** Sends the prompt to the customer's phone (CustomerPayBillOnline to the firm's shortcode). */
export async function requestStkPush(
  credentials: DarajaCredentials,
  request: StkPushRequest,
): Promise<StkPushAnswer> {
  const answer = await authorisedPost(credentials, "/mpesa/stkpush/v1/processrequest", {
    ...signedFor(credentials),
    TransactionType: "CustomerPayBillOnline",
    Amount: request.amountShillings,
    PartyA: request.phone,
    PartyB: credentials.shortcode,
    PhoneNumber: request.phone,
    CallBackURL: request.callbackUrl,
    // Daraja documents at most 12 characters for the reference and 13 for the description
    AccountReference: request.accountReference.slice(0, 12),
    TransactionDesc: request.description.slice(0, 13),
  });
  if ("kind" in answer) return answer;
  const push = PushAnswer.safeParse(answer.body);
  if (answer.status === 200 && push.success && push.data.ResponseCode === "0") {
    return {
      kind: "accepted",
      merchantRequestId: push.data.MerchantRequestID,
      checkoutRequestId: push.data.CheckoutRequestID,
    };
  }
  if (push.success)
    return { kind: "refused", code: push.data.ResponseCode, message: push.data.ResponseDescription };
  return notAccepted(answer.status, answer.body);
}

export type StkQueryAnswer =
  | { kind: "result"; resultCode: string; resultDesc: string }
  /** Daraja's 500.001.1001: the customer has not answered the prompt yet */
  | { kind: "processing" }
  | DarajaRefusal
  | DarajaUnreachable;

const STILL_PROCESSING = "500.001.1001";

/** Where a prompt stands (M-PESA Express Query): the result code the callback would have carried. */
export async function queryStkPush(
  credentials: DarajaCredentials,
  checkoutRequestId: string,
): Promise<StkQueryAnswer> {
  const answer = await authorisedPost(credentials, "/mpesa/stkpushquery/v1/query", {
    ...signedFor(credentials),
    CheckoutRequestID: checkoutRequestId,
  });
  if ("kind" in answer) return answer;
  const query = QueryAnswer.safeParse(answer.body);
  if (answer.status === 200 && query.success && query.data.ResponseCode === "0") {
    return { kind: "result", resultCode: query.data.ResultCode, resultDesc: query.data.ResultDesc };
  }
  const refused = notAccepted(answer.status, answer.body);
  if (refused.kind === "refused" && refused.code === STILL_PROCESSING) return { kind: "processing" };
  return refused;
}
