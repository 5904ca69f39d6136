import { gatherNitaPack, nitaFileBase, nitaPackFiles, nitaPackPdf } from "#app/models/nita-pack.server";
import { NitaQuerySchema } from "#app/schemas/nita";
import { requireAdmin } from "#app/services/auth.server";
import { notFound } from "#app/services/file-response.server";
import { pdfResponse } from "#app/services/pdf/pdf-response.server";
import { requireRun } from "#app/services/run-page.server";
import { zipResponse } from "#app/services/zip.server";
import type { Route } from "./+types/run-nita-pack";

/** `pack.pdf` (one PDF with a contents page) or `pack.zip` (the separate files) for ?org=. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const run = await requireRun(args.params);
  const kind = args.params.file;
  if (kind !== "pack.pdf" && kind !== "pack.zip") return notFound();
  const { org } = NitaQuerySchema.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const gathered = org ? await gatherNitaPack(run, org) : null;
  if (!gathered) return notFound();
  const base = nitaFileBase(run, org);
  return kind === "pack.pdf"
    ? pdfResponse(await nitaPackPdf(gathered), `${base}.pdf`)
    : zipResponse(await nitaPackFiles(gathered), `${base}.zip`);
}
