import type { RequestHandler, Response } from "express";
import { recordingFormKeys } from "#app/services/issued-form-keys.server";
import { publicPageVersion } from "#app/services/public-cache.server";
import { newFormKey } from "#app/services/public-forms.server";

/*
 * Whole public pages (documents and their .data twins) kept per URL for the current public data version, seats
 * version and day (decision 0602). Only anonymous GETs without any cookie are served from or stored in it, and
 * only 200 answers that set no cookie and do not forbid storing. What is made per response is swapped on the
 * way out: the CSP nonce for this response's, each form key for a fresh one.
 */

type CachedPage = {
  headers: [string, string | number | string[]][];
  body: string;
  nonce: string;
  formKeys: string[];
};

/** Far more than the site's pages; only odd query strings fill it, and then it starts again. */
const MAX_PAGES = 200;
/** Paths that are not the public site's pages, or depend on more than the versions (an offer's expiry). */
const NEVER = /^\/(admin|api|billing|files|media|downloads|register\/offer)(\/|$)/;
const CACHEABLE_TYPE = /^text\/(html|x-script)\b/;
/** Set by the compression middleware for each response as it goes out: never part of the page. */
const TRANSPORT_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "vary"]);

const pages = new Map<string, CachedPage>();

function serve(page: CachedPage, res: Response) {
  let body = page.body.replaceAll(page.nonce, res.locals.nonce as string);
  for (const key of page.formKeys) body = body.replaceAll(key, newFormKey());
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.status(200).end(body);
}

type Write = (chunk?: unknown, encoding?: unknown, callback?: unknown) => unknown;

export const publicPageCache: RequestHandler = (req, res, next) => {
  const version = publicPageVersion();
  if (req.method !== "GET" || req.headers.cookie || req.headers.authorization || !version) return next();
  if (NEVER.test(req.path)) return next();
  const key = `${version} ${req.originalUrl}`;
  const hit = pages.get(key);
  if (hit) return serve(hit, res);

  const before = new Set(Object.keys(res.getHeaders()));
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === "string")
      chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as unknown as Write;
  const formKeys: string[] = [];
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    collect(chunk, encoding);
    return write(chunk, encoding, callback);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    collect(chunk, encoding);
    const cacheControl = String(res.getHeader("cache-control") ?? "");
    if (
      res.statusCode === 200 &&
      !res.getHeader("set-cookie") &&
      !/no-store|private/.test(cacheControl) &&
      CACHEABLE_TYPE.test(String(res.getHeader("content-type") ?? ""))
    ) {
      if (pages.size >= MAX_PAGES) pages.clear();
      pages.set(key, {
        headers: Object.entries(res.getHeaders())
          .filter(([name]) => !before.has(name) && !TRANSPORT_HEADERS.has(name))
          .map(([name, value]) => [name, value as string | number | string[]]),
        body: Buffer.concat(chunks).toString("utf8"),
        nonce: res.locals.nonce as string,
        formKeys,
      });
    }
    return end(chunk, encoding, callback);
  }) as unknown as typeof res.end;
  recordingFormKeys(formKeys, next);
};
