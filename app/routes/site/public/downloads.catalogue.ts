import { publicCataloguePdf, publicDownloadResponse } from "#app/site/index.server";

export function loader() {
  return publicDownloadResponse(publicCataloguePdf);
}
