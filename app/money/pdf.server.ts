// The money documents' PDF parts other features print with (a sales quote's lines and totals), imported only by
// PDF modules, so the PDF library loads with the first PDF asked for (decision 0603).
export { PricedLinesPdf } from "./documents/finance-document-pdf.server";
