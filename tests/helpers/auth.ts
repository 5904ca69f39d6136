import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "#app/context";
import { db } from "#app/db/client.server";
import { createAdmin } from "#app/models/user.server";
import { startSession } from "#app/services/auth.server";
import { hashPassword } from "#app/services/password.server";

/** A request context as the Express server builds it. */
export function requestContext(
  ip = "203.0.113.7",
  userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0",
) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { requestId: "test", nonce: "", ip, userAgent });
  return context;
}

/** Loader/action arguments for a request to `path` on this site. */
export function routeArgs(
  path: string,
  options: { method?: string; cookie?: string; form?: Record<string, string>; ip?: string } = {},
) {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  const method = options.method ?? (options.form ? "POST" : "GET");
  const body = method === "GET" || method === "HEAD" ? undefined : new URLSearchParams(options.form ?? {});
  const url = new URL(path, "http://localhost");
  return {
    request: new Request(url, { method, headers, body }),
    url,
    pattern: url.pathname,
    context: requestContext(options.ip),
    params: {} as Record<string, string>,
  };
}

/** "name=value" of the admin session cookie among Set-Cookie headers. */
export function sessionCookie(setCookie: string | string[]) {
  const headers = Array.isArray(setCookie) ? setCookie : [setCookie];
  const found = headers.map((h) => h.split(";")[0] ?? "").find((pair) => pair.startsWith("mafunzo_admin="));
  if (!found) throw new Error(`no mafunzo_admin cookie in ${headers.join(" | ")}`);
  return found;
}

/** An admin row with a password, and a live session for it. */
export async function createAdminWithSession(email: string, password = "correct-horse", ip?: string) {
  const user = await createAdmin(db(), email, await hashPassword(password));
  const setCookie = await startSession(db(), user, requestContext(ip));
  return { user, password, cookie: sessionCookie(setCookie) };
}

/** Empties what the access tests create, so each starts with no admin and no throttling history. */
export async function resetAccessTables() {
  // delete, not truncate: truncating users would cascade to the settings that reference their editor
  for (const table of ["sessions", "login_attempts", "rate_limit_events", "admin_audit_logs", "users"]) {
    await db().execute(sql.raw(`delete from ${table}`));
  }
}
