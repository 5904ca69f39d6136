import { z } from "zod";
import { PROMPT_PROVIDERS } from "#app/platform/db/enums";

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
