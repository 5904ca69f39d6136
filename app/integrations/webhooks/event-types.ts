import { WEBHOOK_EVENT_TYPES } from "#app/platform/db/enums";

// The webhook events (issue 54, decision 0821); the value lists live with the other tables' lists.
export { WEBHOOK_EVENT_TYPES };
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "booking.created": "Booking created",
  "booking.confirmed": "Booking confirmed",
  "booking.cancelled": "Booking cancelled",
  "payment.received": "Payment received",
  "invoice.issued": "Invoice issued",
  "credit_note.issued": "Credit note issued",
  "tax_invoice.accepted": "Tax invoice accepted by KRA",
  "certificate.issued": "Certificate issued",
};
