import { findTaxInvoiceFile } from "#app/money/index.server";
import { notFound, objectResponse } from "#app/platform/files/file-response.server";
import { storage } from "#app/platform/files/storage.server";
import { parseId } from "#app/platform/forms/admin-ids";
import { canReadMoney } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { contentDisposition } from "#app/utils/file-name";
import type { Route } from "./+types/tax-invoice-file";

/** A sent tax invoice's (or credit note's) PDF, as drawn when KRA signed it: for all who read money. */
export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadMoney);
  const id = parseId(args.params.id);
  const file = id ? await findTaxInvoiceFile(id) : null;
  const object = file ? await storage().get(file.storageKey) : null;
  if (!file || !object) return notFound();
  return objectResponse(args.request, object, {
    "Content-Disposition": contentDisposition("inline", file.filename),
    "Cache-Control": "no-store",
  });
}
