export { discountDetail, documentDiscounts } from "./discounts/discount-text";
export {
  CodeSeatsSchema,
  DiscountCodeSchema,
  DiscountRuleSchema,
  discountCodeField,
  EndDiscountSchema,
  percentToBp,
} from "./discounts/discounts";
export { listedDocuments } from "./documents/document-listing";
export {
  DEFAULT_ITEM_CLASS_CODE,
  DEFAULT_ITEM_CLASS_LABEL,
  ETIMS_SEND_ON_LABELS,
  ETIMS_TAX_RATES,
  ETIMS_TAX_TYPE_LABELS,
  type EtimsDeviceInput,
  EtimsDeviceSchema,
  OUR_CHECK_PREFIX,
  TaxInvoiceRetrySchema,
} from "./etims/etims";
export {
  BANK_FIELD_LABELS,
  BANK_FIELDS,
  DIRECT_PAYMENT_METHODS,
  IMPORT_SKIP_UNREADABLE,
  ImportActionSchema,
  ImportQuerySchema,
  ImportUploadSchema,
  LPO_UPLOAD_MESSAGES,
  LpoUploadSchema,
  PaymentActionSchema,
  PaymentQuerySchema,
  ReminderSchema,
} from "./finance";
export {
  ACCOUNT_FIELDS,
  MobileMoneyAccountFormSchema,
  type MobileMoneyPayForm,
  MobileMoneyPayFormSchema,
  PROMPT_PROVIDERS,
} from "./mobile-money/mobile-money";
export { promptPlanText } from "./mpesa/mpesa-limit";
export { type StkPushState, stkResultText, stkStateText } from "./mpesa/stk-result";
export {
  DarajaCredentialsFormSchema,
  type DarajaCredentialsInput,
  DarajaCredentialsSchema,
  StkCheckFormSchema,
  type StkPayForm,
  StkPayFormSchema,
} from "./mpesa/stk-schemas";
export {
  BOOKING_WITHHOLDING_CHOICES,
  BookingWithholdingSchema,
  type Statement,
  VoidCertificateSchema,
  WITHHOLDING_KINDS,
  WITHHOLDING_PATH,
  WITHHOLDING_RATES,
  WithholdingCertificateSchema,
} from "./withholding/withholding";
