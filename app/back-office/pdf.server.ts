// The back office's PDFs for routes, imported with `await import()` so the PDF library loads with the first PDF
// asked for (decision 0603); index.server.ts leaves them out for that reason.
export { renderPersonalDataPdf } from "./data-requests/data-request-pdf.server";
