import { documentResponse } from "#app/platform/files/file-response.server";
import { pdfResponse } from "#app/platform/pdf/pdf-response.server";
import { getLatestActiveDocument, getSiteContent } from "#app/site/index.server";
import type { Route } from "./+types/downloads.registration-form";

/** The registration form the admin uploaded last (category form), else one generated from the site content. */
export async function loader({ request }: Route.LoaderArgs) {
  const uploaded = await getLatestActiveDocument("form");
  const response = uploaded ? await documentResponse(request, uploaded) : null;
  if (response) return response;
  const content = await getSiteContent(["contact", "payment"]);
  // the PDF libraries load with the first PDF asked for, not in every process (decision 0603)
  const { renderRegistrationFormPdf } = await import("#app/site/pdf.server");
  return pdfResponse(await renderRegistrationFormPdf(content), "mafunzo-registration-form.pdf");
}
