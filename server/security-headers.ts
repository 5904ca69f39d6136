import type { NextFunction, Request, Response } from "express";
import { env } from "#app/platform/env.server";
import { randomBytes } from "#app/utils/random-bytes.server";

/** A nonce-based policy: only our own scripts, and inline scripts carrying this response's nonce. */
export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The headers every response carries, static files included (the entry mounts this before them): a fresh
 * CSP nonce per response (kept in res.locals for the page), no sniffing, no framing, a strict referrer.
 */
export function securityHeaders({ production }: { production: boolean }) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (production) {
      res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
      if (env().PUBLIC_URL.startsWith("https:")) {
        res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
      }
    }
    next();
  };
}
