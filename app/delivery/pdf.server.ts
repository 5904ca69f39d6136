// Delivery's PDFs for routes and the render worker (decision 0653), imported with `await import()` so the PDF
// library loads with the first PDF asked for (decision 0603); index.server.ts leaves them out for that reason.
export { renderSignInSheet } from "./attendance/sign-in-sheet.server";
export { renderCertificate } from "./certificates/certificate-pdf.server";
