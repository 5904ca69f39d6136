import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/** The copies the build writes beside an asset (`scripts/vite-plugins/precompress-assets.ts`), best first. */
const COPIES = [
  { encoding: "br", ending: ".br" },
  { encoding: "gzip", ending: ".gz" },
] as const;

/** The content codings an `Accept-Encoding` header allows (RFC 9110 §12.5.3): listed, and not with q=0. */
function acceptedEncodings(header: string | undefined) {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [coding = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    if (coding && !(q && Number(q.slice(2)) === 0)) accepted.add(coding);
  }
  return accepted;
}

/**
 * Sends the build's brotli or gzip copy of an asset to a browser that accepts it (decision 0623), with the
 * asset's own type and the caching `options` of the static files it is mounted before; the compression
 * middleware leaves an encoded answer alone. Which copies exist is read once at start (a build's assets do not
 * change under a running server); a copy that is gone all the same leaves the request to the static files.
 */
export function precompressedAssets(
  dir: string,
  options: { maxAge: string; immutable: boolean },
): RequestHandler {
  const files = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!files.has(name)) return next();
    const accepted = acceptedEncodings(req.get("accept-encoding"));
    res.vary("Accept-Encoding");
    const copy = COPIES.find(
      ({ encoding, ending }) =>
        (accepted.has(encoding) || accepted.has("*")) && files.has(`${name}${ending}`),
    );
    if (!copy) return next();
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", copy.encoding);
    res.sendFile(`${name}${copy.ending}`, { root: dir, ...options }, (error) => {
      if (!error || res.headersSent) return;
      res.removeHeader("Content-Encoding");
      res.removeHeader("Content-Type");
      next();
    });
  };
}
