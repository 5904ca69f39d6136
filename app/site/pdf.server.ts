// The site's PDFs, imported with `await import()` so the PDF library loads with the first PDF asked for, not in
// every process (decision 0603); index.server.ts leaves them out for that reason.
export { renderBrochurePdf } from "./pdf/brochure.server";
export { renderCataloguePdf } from "./pdf/catalogue.server";
export { renderRegistrationFormPdf } from "./pdf/registration-form.server";
