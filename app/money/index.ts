export {
  ETIMS_SEND_ON_LABELS,
  ETIMS_TAX_RATES,
  ETIMS_TAX_TYPE_LABELS,
  type EtimsDeviceInput,
  EtimsDeviceSchema,
  TaxInvoiceRetrySchema,
} from "./etims/etims";
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
