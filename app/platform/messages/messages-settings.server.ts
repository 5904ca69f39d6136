import { z } from "zod";
import type { AuditActor } from "#app/platform/audit.server";
import { WHATSAPP_MOMENTS } from "#app/platform/db/enums";
import { saveSmsCredentials, smsSettingsSummary } from "#app/platform/sms/sms-credentials.server";
import { SmsCredentialsFormSchema } from "#app/platform/sms/sms-settings";
import {
  nameWhatsAppTemplate,
  saveWhatsAppCredentials,
  whatsappSettingsSummary,
} from "#app/platform/whatsapp/whatsapp-credentials.server";
import {
  templateLanguageField,
  templateNameField,
  WhatsAppCredentialsFormSchema,
  WhatsAppTemplatesFormSchema,
} from "#app/platform/whatsapp/whatsapp-settings";

/*
 * The "Messages" settings card's server side (decision 0773): both phone channels' forms, read by one reader and
 * answered one way. The route checks who may save (the owners; a provider's credentials after a recent sign-in).
 */

/** The card's forms, for the guarded reader. */
export const MESSAGES_SETTINGS_FORMS = [
  SmsCredentialsFormSchema,
  WhatsAppCredentialsFormSchema,
  WhatsAppTemplatesFormSchema,
] as const;

const FORMS = {
  sms: {
    channel: "sms",
    schema: SmsCredentialsFormSchema,
    refused: "SMS settings not saved",
    saved: "SMS settings saved",
    credentials: true,
  },
  whatsapp: {
    channel: "whatsapp",
    schema: WhatsAppCredentialsFormSchema,
    refused: "WhatsApp settings not saved",
    saved: "WhatsApp settings saved",
    credentials: true,
  },
  "whatsapp-templates": {
    channel: "whatsapp",
    schema: WhatsAppTemplatesFormSchema,
    refused: "WhatsApp templates not saved",
    saved: "WhatsApp templates saved",
    credentials: false,
  },
} as const;

export type MessagesSettingsIntent = keyof typeof FORMS;

/** The card's form a submission is for, or null when it is another card's. */
export function messagesSettingsIntent(form: FormData): MessagesSettingsIntent | null {
  const intent = form.get("intent");
  return typeof intent === "string" && Object.hasOwn(FORMS, intent)
    ? (intent as MessagesSettingsIntent)
    : null;
}

/** Whether saving this form changes a provider's credentials (the route then asks for a recent sign-in). */
export const savesCredentials = (intent: MessagesSettingsIntent) => FORMS[intent].credentials;

/** What the card shows: both channels' accounts (never their secrets), addresses and templates. */
export async function messagesSettingsSummary(publicUrl: string) {
  const [sms, whatsapp] = await Promise.all([
    smsSettingsSummary(publicUrl),
    whatsappSettingsSummary(publicUrl),
  ]);
  return { sms, whatsapp };
}

export type MessagesSettingsOutcome =
  | { ok: true; anchor: string; title: string }
  | { ok: false; error: string; channel: "sms" | "whatsapp"; errors: Record<string, string[]> };

/** Saves one of the card's forms; a refusal says why, field by field, and changes nothing. */
export async function saveMessagesSettings(
  actor: AuditActor,
  intent: MessagesSettingsIntent,
  form: FormData,
): Promise<MessagesSettingsOutcome> {
  const { channel, schema, refused, saved } = FORMS[intent];
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error as z.ZodError).fieldErrors as Record<string, string[]>;
    return { ok: false, error: refused, channel, errors };
  }
  const input = parsed.data;
  const done = { ok: true as const, anchor: `#${channel}-settings`, title: saved };
  if (input.intent === "sms") {
    const result = await saveSmsCredentials(actor, input);
    return result.ok ? done : { ok: false, error: refused, channel, errors: { apiKey: [result.message] } };
  }
  if (input.intent === "whatsapp") {
    const result = await saveWhatsAppCredentials(actor, input);
    if (result.ok) return done;
    const field = result.message.includes("token") ? "accessToken" : "appSecret";
    return { ok: false, error: refused, channel, errors: { [field]: [result.message] } };
  }
  const values = input as Record<string, string>;
  for (const moment of WHATSAPP_MOMENTS) {
    const name = values[templateNameField(moment)] ?? "";
    const language = values[templateLanguageField(moment)] ?? "en";
    await nameWhatsAppTemplate(actor, moment, name ? { name, language } : null);
  }
  return done;
}
