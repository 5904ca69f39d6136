import { listRunCertificates, requireRunAllowed, requireRunRole } from "#app/delivery/index.server";
import { readStored, zipResponse } from "#app/platform/files/zip.server";
import { canReadRunDelivery } from "#app/staff/index";
import { fileNameSlug } from "#app/utils/file-name";
import type { Route } from "./+types/run-certificates-zip";

/** Every certificate of the run that still stands, in one ZIP. */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireRunRole(args, canReadRunDelivery);
  const run = await requireRunAllowed(args, admin, canReadRunDelivery);
  const standing = (await listRunCertificates(run.id)).filter((c) => !c.revokedAt);
  const entries = [];
  for (const c of standing) {
    entries.push({
      name: `certificate-${fileNameSlug(c.recipientName)}-${c.code}.pdf`,
      data: await readStored(c.storageKey),
    });
  }
  return zipResponse(
    entries,
    `certificates-${fileNameSlug(run.courseTitle)}-${run.startDate ?? "undated"}.zip`,
  );
}
