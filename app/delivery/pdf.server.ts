import { type NitaPack, renderNitaSection } from "./nita/nita-pack-pdf.server";

// Delivery's PDFs for routes and the render worker (decision 0653), imported with `await import()` so the PDF
// library loads with the first PDF asked for (decision 0603); index.server.ts leaves them out for that reason.
export { renderSignInSheet } from "./attendance/sign-in-sheet.server";
export { renderCertificate } from "./certificates/certificate-pdf.server";
export { renderNitaPack } from "./nita/nita-pack-pdf.server";

export type NitaPackSection = keyof typeof renderNitaSection;

/** One section of a NITA pack as a PDF of its own, by name: what the render worker can be asked for. */
export const renderNitaPackSection = (section: NitaPackSection, pack: NitaPack) =>
  renderNitaSection[section](pack);
export { renderFeeStatement } from "./resources/fee-statement-pdf.server";
