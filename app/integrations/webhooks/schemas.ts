import { z } from "zod";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./event-types";

// The forms of the webhook pages (issue 54, decision 0820), shared by the form and its action.

const asList = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export const CreateWebhookEndpointSchema = z.object({
  intent: z.literal("create"),
  url: z
    .string("Enter the receiver's address")
    .trim()
    .min(1, "Enter the receiver's address")
    .max(500, "Use at most 500 characters")
    .pipe(z.url({ protocol: /^https?$/, error: "Enter the full address, starting with https://" })),
  description: z
    .string()
    .trim()
    .max(120, "Use at most 120 characters")
    .optional()
    .transform((v) => v || null),
  eventTypes: z.preprocess(
    asList,
    z
      .array(z.enum(WEBHOOK_EVENT_TYPES as unknown as [WebhookEventType, ...WebhookEventType[]]))
      .min(1, "Choose at least one event"),
  ),
});

export const WebhookEndpointIntentSchema = z.object({
  intent: z.enum(["rotate", "disable", "enable"]),
  id: z.uuid("Choose an endpoint from the list."),
});

export const ResendWebhookSchema = z.object({
  intent: z.literal("resend"),
  deliveryId: z.uuid("Choose a delivery from the log."),
});

export const ReplayWebhooksSchema = z.object({
  intent: z.literal("replay"),
  /** a datetime-local value, Nairobi time */
  since: z
    .string("Choose when to replay from")
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Choose when to replay from"),
});

/** A datetime-local value read as Nairobi time (UTC+3, no summer time). */
export const nairobiInstant = (local: string) => new Date(`${local}:00+03:00`);
