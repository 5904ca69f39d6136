import type { NextFunction, Request, Response } from "express";

/** The public forms are a few short fields: a larger body is a mistake or an attack. */
export const PUBLIC_BODY_LIMIT = 64 * 1024;

/**
 * Refuses oversized bodies on the public site before anything reads them. The admin area (uploads)
 * sets its own limits. Browsers always send Content-Length with a form, and Node stops reading at the
 * declared length, so checking the header is enough; a body without one (chunked) is refused.
 */
export function limitPublicBodies(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.path.startsWith("/admin")) return next();
  const declared = req.get("content-length");
  if (declared === undefined) {
    if (req.get("transfer-encoding") === undefined) return next();
    res
      .status(411)
      .type("text/plain")
      .send("Please send the form with a Content-Length header (chunked form bodies are not accepted).");
    return;
  }
  if (Number(declared) > PUBLIC_BODY_LIMIT) {
    res.setHeader("Connection", "close");
    res
      .status(413)
      .type("text/plain")
      .send(
        `The form is too large: at most ${PUBLIC_BODY_LIMIT / 1024} KB can be sent. Please shorten your message and try again.`,
      );
    req.resume();
    return;
  }
  next();
}
