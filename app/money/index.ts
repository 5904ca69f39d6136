export {
  BANK_FIELD_LABELS,
  BANK_FIELDS,
  IMPORT_SKIP_UNREADABLE,
  ImportActionSchema,
  ImportQuerySchema,
  ImportUploadSchema,
  PaymentActionSchema,
  PaymentQuerySchema,
  ReminderSchema,
} from "./finance";
