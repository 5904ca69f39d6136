import { z } from "zod";
import { WHATSAPP_MOMENTS } from "#app/platform/db/enums";

/** The WhatsApp settings' forms (decisions 0770, 0771): the number's credentials, and a template per moment. */
export const WhatsAppCredentialsFormSchema = z.object({
  intent: z.literal("whatsapp"),
  graphVersion: z
    .string({ error: "Enter the Graph API version" })
    .trim()
    .regex(/^v\d{1,2}\.\d$/, "Enter the Graph API version as Meta writes it, such as v21.0"),
  phoneNumberId: z
    .string({ error: "Enter the phone number ID" })
    .trim()
    .regex(/^\d{6,20}$/, "Enter the phone number ID from WhatsApp → API Setup (digits only)"),
  accessToken: z
    .string()
    .trim()
    .max(1000, "The access token is at most 1000 characters")
    .regex(/^[A-Za-z0-9_-]*$/, "Paste the access token as Meta shows it, without spaces")
    .default(""),
  appSecret: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9]{16,64})?$/, "Paste the app secret from App settings → Basic (letters and digits)")
    .default(""),
});
export type WhatsAppCredentialsForm = z.infer<typeof WhatsAppCredentialsFormSchema>;

export const templateNameField = (moment: string) => `${moment}-name`;
export const templateLanguageField = (moment: string) => `${moment}-language`;

/** Each moment's approved template: its name (empty: not sent on WhatsApp) and its language code. */
export const WhatsAppTemplatesFormSchema = z.object({
  intent: z.literal("whatsapp-templates"),
  ...Object.fromEntries(
    WHATSAPP_MOMENTS.flatMap((moment) => [
      [
        templateNameField(moment),
        z
          .string()
          .trim()
          .max(512, "A template name is at most 512 characters")
          .regex(/^[a-z0-9_]*$/, "A template name has lower-case letters, digits and underscores only")
          .default(""),
      ],
      [
        templateLanguageField(moment),
        z
          .string()
          .trim()
          .regex(
            /^[a-z]{2,3}(_[A-Z]{2})?$/,
            "Enter the language code as WhatsApp Manager shows it: en, en_US, sw",
          )
          .default("en"),
      ],
    ]),
  ),
});
