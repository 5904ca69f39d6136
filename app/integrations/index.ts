export {
  API_ACCESS,
  API_AREA_LABELS,
  API_AREAS,
  API_SCOPES,
  type ApiArea,
  type ApiScope,
  CreateApiTokenSchema,
  RevokeApiTokenSchema,
  scopeAllows,
} from "./scopes";
export { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./webhooks/event-types";
export {
  CreateWebhookEndpointSchema,
  nairobiInstant,
  ReplayWebhooksSchema,
  ResendWebhookSchema,
  WebhookEndpointIntentSchema,
} from "./webhooks/schemas";
