import { getSiteContent } from "#app/models/site-content.server";
import { renderBrochurePdf } from "#app/services/pdf/brochure.server";
import { pdfResponse } from "#app/services/pdf/pdf-kit.server";

export async function loader() {
  const content = await getSiteContent(["about", "departments", "offices", "contact", "stats", "leadership"]);
  return pdfResponse(await renderBrochurePdf(content), "mafunzo-company-brochure.pdf");
}
