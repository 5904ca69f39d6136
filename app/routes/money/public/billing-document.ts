import { DOCUMENT_LINK_PURPOSE, findFinanceDocument } from "#app/money/index.server";
import { objectResponse } from "#app/platform/files/file-response.server";
import { storage } from "#app/platform/files/storage.server";
import { parseId } from "#app/platform/forms/admin-ids";
import { verifySignature } from "#app/platform/signed-link.server";
import { contentDisposition } from "#app/utils/file-name";
import type { Route } from "./+types/billing-document";

const notFound = () =>
  new Response("This document link is not valid. Please use the link in your e-mail.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** A client's invoice, credit note or receipt, from the signed link in its e-mail (no login). */
export async function loader({ params, request }: Route.LoaderArgs) {
  const id = parseId(params.documentId);
  if (!id || !verifySignature(DOCUMENT_LINK_PURPOSE, id, params.signature)) return notFound();
  const doc = await findFinanceDocument(id);
  const object = doc && (await storage().get(doc.storageKey));
  if (!doc || !object) return notFound();
  return objectResponse(
    request,
    { ...object, contentType: "application/pdf" },
    {
      "Content-Disposition": contentDisposition("inline", `${doc.number}.pdf`),
      // an issued document never changes, but it is the client's own: no shared caches
      "Cache-Control": "private, max-age=86400, immutable",
      "X-Robots-Tag": "noindex",
    },
  );
}
