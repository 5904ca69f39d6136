export {
  type AuditLogRow,
  countAuditLogs,
  listAuditLogs,
  listAuditTables,
  streamAuditLogs,
} from "./audit/audit-log.server";
export { getDashboard } from "./dashboard/dashboard.server";
export {
  type ErasureOutcome,
  type ErasurePlan,
  erasePersonalData,
  planErasure,
} from "./data-requests/data-request-erase.server";
export {
  listDataRequests,
  personalDataCopy,
  recordExport,
} from "./data-requests/data-request-export.server";
export {
  countFound,
  findPersonalData,
  type PersonalData,
} from "./data-requests/data-request-find.server";
export * from "./index";
export { type BookingListRow, listBookedRuns, listBookings } from "./lists/booking-list.server";
export {
  CONTACT_EXPORT_HEADER,
  CONTACT_LIST_SCREEN,
  type ContactListRow,
  listContacts,
  streamContacts,
} from "./lists/contact-admin.server";
export { auditExport } from "./lists/list-query.server";
export {
  findRegistration,
  type IdNumbersInExport,
  listRegisteredCourseNames,
  listRegistrations,
  REGISTRATION_LIST_SCREEN,
  type RegistrationListRow,
  type RevealOutcome,
  registrationExport,
  revealIdNumber,
} from "./lists/registration-admin.server";
export { handleRowAction, loadDeletedList, loadListScreen } from "./lists/row-actions.server";
export { adminSearch } from "./search/admin-search.server";
export {
  generateCallbackSecret,
  updateSystemSetting,
  updateSystemSettings,
} from "./settings/setting-admin.server";
export { getSystemInfo } from "./settings/system-info.server";
