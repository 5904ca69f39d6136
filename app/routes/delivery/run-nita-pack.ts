import { NitaQuerySchema } from "#app/delivery/index";
import {
  auditNitaPackExport,
  gatherNitaPack,
  nitaFileBase,
  nitaPackFiles,
  nitaPackPdf,
  nitaPackRefusal,
  requireRun,
} from "#app/delivery/index.server";
import { notFound } from "#app/platform/files/file-response.server";
import { zipResponse } from "#app/platform/files/zip.server";
import { pdfResponse } from "#app/platform/pdf/pdf-response.server";
import { canBuildNitaPack } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/run-nita-pack";

/** `pack.pdf` (one PDF with a contents page) or `pack.zip` (the separate files) for ?org=. */
export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireAllowed(args, canBuildNitaPack);
  const run = await requireRun(args.params);
  const kind = args.params.file;
  if (kind !== "pack.pdf" && kind !== "pack.zip") return notFound();
  const { org } = NitaQuerySchema.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const gathered = org ? await gatherNitaPack(run, org) : null;
  if (!gathered) return notFound();
  if (gathered.gaps.length > 0) return nitaPackRefusal(gathered.gaps);
  const base = nitaFileBase(run, org);
  await auditNitaPackExport(actor, run, gathered, kind);
  return kind === "pack.pdf"
    ? pdfResponse(await nitaPackPdf(gathered), `${base}.pdf`)
    : zipResponse(await nitaPackFiles(gathered), `${base}.zip`);
}
