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
