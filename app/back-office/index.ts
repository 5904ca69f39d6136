export { AUDIT_PAGE_SIZE, type AuditLogFilter, parseAuditLogFilter, shortRecordId } from "./audit/audit-log";
export {
  CONTACT_MESSAGES,
  CONTACT_STATUSES,
  ContactQuerySchema,
  DECIDED_REGISTRATION_STATUSES,
  parseListQuery,
  REGISTRATION_MESSAGES,
  REGISTRATION_STATUSES,
  RESTORE_WINDOW_DAYS,
  RegistrationQuerySchema,
  recordedStatusSource,
} from "./lists/admin-lists";
export { parseSettingInput, SettingFormSchema } from "./settings/setting-input";
