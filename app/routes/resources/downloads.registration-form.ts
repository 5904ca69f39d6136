import { getLatestActiveDocument } from "#app/models/document.server";
import { getSiteContent } from "#app/models/site-content.server";
import { documentResponse } from "#app/services/file-response.server";
import { pdfResponse } from "#app/services/pdf/pdf-kit.server";
import { renderRegistrationFormPdf } from "#app/services/pdf/registration-form.server";
import type { Route } from "./+types/downloads.registration-form";

/** The registration form the admin uploaded last (category form), else one generated from the site content. */
export async function loader({ request }: Route.LoaderArgs) {
  const uploaded = await getLatestActiveDocument("form");
  const response = uploaded ? await documentResponse(request, uploaded) : null;
  if (response) return response;
  const content = await getSiteContent(["contact", "payment"]);
  return pdfResponse(await renderRegistrationFormPdf(content), "mafunzo-registration-form.pdf");
}
