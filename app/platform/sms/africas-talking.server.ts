import { z } from "zod";
import { env } from "#app/platform/env.server";

/*
 * Africa's Talking's SMS API (POST /version1/messaging, form-encoded, the key in an `apiKey` header): one
 * recipient a request, since each message is written for its person. Its answer names each recipient with a
 * statusCode: 100 Processed, 101 Sent and 102 Queued mean it took the message; the others refuse it.
 */

export const AT_HOSTS = {
  sandbox: "https://api.sandbox.africastalking.com",
  production: "https://api.africastalking.com",
} as const;

export type SmsAccount = {
  environment: keyof typeof AT_HOSTS;
  username: string;
  apiKey: string;
  senderId: string | null;
};

/** Refusals that another try may get past: the account's balance or a hold, the provider's own trouble. */
const RETRYABLE = new Map<number, string>([
  [401, "RiskHold"],
  [405, "InsufficientBalance"],
  [500, "InternalServerError"],
  [501, "GatewayError"],
  [502, "RejectedByGateway"],
]);
/** Refusals of this message to this number, final: sending it again would be refused again. */
const FINAL = new Map<number, string>([
  [402, "InvalidSenderId"],
  [403, "InvalidPhoneNumber"],
  [404, "UnsupportedNumberType"],
  [406, "UserInBlacklist"],
  [407, "CouldNotRoute"],
  [409, "DoNotDisturbRejection"],
]);
const ACCEPTED = new Set([100, 101, 102]);

const RecipientSchema = z.object({
  statusCode: z.coerce.number().int(),
  number: z.string().max(40),
  status: z.string().max(100),
  cost: z.string().max(40).optional(),
  messageId: z.string().max(200).optional(),
});
const AnswerSchema = z.object({
  SMSMessageData: z.object({ Message: z.string().max(500), Recipients: z.array(RecipientSchema).max(1000) }),
});

export type SmsAnswer =
  | { kind: "accepted"; messageId: string; status: string; cost: { e4: number; currency: string } | null }
  /** refused for good: the message is failed */
  | { kind: "refused"; status: string; message: string }
  /** not taken, and it may be later: tried again */
  | { kind: "retry"; status: string | null; message: string }
  /** no answer: the provider may or may not have taken it, so it is never sent again (decision 0765) */
  | { kind: "unknown"; message: string };

/** "KES 0.8000" → 8000 ten-thousandths of KES; null for anything else (a refused message reports "0"). */
export function parseCost(cost: string | undefined) {
  const match = /^([A-Z]{3}) (\d{1,7})(?:\.(\d{1,4}))?$/.exec(cost?.trim() ?? "");
  if (!match) return null;
  const [, currency, whole, fraction = ""] = match as unknown as [string, string, string, string?];
  return { currency, e4: Number(whole) * 10_000 + Number(fraction.padEnd(4, "0")) };
}

/** Sends one SMS; never throws for the provider's sake. */
export async function sendSms(account: SmsAccount, to: string, text: string): Promise<SmsAnswer> {
  const { AFRICASTALKING_URL, AFRICASTALKING_TIMEOUT_SECONDS } = env();
  const body = new URLSearchParams({ username: account.username, to, message: text });
  if (account.senderId) body.set("from", account.senderId);
  let response: Response;
  try {
    response = await fetch(`${AFRICASTALKING_URL ?? AT_HOSTS[account.environment]}/version1/messaging`, {
      method: "POST",
      headers: {
        apiKey: account.apiKey,
        Accept: "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body,
      signal: AbortSignal.timeout(AFRICASTALKING_TIMEOUT_SECONDS * 1000),
    });
  } catch (error) {
    // a refused connection never reached it; anything later (a timeout, a cut) may have
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN") {
      return { kind: "retry", status: null, message: `Africa's Talking could not be reached (${code}).` };
    }
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    return {
      kind: "unknown",
      message: timedOut
        ? `Africa's Talking did not answer within ${AFRICASTALKING_TIMEOUT_SECONDS} s.`
        : `The connection to Africa's Talking broke: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const answer = (await response.text().catch(() => "")).slice(0, 2000);
  if (response.status >= 500) {
    return { kind: "retry", status: null, message: `Africa's Talking answered ${response.status}.` };
  }
  if (!response.ok) {
    // a wrong username or API key, a malformed request: nothing was sent; tried again once the settings change
    return {
      kind: "retry",
      status: null,
      message: `Africa's Talking refused the request (${response.status}): ${answer.slice(0, 200) || "no reason given"}. Check the SMS settings.`,
    };
  }
  let parsed: z.infer<typeof AnswerSchema>;
  try {
    parsed = AnswerSchema.parse(JSON.parse(answer));
  } catch {
    return { kind: "unknown", message: "Africa's Talking answered, but not with an SMS result." };
  }
  const [recipient] = parsed.SMSMessageData.Recipients;
  if (!recipient) {
    // e.g. "InvalidSenderId" or "Invalid Phone Number" as the whole answer, with no recipient
    return { kind: "refused", status: "Refused", message: parsed.SMSMessageData.Message };
  }
  const code = recipient.statusCode;
  if (ACCEPTED.has(code) && recipient.messageId) {
    return {
      kind: "accepted",
      messageId: recipient.messageId,
      status: recipient.status,
      cost: parseCost(recipient.cost),
    };
  }
  const named = RETRYABLE.get(code) ?? FINAL.get(code) ?? recipient.status;
  const message = `Africa's Talking: ${named} (${code}).`;
  if (RETRYABLE.has(code)) return { kind: "retry", status: named, message };
  return { kind: "refused", status: named, message };
}
