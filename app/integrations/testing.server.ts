// What tests drive beyond the feature's contract (decision 0740).
export { API_RATE_LIMIT } from "./api/handler.server";
export { fingerprintOf } from "./api/idempotency.server";
export { API_RESOURCES } from "./api/resources.server";
