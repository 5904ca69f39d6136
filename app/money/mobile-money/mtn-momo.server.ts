import { z } from "zod";
import { env } from "#app/platform/env.server";
import { now } from "#app/utils/clock";
import { type MinorCurrency, minorToInput, parseMinor } from "#app/utils/minor-units";
import { type MobileMoneyAdapter, type PromptAnswer, type PromptStatus, plainReason } from "./adapter";
import type { MobileMoneyCredentials } from "./credentials.server";
import { providerCall, tokenCache } from "./provider-call.server";

/**
 * MTN MoMo Collections, as MTN's public developer documentation (momodeveloper.mtn.com, Collection API v1_0)
 * describes it: a token from POST /collection/token/ (Basic API user:API key, the Ocp-Apim-Subscription-Key),
 * the request to pay POST /collection/v1_0/requesttopay (our X-Reference-Id, a UUID; 202 Accepted with no body)
 * and its status GET /collection/v1_0/requesttopay/{referenceId} (PENDING, SUCCESSFUL with the
 * financialTransactionId, FAILED with a reason). MTN's callback is not signed: it only makes us ask the status.
 */
const HOSTS = {
  sandbox: "https://sandbox.momodeveloper.mtn.com",
  production: "https://proxy.momoapi.mtn.com",
} as const;
/** MTN's X-Target-Environment: "sandbox" for trials; in production the operator's country. */
const TARGET_BY_COUNTRY: Record<string, string> = { UG: "mtnuganda", RW: "mtnrwanda" };
const LABEL = "MTN MoMo";

const baseUrl = (credentials: MobileMoneyCredentials) =>
  (env().MTN_MOMO_URL ?? HOSTS[credentials.environment]).replace(/\/$/, "");
const target = (credentials: MobileMoneyCredentials, country: string) =>
  credentials.environment === "sandbox" ? "sandbox" : (TARGET_BY_COUNTRY[country] ?? "sandbox");

const TokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });
/** MTN's error body: `{ code: "PAYER_NOT_FOUND", message: "…" }` */
const ErrorAnswer = z.object({ code: z.coerce.string(), message: z.coerce.string().default("") });
/** The reason of a FAILED request: a code in v1_0, `{ code, message }` in some deployments. */
const Reason = z
  .union([z.string(), z.object({ code: z.coerce.string(), message: z.coerce.string().optional() })])
  .transform((r) =>
    typeof r === "string" ? { code: r, message: null } : { code: r.code, message: r.message ?? null },
  );
const StatusAnswer = z.object({
  amount: z.coerce.string().optional(),
  currency: z.string().optional(),
  financialTransactionId: z.coerce.string().optional(),
  externalId: z.coerce.string().optional(),
  status: z.enum(["PENDING", "SUCCESSFUL", "FAILED"]),
  reason: Reason.optional(),
});

const tokens = tokenCache();
export const forgetMtnTokens = () => tokens.clear();

async function token(credentials: MobileMoneyCredentials) {
  const key = `${credentials.office}:${credentials.keyId}`;
  const cached = tokens.get(key, now().getTime());
  if (cached) return cached;
  const reply = await providerCall(LABEL, `${baseUrl(credentials)}/collection/token/`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from(`${credentials.keyId}:${credentials.secrets.apiKey}`).toString("base64")}`,
      "Ocp-Apim-Subscription-Key": credentials.secrets.subscriptionKey ?? "",
    },
  });
  if ("kind" in reply) return reply;
  const answer = TokenAnswer.safeParse(reply.body);
  if (reply.status !== 200 || !answer.success) return refusal(reply.status, reply.body);
  tokens.set(key, answer.data.access_token, now().getTime() + answer.data.expires_in * 1000);
  return answer.data.access_token;
}

function refusal(status: number, body: unknown): Exclude<PromptAnswer, { kind: "accepted" }> {
  const error = ErrorAnswer.safeParse(body);
  if (error.success && status < 500) {
    return { kind: "refused", code: error.data.code, message: error.data.message };
  }
  return { kind: "unreachable", message: `${LABEL} answered HTTP ${status}.` };
}

const headers = (credentials: MobileMoneyCredentials, bearer: string, country: string) => ({
  Authorization: `Bearer ${bearer}`,
  "X-Target-Environment": target(credentials, country),
  "Ocp-Apim-Subscription-Key": credentials.secrets.subscriptionKey ?? "",
});

const REASONS: Record<string, string> = {
  PAYER_NOT_FOUND: "This number has no MTN Mobile Money account. Check the number, or pay another way.",
  NOT_ENOUGH_FUNDS: "Your MTN Mobile Money balance was not enough for this payment. Nothing was paid.",
  APPROVAL_REJECTED: "You declined the MTN MoMo prompt. Nothing was paid.",
  EXPIRED: "The MTN MoMo prompt expired before it was approved. Nothing was paid.",
  TRANSACTION_CANCELED: "The MTN MoMo payment was cancelled. Nothing was paid.",
  PAYER_LIMIT_REACHED: "This payment is above your MTN Mobile Money limit. Nothing was paid.",
  PAYMENT_NOT_APPROVED: "The MTN MoMo payment was not approved. Nothing was paid.",
  NOT_ALLOWED: "MTN Mobile Money does not allow this payment from this number. Nothing was paid.",
  INVALID_CURRENCY: "MTN Mobile Money does not take this currency for this number. Nothing was paid.",
  SERVICE_UNAVAILABLE: "MTN Mobile Money is not available just now. Nothing was paid: try again later.",
  INTERNAL_PROCESSING_ERROR: "MTN Mobile Money could not process the payment. Nothing was paid.",
  COULD_NOT_PERFORM_TRANSACTION: "MTN Mobile Money could not perform the payment. Nothing was paid.",
};

export const mtnMomo: MobileMoneyAdapter<MobileMoneyCredentials> = {
  way: "mtn_momo",
  async start(credentials, request) {
    const bearer = await token(credentials);
    if (typeof bearer !== "string") return bearer;
    const reply = await providerCall(LABEL, `${baseUrl(credentials)}/collection/v1_0/requesttopay`, {
      method: "POST",
      headers: {
        ...headers(credentials, bearer, request.country),
        "Content-Type": "application/json",
        "X-Reference-Id": request.referenceId,
        "X-Callback-Url": request.callbackUrl,
      },
      body: JSON.stringify({
        amount: minorToInput(request.amountMinor, request.currency as MinorCurrency),
        currency: request.currency,
        externalId: request.externalId,
        payer: { partyIdType: "MSISDN", partyId: request.msisdn },
        payerMessage: `Booking ${request.externalId}`,
        payeeNote: `Booking ${request.externalId}`,
      }),
    });
    if ("kind" in reply) return reply;
    if (reply.status === 202) return { kind: "accepted", providerRequestId: null };
    return refusal(reply.status, reply.body);
  },
  async status(credentials, referenceId, country): Promise<PromptStatus> {
    const bearer = await token(credentials);
    if (typeof bearer !== "string") {
      return bearer.kind === "unreachable" ? bearer : { kind: "unreachable", message: bearer.message };
    }
    const reply = await providerCall(
      LABEL,
      `${baseUrl(credentials)}/collection/v1_0/requesttopay/${encodeURIComponent(referenceId)}`,
      { method: "GET", headers: headers(credentials, bearer, country) },
    );
    if ("kind" in reply) return reply;
    const answer = StatusAnswer.safeParse(reply.body);
    if (reply.status !== 200 || !answer.success) {
      return { kind: "unreachable", message: `${LABEL} answered HTTP ${reply.status} to the status lookup.` };
    }
    const { status, financialTransactionId, amount, currency, reason } = answer.data;
    if (status === "PENDING") return { kind: "pending" };
    if (status === "FAILED") {
      return { kind: "failed", code: reason?.code ?? "FAILED", message: reason?.message ?? null };
    }
    // SUCCESSFUL without MTN's transaction id is not a payment we can receipt: asked again later
    if (!financialTransactionId) return { kind: "pending" };
    const amountMinor = currency ? parseMinor(amount, currency as MinorCurrency) : null;
    return { kind: "paid", transactionId: financialTransactionId, amountMinor };
  },
  /** MTN's callback carries the status body but not our reference: the X-Callback-Url we gave names it. */
  readCallback(_credentials, { query }) {
    const reference = z.uuid().safeParse(query.get("reference"));
    return reference.success
      ? { ok: true, referenceId: reference.data }
      : { ok: false, message: "The callback does not name a prompt of ours." };
  },
  reasonText: (code, message) => plainReason(REASONS, "MTN MoMo", code, message),
};
