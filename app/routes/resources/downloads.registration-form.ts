import { getSiteContent } from "#app/models/site-content.server";
import { pdfResponse } from "#app/services/pdf/pdf-kit.server";
import { renderRegistrationFormPdf } from "#app/services/pdf/registration-form.server";

export async function loader() {
  const content = await getSiteContent(["contact", "payment"]);
  return pdfResponse(await renderRegistrationFormPdf(content), "mafunzo-registration-form.pdf");
}
