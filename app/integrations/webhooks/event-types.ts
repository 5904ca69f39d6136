// The webhook events (issue 54, decision 0821) and the states of a delivery. Loaded by drizzle-kit with the
// table file: no imports.

export const WEBHOOK_EVENT_TYPES = [
  "booking.created",
  "booking.confirmed",
  "booking.cancelled",
  "payment.received",
  "invoice.issued",
  "credit_note.issued",
  "tax_invoice.accepted",
  "certificate.issued",
] as const;
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

export const WEBHOOK_DELIVERY_STATES = ["waiting", "delivered", "failed", "cancelled"] as const;
export const WEBHOOK_DELIVERY_ORIGINS = ["event", "resend", "replay"] as const;
