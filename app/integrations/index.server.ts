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
export { newWebhookSecret, signWebhook, webhookHeaders } from "./webhooks/signing.server";
export { refusedTarget } from "./webhooks/target.server";
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
