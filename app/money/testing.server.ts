// What the tests reach in money beyond its contract (index.server.ts): internals a test drives or
// inspects directly. Only tests import this file (lint rule `only-tests-use-testing-surfaces`).

export { nextDocumentNumber as nextDocumentNumberForTest } from "./documents/document-sequence.server";
export { documentUrl, reviseBookingInvoice } from "./documents/finance-document.server";
export { getFinanceProfile } from "./documents/finance-profile.server";
export { readyDevice } from "./etims/etims-device.server";
export { syncTaxInvoice } from "./etims/tax-invoice.server";
export { renderTaxInvoicePdf } from "./etims/tax-invoice-pdf.server";
export type { FiscalAdapter, FiscalDocument, FiscalItem } from "./fiscal/fiscal";
export { kraEtimsAdapter } from "./fiscal/kra-etims-adapter.server";
export { rraEbmAdapter } from "./fiscal/rra-ebm-adapter.server";
export { uraEfrisAdapter } from "./fiscal/ura-efris-adapter.server";
export { MAX_STATEMENT_LINES, readMpesaStatement } from "./statements/statement-csv.server";
export { previewFingerprint, type StatementImport } from "./statements/statement-import.server";
