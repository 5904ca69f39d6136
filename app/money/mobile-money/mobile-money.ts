import { z } from "zod";
import { PROMPT_ENVIRONMENTS, PROMPT_PROVIDERS, SELLING_OFFICES } from "#app/platform/db/enums";

export { PROMPT_PROVIDERS };

/**
 * "Pay with MTN MoMo" / "Pay with Airtel Money" on the pay page: the way, the payer's number as typed (checked
 * against the office's country by the server, which knows it) and the amount in the run's currency, whole
 * (UGX and RWF have no minor unit).
 */
export const MobileMoneyPayFormSchema = z.object({
  intent: z.literal("mobile-money"),
  provider: z.enum(PROMPT_PROVIDERS, { error: "Choose MTN MoMo or Airtel Money" }),
  phone: z
    .string({ error: "Enter the mobile-money phone number" })
    .trim()
    .min(9, "Enter the mobile-money phone number")
    .max(30, "Enter the mobile-money phone number"),
  amount: z
    .string({ error: "Enter the amount to pay" })
    .trim()
    .max(20, "Enter the amount")
    .regex(/^\d[\d,]*$/, "Enter a whole amount, at least 1"),
});
export type MobileMoneyPayForm = z.infer<typeof MobileMoneyPayFormSchema>;

const secret = (label: string) =>
  z
    .string()
    .trim()
    .max(200, `The ${label} is at most 200 characters`)
    .regex(/^[\x21-\x7e]*$/, `The ${label} has no spaces or accents`)
    .default("");

/**
 * An office's MTN MoMo or Airtel Money account on the Selling offices page (decision 0816). `keyId`: MTN's API
 * user, Airtel's client id. `secret1`/`secret2`: MTN's API key and subscription key, Airtel's client secret and
 * callback key. A secret left empty keeps the one stored (they are never shown back).
 */
export const MobileMoneyAccountFormSchema = z.object({
  intent: z.literal("mobile-money-account"),
  code: z.enum(SELLING_OFFICES, "Choose an office from the list."),
  provider: z.enum(PROMPT_PROVIDERS, { error: "Choose MTN MoMo or Airtel Money" }),
  environment: z.enum(PROMPT_ENVIRONMENTS, { error: "Choose sandbox or production" }),
  keyId: z
    .string({ error: "Enter the API user or client id" })
    .trim()
    .min(1, "Enter the API user or client id")
    .max(200, "The API user or client id is at most 200 characters")
    .regex(/^[\x21-\x7e]+$/, "The API user or client id has no spaces or accents"),
  secret1: secret("first secret"),
  secret2: secret("second secret"),
});

/** Each provider's secrets as its portal names them, in the form's order. */
export const ACCOUNT_FIELDS = {
  mtn_momo: { keyId: "API user", secret1: "API key", secret2: "Subscription key (Ocp-Apim)" },
  airtel_money: {
    keyId: "Client id",
    secret1: "Client secret",
    secret2: "Callback key (callback with authentication)",
  },
} as const;
