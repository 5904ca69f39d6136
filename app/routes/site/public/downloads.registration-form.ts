import { documentResponse } from "#app/platform/files/file-response.server";
import {
  getLatestActiveDocument,
  publicDownloadResponse,
  publicRegistrationFormPdf,
} from "#app/site/index.server";
import type { Route } from "./+types/downloads.registration-form";

/** The registration form the admin uploaded last (category form), else one generated from the site content. */
export async function loader({ request }: Route.LoaderArgs) {
  const uploaded = await getLatestActiveDocument("form");
  const response = uploaded ? await documentResponse(request, uploaded) : null;
  if (response) return response;
  return publicDownloadResponse(publicRegistrationFormPdf);
}
