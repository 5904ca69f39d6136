import type { MobileMoneyWay } from "#app/offices/index";

/**
 * The one shape every mobile-money way is asked through (issue 52, decision 0815): send a payment prompt to the
 * payer's phone, read how it ended, read the provider's callback, and tell a failure in plain words. M-PESA
 * Express, MTN MoMo Collections and Airtel Money each implement it from their public documentation; what the
 * provider says becomes one of the answers below, so the prompt, the ledger and the review queue never see a
 * provider's own shapes.
 */
export type PromptRequest = {
  /** ours, unique: MTN's X-Reference-Id (a UUID), Airtel's transaction id */
  referenceId: string;
  /** international digits without "+": 2567…, 2507…, 2547… */
  msisdn: string;
  /** in the currency's minor unit (ISO 4217): UGX and RWF have none, so 50000 is UGX 50,000 */
  amountMinor: number;
  currency: string;
  /** ISO 3166 alpha-2 of the payer's operator: UG, RW, KE, TZ */
  country: string;
  /** the booking reference: MTN's externalId, Airtel's reference, M-PESA's AccountReference */
  externalId: string;
  callbackUrl: string;
};

export type PromptAnswer =
  | { kind: "accepted"; providerRequestId: string | null }
  | { kind: "refused"; code: string; message: string }
  | { kind: "unreachable"; message: string };

export type PromptStatus =
  /** only a status lookup gives this: the provider's own word, with its transaction id */
  | { kind: "paid"; transactionId: string | null; amountMinor: number | null }
  | { kind: "failed"; code: string; message: string | null }
  | { kind: "pending" }
  | { kind: "unreachable"; message: string };

/** A callback read: which prompt it is about. What it claims is never trusted without the status lookup. */
export type CallbackReading = { ok: true; referenceId: string } | { ok: false; message: string };

export type MobileMoneyAdapter<Credentials> = {
  way: MobileMoneyWay;
  start(credentials: Credentials, request: PromptRequest): Promise<PromptAnswer>;
  status(credentials: Credentials, referenceId: string, country: string): Promise<PromptStatus>;
  /** the callback as it came: its JSON body and the query of the address it was sent to */
  readCallback(
    credentials: Credentials,
    callback: { body: unknown; query: URLSearchParams },
  ): CallbackReading;
  reasonText(code: string | null, message?: string | null): string;
};

/** A provider's reason in plain words, or "did not go through" with the provider's own words after it. */
export function plainReason(
  words: Record<string, string>,
  provider: string,
  code: string | null,
  message?: string | null,
) {
  if (code !== null && Object.hasOwn(words, code)) return words[code] as string;
  const said = message?.trim() || code;
  return `The payment did not go through${said ? ` (${provider} said: “${said}”)` : ""}. Nothing was paid.`;
}
