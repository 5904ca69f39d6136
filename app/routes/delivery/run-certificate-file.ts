import { findCertificateFile, requireRunAllowed, requireRunRole } from "#app/delivery/index.server";
import { notFound, objectResponse } from "#app/platform/files/file-response.server";
import { storage } from "#app/platform/files/storage.server";
import { parseId } from "#app/platform/forms/admin-ids";
import { canReadRunDelivery } from "#app/staff/index";
import { contentDisposition } from "#app/utils/file-name";
import type { Route } from "./+types/run-certificate-file";

/** One issued certificate's PDF, as stored when it was issued. */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireRunRole(args, canReadRunDelivery);
  const run = await requireRunAllowed(args, admin, canReadRunDelivery);
  const id = parseId(args.params.certificateId);
  const file = id ? await findCertificateFile(run.id, id) : null;
  const object = file ? await storage().get(file.storageKey) : null;
  if (!file || !object) return notFound();
  return objectResponse(args.request, object, {
    "Content-Disposition": contentDisposition("inline", file.filename),
    "Cache-Control": "no-store",
  });
}
