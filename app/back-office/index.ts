export type { KeptRecord, Subject } from "#app/platform/personal-data/subject";
export { AUDIT_PAGE_SIZE, type AuditLogFilter, parseAuditLogFilter, shortRecordId } from "./audit/audit-log";
export {
  DataExportSchema,
  DataRequestActionSchema,
  readSubject,
} from "./data-requests/data-request";
export {
  ERASED_KINDS,
  type ErasedKind,
  FOUND_KINDS,
  type FoundKind,
} from "./data-requests/data-request-kinds";
export {
  BOOKING_STATUSES,
  BookingQuerySchema,
  CONTACT_MESSAGES,
  CONTACT_STATUSES,
  ContactQuerySchema,
  DECIDED_REGISTRATION_STATUSES,
  parseListQuery,
  REGISTRATION_MESSAGES,
  REGISTRATION_STATUSES,
  RESTORE_WINDOW_DAYS,
  RegistrationQuerySchema,
  RevealIdNumberSchema,
  recordedStatusSource,
} from "./lists/admin-lists";
export {
  AdminSearchSchema,
  SEARCH_GROUPS,
  type SearchGroup,
  type SearchGroupKind,
  type SearchHit,
} from "./search/admin-search";
export { parseSettingInput, SettingFormSchema } from "./settings/setting-input";
export {
  GenerateSecretSchema,
  SETTING_LABELS,
  SETTING_SECTIONS,
  type SettingSection,
  SettingSectionFormSchema,
  type SettingSectionId,
  sectionOfSetting,
  settingPath,
  settingSection,
} from "./settings/setting-sections";
