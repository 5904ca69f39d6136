import { findCertificateFile } from "#app/models/certificate.server";
import { parseId } from "#app/schemas/admin-ids";
import { requireAdmin } from "#app/services/auth.server";
import { notFound, objectResponse } from "#app/services/file-response.server";
import { requireRun } from "#app/services/run-page.server";
import { storage } from "#app/services/storage.server";
import { contentDisposition } from "#app/utils/file-name";
import type { Route } from "./+types/run-certificate-file";

/** One issued certificate's PDF, as stored when it was issued. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const run = await requireRun(args.params);
  const id = parseId(args.params.certificateId);
  const file = id ? await findCertificateFile(run.id, id) : null;
  const object = file ? await storage().get(file.storageKey) : null;
  if (!file || !object) return notFound();
  return objectResponse(args.request, object, {
    "Content-Disposition": contentDisposition("inline", file.filename),
    "Cache-Control": "no-store",
  });
}
