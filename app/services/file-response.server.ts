import { Readable } from "node:stream";
import type { StoredObject } from "./storage.server";

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
  } else body = Readable.toWeb(object.body) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": object.contentType,
      "Content-Length": String(object.size),
      ...headers,
    },
  });
}

export const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
