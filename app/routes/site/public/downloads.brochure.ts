import { documentResponse } from "#app/platform/files/file-response.server";
import { getLatestActiveDocument, publicBrochurePdf, publicDownloadResponse } from "#app/site/index.server";
import type { Route } from "./+types/downloads.brochure";

/**
 * The PDF brochure the admin uploaded last (Document Management, category brochure), else one generated from
 * the site: a brochure of another type (a text file, a picture) is listed in the back office but never served
 * here, where the button promises a PDF.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const uploaded = await getLatestActiveDocument("brochure", { mimeType: "application/pdf" });
  const response = uploaded ? await documentResponse(request, uploaded) : null;
  if (response) return response;
  return publicDownloadResponse(publicBrochurePdf);
}
