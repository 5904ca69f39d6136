import { BOOKING_REFERENCE_PATTERN } from "#app/booking/index";
import { clientCertificates, requireClient } from "#app/bookings/index.server";
import { notFound, objectResponse } from "#app/platform/files/file-response.server";
import { storage } from "#app/platform/files/storage.server";
import { readStored, zipResponse } from "#app/platform/files/zip.server";
import { contentDisposition, fileNameSlug } from "#app/utils/file-name";
import type { Route } from "./+types/account.certificates";

/** A certificate's code (four groups of four) and ".pdf". */
const CERTIFICATE_FILE = /^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}\.pdf$/;

const certificateName = (c: { name: string; code: string }) =>
  `certificate-${fileNameSlug(c.name)}-${c.code}.pdf`;

/** `all.zip` (every certificate of the booking still standing) or `<code>.pdf` (one), for the booking's client. */
export async function loader(args: Route.LoaderArgs) {
  const reference = args.params.reference.toUpperCase();
  const { file } = args.params;
  // a path that names no file is answered as such, signed in or not
  if (!BOOKING_REFERENCE_PATTERN.test(reference) || !(file === "all.zip" || CERTIFICATE_FILE.test(file))) {
    return notFound();
  }
  const client = await requireClient(args);
  const standing = await clientCertificates(client, reference);
  if (!standing || standing.length === 0) return notFound();
  if (file === "all.zip") {
    const entries = [];
    for (const c of standing)
      entries.push({ name: certificateName(c), data: await readStored(c.storageKey) });
    return zipResponse(entries, `certificates-${reference}.zip`);
  }
  const one = standing.find((c) => `${c.code}.pdf` === file);
  const object = one ? await storage().get(one.storageKey) : null;
  if (!one || !object) return notFound();
  return objectResponse(args.request, object, {
    "Content-Disposition": contentDisposition("inline", certificateName(one)),
    "Cache-Control": "no-store",
  });
}
