import { Readable } from "node:stream";
import { contentDisposition } from "#app/utils/file-name";
import { type StoredObject, storage } from "./storage.server";

/**
 * A stored object as an HTTP response; HEAD gets the headers without the body. `X-Content-Type-Options:
 * nosniff` comes from the server for every response (server/app.ts), so the declared type is the only one.
 */
export function objectResponse(request: Request, object: StoredObject, headers: Record<string, string>) {
  let body: ReadableStream<Uint8Array> | null = null;
  if (request.method === "HEAD") {
    // a file stream opens lazily: an error from that late open has nobody to report to
    object.body.on("error", () => {});
    object.body.destroy();
  } else {
    body = Readable.toWeb(object.body) as ReadableStream<Uint8Array>;
  }
  return new Response(body, {
    headers: { "Content-Type": object.contentType, "Content-Length": String(object.size), ...headers },
  });
}

export const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });

// Browsers show these themselves; Word files are saved.
const INLINE_TYPES = /^(application\/pdf|text\/plain|image\/(jpeg|png))/;

/** What serving an uploaded document needs of its row. */
type StoredDocument = { storageKey: string; mimeType: string; fileName: string };

/**
 * An uploaded document with its own type and a safe file name; null when its object is missing from the store.
 * The content behind a link can change (a newer brochure, a deleted document), so caches revalidate.
 */
export async function documentResponse(request: Request, doc: StoredDocument) {
  const object = await storage().get(doc.storageKey);
  if (!object) return null;
  const disposition = INLINE_TYPES.test(doc.mimeType) ? "inline" : "attachment";
  return objectResponse(
    request,
    { ...object, contentType: doc.mimeType },
    { "Content-Disposition": contentDisposition(disposition, doc.fileName), "Cache-Control": "no-cache" },
  );
}
