// What the tests reach in back-office beyond its contract (index.server.ts): internals a test drives or
// inspects directly. Only tests import this file (lint rule `only-tests-use-testing-surfaces`).
export { listAuditLogsAfter } from "./audit/audit-log.server";
export { lastMonths } from "./dashboard/dashboard.server";
export { getTodayWork } from "./dashboard/dashboard-today.server";
export {
  deleteRegistration,
  EXPORT_HEADER,
  listDeletedRegistrations,
  purgeExpiredRegistrations,
  registrationSearch,
  restoreRegistration,
  setRegistrationStatus,
  streamRegistrations,
} from "./lists/registration-admin.server";
