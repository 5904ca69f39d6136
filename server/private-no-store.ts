import type { NextFunction, Request, Response } from "express";

// The back office and the client portal: every page and its `.data` may show personal data (a participant's
// name and phone, a booking's payments). Public pages are cached on purpose and keep their own headers.
const PRIVATE = /^\/(admin|account)(\/|\.data$|$)/;

/**
 * `Cache-Control: no-store` on every response under /admin and /account that did not set its own: no browser
 * cache, shared computer or proxy on the way keeps a copy of a page with personal data (decision 0706). Set as
 * the headers are written, since the router appends a route's own header to any set before it.
 */
export function noStoreOnPrivatePages(req: Request, res: Response, next: NextFunction) {
  if (!PRIVATE.test(req.path)) return next();
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
    if (!this.headersSent && !this.hasHeader("Cache-Control")) this.setHeader("Cache-Control", "no-store");
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
}
