export {
  currentDocuments,
  DOCUMENT_LINK_PURPOSE,
  documentPath,
  findFinanceDocument,
  lockBooking,
  sendDocument,
} from "./documents/finance-document.server";
export { bookingPaymentInstructions, currentFinanceProfileGaps } from "./documents/finance-profile.server";
export {
  getFinanceOverview,
  getMoneySummary,
  listFinanceDocuments,
  listPayments,
  type MoneySummary,
  runBookingMoney,
  sendPaymentReminder,
} from "./documents/finance-report.server";
export { type MoneyDocument, moneyDocumentsForBooking } from "./documents/nita-money.server";
export * from "./index";
export { C2B_OTHER_ERROR, type C2BCallback, C2BCallbackSchema } from "./mpesa/mpesa.server";
export { callbackSecretMatches, confirmC2B, validateC2B } from "./mpesa/mpesa-callback.server";
export {
  bookingInvoicedSql,
  bookingPaidSql,
  bookingPaymentStateSql,
} from "./payments/balance-sql.server";
export { deriveBookingStatus } from "./payments/booking-status.server";
export { invoiceBookingNow, invoiceNote, syncBooking } from "./payments/booking-sync.server";
export { assignPayment, bookingBalance, recordPayment, reversePayment } from "./payments/payment.server";
export {
  countOpenPaymentReviews,
  dismissPaymentReview,
  listOpenPaymentReviews,
  recordReviewedPayment,
} from "./payments/payment-review.server";
export {
  issueDueReceipts,
  recordPaymentThenReceipt,
  startReceiptWorker,
} from "./payments/receipt-after-commit.server";
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
