import type { NextFunction, Request, Response } from "express";

/** The public forms are a few short fields: a larger body is a mistake or an attack. */
export const PUBLIC_BODY_LIMIT = 64 * 1024;
/** Admin forms other than uploads (which the upload parser limits per file) hold at most a course's text. */
export const ADMIN_FORM_LIMIT = 1024 * 1024;

/**
 * Refuses oversized bodies before anything reads them: public posts over 64 KB, admin posts other than
 * multipart uploads over 1 MB (uploads are limited by their parser). Browsers always send Content-Length
 * with a form, and Node stops reading at the declared length, so checking the header is enough; a body
 * without one (chunked) is refused.
 */
export function limitFormBodies(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const admin = req.path.startsWith("/admin");
  if (admin && req.is("multipart/form-data")) return next();
  const limit = admin ? ADMIN_FORM_LIMIT : PUBLIC_BODY_LIMIT;
  const declared = req.get("content-length");
  if (declared === undefined) {
    if (req.get("transfer-encoding") === undefined) return next();
    res
      .status(411)
      .type("text/plain")
      .send("Please send the form with a Content-Length header (chunked form bodies are not accepted).");
    return;
  }
  if (Number(declared) > limit) {
    res.setHeader("Connection", "close");
    res
      .status(413)
      .type("text/plain")
      .send(
        `The form is too large: at most ${limit / 1024} KB can be sent. Please shorten your message and try again.`,
      );
    req.resume();
    return;
  }
  next();
}
