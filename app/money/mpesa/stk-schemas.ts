import { z } from "zod";
import { DARAJA_ENVIRONMENTS } from "#app/platform/db/enums";
import { parseCents } from "#app/utils/cents";
import { safaricomMsisdn } from "#app/utils/phone";

/**
 * "Pay with M-PESA": the phone as a person types it (0712 345 678, +254 712 345 678, 254712345678) and the
 * amount in shillings (whole: M-PESA takes no cents), both checked the same in the form and the action.
 */
export const StkPayFormSchema = z.object({
  intent: z.literal("pay"),
  phone: z
    .string({ error: "Enter the M-PESA phone number" })
    .trim()
    .max(30, "Enter the M-PESA phone number")
    .refine((value) => safaricomMsisdn(value) !== null, "Enter a Kenyan mobile number such as 0712 345 678"),
  amount: z
    .string({ error: "Enter the amount to pay" })
    .trim()
    .max(20, "Enter the amount in shillings")
    .refine((value) => {
      const cents = parseCents(value.replace(/,/g, ""));
      return cents !== null && cents >= 100 && cents % 100 === 0;
    }, "Enter a whole number of shillings, at least 1"),
});
export type StkPayForm = z.infer<typeof StkPayFormSchema>;

/** "Check again": asks M-PESA where the last prompt stands (a form, so it works without JavaScript). */
export const StkCheckFormSchema = z.object({ intent: z.literal("check") });

const secret = (label: string) =>
  z
    .string()
    .trim()
    .max(200, `The ${label} is at most 200 characters`)
    .regex(/^[\x21-\x7e]*$/, `The ${label} has no spaces or accents`);

/** The Daraja app's credentials: secrets left empty keep the ones stored. */
export const DarajaCredentialsSchema = z.object({
  environment: z.enum(DARAJA_ENVIRONMENTS, { error: "Choose sandbox or production" }),
  shortcode: z
    .string({ error: "Enter the shortcode" })
    .trim()
    .regex(/^\d{5,7}$/, "Enter the paybill shortcode: 5 to 7 digits"),
  consumerKey: secret("consumer key").default(""),
  consumerSecret: secret("consumer secret").default(""),
  passkey: secret("passkey").default(""),
});
export type DarajaCredentialsInput = z.infer<typeof DarajaCredentialsSchema>;

/** The credentials' form on the settings screen. */
export const DarajaCredentialsFormSchema = DarajaCredentialsSchema.extend({ intent: z.literal("daraja") });
