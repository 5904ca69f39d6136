export {
  addDiscountCode,
  addDiscountRule,
  checkCodeForForm,
  codeRefusal,
  discountChoices,
  endDiscount,
  listDiscounts,
  lockCodesInUse,
  redeemCodes,
  releaseCodeSeats,
  setCodeSeats,
} from "./discounts/discount-admin.server";
export {
  bookingPrice,
  hasLiveDiscountRules,
  listOfferedDiscounts,
} from "./discounts/discount-pricing.server";
export { seedDiscountRules } from "./discounts/discount-seed.server";
export { bookingSubjectSql } from "./documents/billed-subject-sql.server";
export {
  bookingInvoiceTotal,
  currentDocuments,
  DOCUMENT_LINK_PURPOSE,
  documentAttachment,
  documentPath,
  type FinanceDocument,
  findFinanceDocument,
  openProforma,
  sendDocument,
} from "./documents/finance-document.server";
export { bookingPaymentInstructions, currentFinanceProfileGaps } from "./documents/finance-profile.server";
export {
  getFinanceOverview,
  getMoneySummary,
  listFinanceDocuments,
  listPayments,
  type MoneySummary,
  organisationMoney,
  runBookingMoney,
  sendPaymentReminder,
} from "./documents/finance-report.server";
export { currentLpoDocument, type LpoDocument, saveLpoDocument } from "./documents/lpo-document.server";
export { issueMilestoneInvoice, type MilestoneCharge } from "./documents/milestone-invoice.server";
export { type MoneyDocument, moneyDocumentsForBooking } from "./documents/nita-money.server";
export { type QuoteTerms, type QuoteTermsReader, setQuoteTermsReader } from "./documents/quote-terms.server";
export {
  ETIMS_READY,
  type EtimsDeviceView,
  getEtimsDevice,
  receiptVerificationUrls,
  saveEtimsDevice,
} from "./etims/etims-device.server";
export {
  type ClientTaxInvoice,
  clientTaxInvoice,
  findTaxInvoiceFile,
  listTaxInvoices,
  retryRefusedTaxInvoice,
  type TaxInvoiceRow,
  taxInvoiceTrouble,
} from "./etims/tax-invoice-list.server";
export { sendDueTaxInvoices } from "./etims/tax-invoice-outbox.server";
export { tellFinanceOfLongWaits } from "./etims/tax-invoice-trouble.server";
export * from "./index";
export { airtelCallbackHash, forgetAirtelTokens } from "./mobile-money/airtel-money.server";
export {
  getMobileMoneyCredentials,
  type MobileMoneyCredentials,
  mobileMoneyAccounts,
  type PromptProvider,
  saveMobileMoneyCredentials,
} from "./mobile-money/credentials.server";
export { forgetMtnTokens } from "./mobile-money/mtn-momo.server";
export {
  applyMobileMoneyCallback,
  checkBookingPrompt,
  checkMobileMoneyPrompt,
  type MobileMoneyPayOptions,
  type MobileMoneyPromptView,
  mobileMoneyCallbackUrl,
  mobileMoneyPayOptions,
  mobileMoneyPromptView,
  PROMPT_ADAPTERS,
  PROMPT_SWEEP_ACTOR,
  startMobileMoneyPrompt,
  sweepMobileMoneyPrompts,
} from "./mobile-money/prompt.server";
export { forgetDarajaTokens } from "./mpesa/daraja.server";
export {
  darajaCredentialsSummary,
  saveDarajaCredentials,
} from "./mpesa/daraja-credentials.server";
export { MPESA_SETTINGS_PATH, mpesaGaps } from "./mpesa/money-flow.server";
export { C2B_OTHER_ERROR, type C2BCallback, C2BCallbackSchema } from "./mpesa/mpesa.server";
export { callbackSecretMatches, confirmC2B, validateC2B } from "./mpesa/mpesa-callback.server";
export { type StkPayPage, stkPayPage } from "./mpesa/pay-page.server";
export { STK_ACCEPTED, type StkCallback, StkCallbackSchema } from "./mpesa/stk-callback.server";
export { applyStkCallback, checkStkPush, sweepStkPushes } from "./mpesa/stk-outcome.server";
export {
  bookingIdByReference,
  type StkPushView,
  startStkPush,
  stkPushView,
} from "./mpesa/stk-push.server";
export { stkAvailable } from "./mpesa/stk-setup.server";
export { sendTestConfirmation } from "./mpesa/test-confirmation.server";
export {
  bookingBalanceSql,
  bookingCertifiedSql,
  bookingInvoicedSql,
  bookingPaidSql,
  bookingPaymentStateSql,
  bookingWithheldSql,
} from "./payments/balance-sql.server";
export { invoiceBookingNow, invoiceNote, syncBooking } from "./payments/booking-sync.server";
export {
  bounceCheque,
  type ChequeRow,
  clearCheque,
  listCheques,
  recordCheque,
} from "./payments/cheque.server";
export { MONEY_TO_ALLOCATE_PATH, moneyToAllocate } from "./payments/money-to-allocate.server";
export { assignPayment, bookingBalance, recordPayment, reversePayment } from "./payments/payment.server";
export {
  countOpenPaymentReviews,
  dismissPaymentReview,
  listOpenPaymentReviews,
  recordReviewedPayment,
} from "./payments/payment-review.server";
export { searchFinanceDocuments, searchPayments } from "./payments/payment-search.server";
export {
  issueDueReceipts,
  recordPaymentThenReceipt,
  startReceiptWorker,
} from "./payments/receipt-after-commit.server";
export { financialRetention, moneyPersonalData } from "./personal-data.server";
export { StatementRefusal } from "./statements/statement-csv.server";
export {
  commitImport,
  createImport,
  findImport,
  importColumns,
  listImports,
  type PreviewLine,
  previewImport,
  previewPage,
  setImportMapping,
} from "./statements/statement-import.server";
export { moneyToday } from "./today.server";
export { bookingWithholding, changeBookingWithholding } from "./withholding/booking-withholding.server";
export { certificateFile, recordCertificate, voidCertificate } from "./withholding/certificates.server";
export {
  bookingStatement,
  organisationStatement,
  statementFileName,
  statementPdf,
} from "./withholding/statement.server";
export {
  certificatesDue,
  listCertificates,
  withholdingCredits,
} from "./withholding/withholding-report.server";
