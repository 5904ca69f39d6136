// Money's PDFs, imported with `await import()` so the PDF library loads with the first PDF asked for (decision
// 0603), and loaded by the render worker (decision 0653); index.server.ts leaves them out for that reason.
export { renderFinanceDocumentPdf } from "./documents/finance-document-pdf.server";
export { renderStatementPdf } from "./withholding/statement-pdf.server";
