import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Extra hosts allowed to post (behind a proxy that rewrites Host): exact, or `*.example.com`. */
function allowedHosts() {
  return (process.env.ALLOWED_ACTION_ORIGINS ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

function isAllowed(host: string, allowed: string[]) {
  return allowed.some((pattern) =>
    pattern.startsWith("*.")
      ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1
      : host === pattern,
  );
}

/**
 * Every state-changing request must come from our own pages: React Router checks the Origin of page
 * actions but not of resource routes (logout, exports), so the check is made here, once, for every route.
 * A browser always sends Origin with a cross-origin POST; without one, Sec-Fetch-Site decides. Clients that
 * are not browsers (scripts, future payment callbacks) send neither and are judged by their own credentials.
 */
export function requireSameOrigin(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method)) return next();
  const origin = req.get("origin");
  const host = (req.get("host") ?? "").toLowerCase();
  let sameOrigin: boolean;
  if (origin !== undefined) {
    let originHost: string | null = null;
    try {
      originHost = origin === "null" ? null : new URL(origin).host.toLowerCase();
    } catch {
      originHost = null;
    }
    sameOrigin = originHost !== null && (originHost === host || isAllowed(originHost, allowedHosts()));
  } else {
    const site = req.get("sec-fetch-site");
    sameOrigin = site === undefined || site === "same-origin" || site === "none";
  }
  if (sameOrigin) return next();
  res.setHeader("Connection", "close");
  res
    .status(403)
    .type("text/plain")
    .send("This form was sent from another site and was refused. Please use the form on our own pages.");
  req.resume();
}
