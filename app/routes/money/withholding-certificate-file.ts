import { certificateFile } from "#app/money/index.server";
import { db } from "#app/platform/db/client.server";
import { notFound, objectResponse } from "#app/platform/files/file-response.server";
import { storage } from "#app/platform/files/storage.server";
import { parseId } from "#app/platform/forms/admin-ids";
import { canReadMoney } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { contentDisposition } from "#app/utils/file-name";
import type { Route } from "./+types/withholding-certificate-file";

/** A withholding certificate's PDF as the payer's iTax issued it: for all who read money. */
export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadMoney);
  const id = parseId(args.params.id);
  const file = id ? await certificateFile(db(), id) : null;
  const object = file ? await storage().get(file.storageKey) : null;
  if (!file || !object) return notFound();
  return objectResponse(args.request, object, {
    "Content-Disposition": contentDisposition("inline", file.fileName),
    "Cache-Control": "no-store",
  });
}
