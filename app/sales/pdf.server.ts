// The sales PDFs for routes, imported with `await import()` so the PDF library loads with the first PDF asked for
// (decision 0603); index.server.ts leaves them out for that reason.
export { renderQuotePdf } from "./quotes/quote-pdf.server";
