import crypto from "node:crypto";
import { z } from "zod";
import { env } from "#app/platform/env.server";
import { now } from "#app/utils/clock";
import { type MobileMoneyAdapter, type PromptAnswer, type PromptStatus, plainReason } from "./adapter";
import type { MobileMoneyCredentials } from "./credentials.server";
import { providerCall, tokenCache } from "./provider-call.server";

/**
 * Airtel Money collections, as Airtel Africa's public developer portal (developers.airtel.africa,
 * openapi.airtel.africa) describes them: a token from POST /auth/oauth2/token (client id and secret), the USSD
 * push POST /merchant/v1/payments/ with X-Country and X-Currency (the subscriber's number without its country
 * code, our transaction id), the callback to the URL set on Airtel's portal, and the status enquiry
 * GET /standard/v1/payments/{id}: TS paid, TF failed, TA ambiguous, TIP in progress.
 */
const HOSTS = {
  sandbox: "https://openapiuat.airtel.africa",
  production: "https://openapi.airtel.africa",
} as const;
const LABEL = "Airtel Money";
const COUNTRY_CODES: Record<string, string> = { KE: "254", UG: "256", RW: "250", TZ: "255" };
const CURRENCIES: Record<string, string> = { KE: "KES", UG: "UGX", RW: "RWF", TZ: "TZS" };

const baseUrl = (credentials: MobileMoneyCredentials) =>
  (env().AIRTEL_MONEY_URL ?? HOSTS[credentials.environment]).replace(/\/$/, "");

const TokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });
/** Airtel's envelope: `status: { code, message, result_code, response_code, success }` */
const Status = z.object({
  code: z.coerce.string(),
  message: z.coerce.string().default(""),
  response_code: z.coerce.string().optional(),
  success: z.boolean(),
});
const PushAnswer = z.object({
  data: z
    .object({ transaction: z.object({ id: z.unknown().optional(), status: z.coerce.string() }) })
    .optional(),
  status: Status,
});
const EnquiryAnswer = z.object({
  data: z.object({
    transaction: z.object({
      airtel_money_id: z.coerce.string().optional(),
      id: z.coerce.string(),
      message: z.coerce.string().optional(),
      status: z.enum(["TS", "TF", "TA", "TIP"]),
    }),
  }),
  status: Status,
});
/** The callback: `{ transaction: { id, message, status_code, airtel_money_id }, hash? }` */
const Callback = z.object({
  transaction: z.object({
    id: z.coerce.string().min(1).max(100),
    message: z.coerce.string().optional(),
    status_code: z.coerce.string(),
    airtel_money_id: z.coerce.string().optional(),
  }),
  hash: z.string().max(200).optional(),
});

const tokens = tokenCache();
export const forgetAirtelTokens = () => tokens.clear();

function refusal(status: number, body: unknown): Exclude<PromptAnswer, { kind: "accepted" }> {
  const envelope = z.object({ status: Status }).safeParse(body);
  if (envelope.success && status < 500) {
    const { response_code, code, message } = envelope.data.status;
    return { kind: "refused", code: response_code ?? code, message };
  }
  return { kind: "unreachable", message: `${LABEL} answered HTTP ${status}.` };
}

async function token(credentials: MobileMoneyCredentials) {
  const key = `${credentials.office}:${credentials.keyId}`;
  const cached = tokens.get(key, now().getTime());
  if (cached) return cached;
  const reply = await providerCall(LABEL, `${baseUrl(credentials)}/auth/oauth2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "*/*" },
    body: JSON.stringify({
      client_id: credentials.keyId,
      client_secret: credentials.secrets.clientSecret ?? "",
      grant_type: "client_credentials",
    }),
  });
  if ("kind" in reply) return reply;
  const answer = TokenAnswer.safeParse(reply.body);
  if (reply.status !== 200 || !answer.success) return refusal(reply.status, reply.body);
  tokens.set(key, answer.data.access_token, now().getTime() + answer.data.expires_in * 1000);
  return answer.data.access_token;
}

const headers = (bearer: string, country: string) => ({
  Authorization: `Bearer ${bearer}`,
  "Content-Type": "application/json",
  Accept: "*/*",
  "X-Country": country,
  "X-Currency": CURRENCIES[country] ?? "",
});

/**
 * The callback's hash when "callback with authentication" is on: the Base64 HMAC-SHA256 of the transaction
 * object as sent, keyed with the callback key from Airtel's portal.
 */
export function airtelCallbackHash(key: string, transaction: unknown) {
  return crypto.createHmac("sha256", key).update(JSON.stringify(transaction)).digest("base64");
}

const sameText = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/** Airtel's documented response codes, told plainly. */
const REASONS: Record<string, string> = {
  DP00800001002: "The Airtel Money PIN was wrong. Nothing was paid.",
  DP00800001003: "This payment is above your Airtel Money limit. Nothing was paid.",
  DP00800001004: "Airtel Money refused the amount. Nothing was paid.",
  DP00800001005: "The Airtel Money prompt was not answered in time. Nothing was paid.",
  DP00800001007: "Your Airtel Money balance was not enough for this payment. Nothing was paid.",
  DP00800001008: "The Airtel Money payment was refused. Nothing was paid.",
  DP00800001010: "Airtel Money does not allow this payment to the firm. Nothing was paid.",
  DP00800001024: "The Airtel Money payment timed out. Nothing was paid.",
  DP00800001025: "Airtel Money does not know this payment. Nothing was paid.",
  DP00800001029: "The Airtel Money prompt expired. Nothing was paid.",
  TF: "The Airtel Money payment did not go through. Nothing was paid.",
};

export const airtelMoney: MobileMoneyAdapter<MobileMoneyCredentials> = {
  way: "airtel_money",
  async start(credentials, request) {
    const bearer = await token(credentials);
    if (typeof bearer !== "string") return bearer;
    const countryCode = COUNTRY_CODES[request.country] ?? "";
    const reply = await providerCall(LABEL, `${baseUrl(credentials)}/merchant/v1/payments/`, {
      method: "POST",
      headers: headers(bearer, request.country),
      body: JSON.stringify({
        reference: request.externalId,
        subscriber: {
          country: request.country,
          currency: request.currency,
          // Airtel wants the number without its country code
          msisdn: request.msisdn.startsWith(countryCode)
            ? request.msisdn.slice(countryCode.length)
            : request.msisdn,
        },
        transaction: {
          amount: request.amountMinor,
          country: request.country,
          currency: request.currency,
          id: request.referenceId,
        },
      }),
    });
    if ("kind" in reply) return reply;
    const answer = PushAnswer.safeParse(reply.body);
    if (reply.status === 200 && answer.success && answer.data.status.success) {
      return { kind: "accepted", providerRequestId: null };
    }
    return refusal(reply.status, reply.body);
  },
  async status(credentials, referenceId, country): Promise<PromptStatus> {
    const bearer = await token(credentials);
    if (typeof bearer !== "string") {
      return bearer.kind === "unreachable" ? bearer : { kind: "unreachable", message: bearer.message };
    }
    const reply = await providerCall(
      LABEL,
      `${baseUrl(credentials)}/standard/v1/payments/${encodeURIComponent(referenceId)}`,
      { method: "GET", headers: headers(bearer, country) },
    );
    if ("kind" in reply) return reply;
    const answer = EnquiryAnswer.safeParse(reply.body);
    if (reply.status !== 200 || !answer.success) {
      const refused = refusal(reply.status, reply.body);
      return refused.kind === "refused"
        ? { kind: "failed", code: refused.code, message: refused.message }
        : refused;
    }
    const { transaction } = answer.data.data;
    const { status } = answer.data;
    // paid without Airtel's own id is not a payment we can receipt: asked again later
    if (transaction.status === "TS" && transaction.airtel_money_id) {
      return { kind: "paid", transactionId: transaction.airtel_money_id, amountMinor: null };
    }
    if (transaction.status === "TF") {
      return { kind: "failed", code: status.response_code ?? "TF", message: transaction.message ?? null };
    }
    // TIP: the payer has not answered yet; TA: Airtel does not know yet; both asked again later
    return { kind: "pending" };
  },
  readCallback(credentials, { body }) {
    const callback = Callback.safeParse(body);
    if (!callback.success) return { ok: false, message: "The callback is not an Airtel Money transaction." };
    const key = credentials.secrets.callbackKey;
    if (key) {
      const { hash } = callback.data;
      const raw = (body as { transaction: unknown }).transaction;
      if (!hash || !sameText(hash, airtelCallbackHash(key, raw))) {
        return { ok: false, message: "The callback's hash does not match." };
      }
    }
    return { ok: true, referenceId: callback.data.transaction.id };
  },
  reasonText: (code, message) => plainReason(REASONS, "Airtel Money", code, message),
};
