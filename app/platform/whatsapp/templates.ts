import type { WHATSAPP_MOMENTS } from "#app/platform/db/enums";

export type WhatsAppMoment = (typeof WHATSAPP_MOMENTS)[number];

/**
 * The moments sent on WhatsApp, each as a Meta-approved utility template (decision 0771): the variables the
 * template's body takes, in the order of its {{1}}, {{2}}, …. The settings name the approved template per moment;
 * the product fills these variables, never free text. `example` is the body to submit to Meta for approval.
 */
export const WHATSAPP_TEMPLATES: Record<
  WhatsAppMoment,
  { label: string; variables: readonly string[]; example: string }
> = {
  session_reminder: {
    label: "Reminder the day before a session",
    variables: ["course", "date and time", "venue", "map link"],
    example: "Reminder: {{1}} starts {{2}} at {{3}}. Map: {{4}}",
  },
  payment_received: {
    label: "Payment received",
    variables: ["amount", "receipt code"],
    example: "Payment received: {{1}}, receipt {{2}}. Thank you.",
  },
  certificate_ready: {
    label: "Certificate ready",
    variables: ["course", "verify link"],
    example: "Your certificate for {{1}} is ready: {{2}}",
  },
  joining_instructions: {
    label: "Joining instructions",
    variables: ["course", "link"],
    example: "Joining instructions for {{1}}: {{2}}",
  },
  waitlist_offer: {
    label: "Waiting-list seat offered",
    variables: ["course", "hold ends", "link"],
    example: "A seat on {{1}} is held for you until {{2}}. Confirm: {{3}}",
  },
};

/** Meta's limit on one body parameter's text; a longer one is refused. */
export const WHATSAPP_PARAMETER_MAX = 1024;
