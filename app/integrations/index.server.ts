export {
  apiCancelBooking,
  apiCreate,
  apiDescription,
  apiItem,
  apiList,
  apiNotFound,
} from "./api/endpoints.server";
export { openApiDocument } from "./api/openapi.server";
export * from "./index";
export {
  type ApiTokenRow,
  createApiToken,
  listApiTokens,
  revokeApiToken,
} from "./tokens/api-tokens.server";
export { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./webhooks/event-types";
export { newWebhookSecret, signWebhook, webhookHeaders } from "./webhooks/signing.server";
export {
  createWebhookEndpoint,
  deliverDueWebhooks,
  listWebhookEndpoints,
  nextAttemptAfter,
  RETRY_WINDOW_MS,
  replayWebhookEvents,
  resendWebhookDelivery,
  rotateWebhookSecret,
  setWebhookEndpointEnabled,
  webhookBody,
  webhookDeliveryLog,
} from "./webhooks/webhooks.server";
