import type { RequestHandler, Response } from "express";
import { recordingFormKeys } from "#app/platform/forms/issued-form-keys.server";
import { newFormKey, publicPageVersion } from "#app/site/index.server";

/*
 * Whole public pages (documents and their .data twins) kept per URL for the current public data version, seats
 * version and day (decision 0602). Only anonymous GETs without any cookie are served from or stored in it, and
 * only 200 answers that set no cookie and do not forbid storing. What is made per response is swapped on the
 * way out: the CSP nonce for this response's, each form key for a fresh one.
 */

type CachedPage = {
  headers: [string, string | number | string[]][];
  /** The body cut where a per-response value stood: pieces[i], value of slots[i], pieces[i + 1], … */
  pieces: Buffer[];
  /** -1 for the nonce, else the index of the form key (one key may stand in several places) */
  slots: number[];
  formKeyCount: number;
};

/** Far more than the site's pages; only odd query strings fill it, and then it starts again. */
const MAX_PAGES = 200;
/**
 * The public site's pages (and their .data twins), whose content comes only from the versioned tables. Nothing
 * else: an offer (its expiry), a certificate check (revocations are not versioned, and each check is counted by
 * the rate limit), a feedback link (one use), files, admin and callbacks always reach the server.
 */
export const CACHEABLE_PATH =
  /^\/(?:_root|about|services(?:\/[^/.]+)?|courses(?:\/[^/.]+)?|gallery|testimonials|contact|privacy|register)?(?:\.data)?$/;
const CACHEABLE_TYPE = /^text\/(html|x-script)\b/;
/** Set by the compression middleware for each response as it goes out: never part of the page. */
const TRANSPORT_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "vary"]);

const pages = new Map<string, CachedPage>();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Cuts the body once at every occurrence of the nonce and the form keys, so a hit only joins buffers. */
function cut(body: string, nonce: string, formKeys: string[]): Pick<CachedPage, "pieces" | "slots"> {
  const values = [nonce, ...formKeys];
  const pattern = new RegExp(values.map(escapeRegExp).join("|"), "g");
  const pieces: Buffer[] = [];
  const slots: number[] = [];
  let from = 0;
  for (const match of body.matchAll(pattern)) {
    pieces.push(Buffer.from(body.slice(from, match.index), "utf8"));
    slots.push(values.indexOf(match[0]) - 1);
    from = match.index + match[0].length;
  }
  pieces.push(Buffer.from(body.slice(from), "utf8"));
  return { pieces, slots };
}

function serve(page: CachedPage, res: Response) {
  const nonce = Buffer.from(res.locals.nonce as string);
  const keys = Array.from({ length: page.formKeyCount }, () => Buffer.from(newFormKey()));
  const parts: Buffer[] = [];
  page.pieces.forEach((piece, i) => {
    parts.push(piece);
    const slot = page.slots[i];
    if (slot !== undefined) parts.push(slot === -1 ? nonce : (keys[slot] as Buffer));
  });
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.status(200).end(Buffer.concat(parts));
}

type Write = (chunk?: unknown, encoding?: unknown, callback?: unknown) => unknown;

export const publicPageCache: RequestHandler = (req, res, next) => {
  const version = publicPageVersion();
  if (req.method !== "GET" || req.headers.cookie || req.headers.authorization || !version) return next();
  if (!CACHEABLE_PATH.test(req.path)) return next();
  // a visitor's search on /courses/all (decision 0781): endless queries would push the pages out of the cache
  if (req.query.q !== undefined) return next();
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
        ...cut(Buffer.concat(chunks).toString("utf8"), res.locals.nonce as string, formKeys),
        formKeyCount: formKeys.length,
      });
    }
    return end(chunk, encoding, callback);
  }) as unknown as typeof res.end;
  recordingFormKeys(formKeys, next);
};
