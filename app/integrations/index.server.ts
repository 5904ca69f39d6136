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
