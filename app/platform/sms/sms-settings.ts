import { z } from "zod";
import { SMS_ENVIRONMENTS } from "#app/platform/db/enums";

/** The SMS settings' form (decision 0766): Africa's Talking's app, its key left empty to keep the stored one. */
export const SmsCredentialsFormSchema = z.object({
  intent: z.literal("sms"),
  environment: z.enum(SMS_ENVIRONMENTS, { error: "Choose sandbox or production" }),
  username: z
    .string({ error: "Enter the app's username" })
    .trim()
    .regex(
      /^[A-Za-z0-9_.-]{2,60}$/,
      "Enter the app's username as Africa's Talking shows it (sandbox for the sandbox)",
    ),
  senderId: z
    .string()
    .trim()
    .max(11, "A sender ID is at most 11 characters")
    .regex(/^[A-Za-z0-9 ]*$/, "A sender ID has letters, digits and spaces only")
    .optional()
    .transform((value) => value || null),
  apiKey: z.string().trim().max(200, "The API key is at most 200 characters").default(""),
});
export type SmsCredentialsForm = z.infer<typeof SmsCredentialsFormSchema>;
