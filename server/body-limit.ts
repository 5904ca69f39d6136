import type { NextFunction, Request, Response } from "express";
import { bodyLimitFor, limitText } from "#app/platform/forms/body-limits";

/**
 * Refuses oversized bodies before anything reads them, by the path's limit (`bodyLimitFor`): small for
 * signing in and the public forms, larger for admin forms, an upload's size only on the upload screens —
 * multipart included. Browsers always send Content-Length with a form, and Node stops reading at the
 * declared length; a body without one (chunked) is refused, and the form reader counts bytes again.
 */
export function limitFormBodies(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const limit = bodyLimitFor(req.path);
  const declared = req.get("content-length");
  if (declared === undefined) {
    if (req.get("transfer-encoding") === undefined) return next();
    res
      .status(411)
      .type("text/plain")
      .send("Please send the form with a Content-Length header (chunked form bodies are not accepted).");
    return;
  }
  if (!/^\d{1,15}$/.test(declared) || Number(declared) > limit.bytes) {
    res.setHeader("Connection", "close");
    res
      .status(413)
      .type("text/plain")
      .send(
        `The form is too large: at most ${limitText(limit.bytes)} can be sent. Please shorten your message and try again.`,
      );
    req.resume();
    return;
  }
  next();
}

/**
 * A response sent before its request's body was read to the end (a refused form) closes the connection:
 * otherwise the unread rest of the body would be taken for the next request on a kept-alive connection.
 */
export function closeUnreadBodies(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
    if (!req.complete && !this.headersSent) this.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
}
