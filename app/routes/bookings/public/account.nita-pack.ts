import { BOOKING_REFERENCE_PATTERN } from "#app/booking/index";
import { clientNitaPack, requireClient } from "#app/bookings/index.server";
import { nitaFileBase, nitaPackFiles, nitaPackPdf, nitaPackRefusal } from "#app/delivery/index.server";
import { notFound } from "#app/platform/files/file-response.server";
import { zipResponse } from "#app/platform/files/zip.server";
import { pdfResponse } from "#app/platform/pdf/pdf-response.server";
import type { Route } from "./+types/account.nita-pack";

/** The booking's NITA claim pack, once its certificates are issued: `pack.pdf` or `pack.zip`. */
export async function loader(args: Route.LoaderArgs) {
  const { file } = args.params;
  const reference = args.params.reference.toUpperCase();
  // a path that names no pack is answered as such, signed in or not
  if ((file !== "pack.pdf" && file !== "pack.zip") || !BOOKING_REFERENCE_PATTERN.test(reference))
    return notFound();
  const client = await requireClient(args);
  const pack = await clientNitaPack(client, reference, file);
  if (!pack) return notFound();
  if (pack.gathered.gaps.length > 0) return nitaPackRefusal(pack.gathered.gaps);
  const base = `${nitaFileBase(pack.run, pack.gathered.pack.organization)}-${reference}`;
  const response =
    file === "pack.pdf"
      ? pdfResponse(await nitaPackPdf(pack.gathered), `${base}.pdf`)
      : await zipResponse(await nitaPackFiles(pack.gathered), `${base}.zip`);
  // the pack prints ID numbers in full: no browser or proxy keeps a copy
  response.headers.set("Cache-Control", "no-store");
  return response;
}
