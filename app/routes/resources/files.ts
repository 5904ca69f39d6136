import { getDocument } from "#app/models/document.server";
import { RecordIdSchema } from "#app/schemas/files";
import { getAdmin } from "#app/services/auth.server";
import { notFound, objectResponse } from "#app/services/file-response.server";
import { storage } from "#app/services/storage.server";
import { contentDisposition } from "#app/utils/file-name";
import type { Route } from "./+types/files";

// Browsers show these themselves; Word files are saved.
const INLINE_TYPES = /^(application\/pdf|text\/plain|image\/(jpeg|png))/;

/** `/files/<documentId>/<name>`: the id finds the document; the name is only there for people and browsers. */
export async function loader(args: Route.LoaderArgs) {
  const parsed = RecordIdSchema.safeParse({ id: args.params.id });
  if (!parsed.success) return notFound();
  const doc = await getDocument(parsed.data.id);
  if (!doc) return notFound();
  if (doc.status !== "active" && !(await getAdmin(args))) return notFound();
  const object = await storage().get(doc.storageKey);
  if (!object) return notFound();
  const disposition = INLINE_TYPES.test(doc.mimeType) ? "inline" : "attachment";
  return objectResponse(
    args.request,
    { ...object, contentType: doc.mimeType },
    {
      "Content-Disposition": contentDisposition(disposition, doc.fileName),
      // the link outlives no change of content, but a deleted document must stop being served soon
      "Cache-Control": "public, max-age=300",
    },
  );
}
