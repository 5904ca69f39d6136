import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "#app/context";
import { db } from "#app/platform/db/client.server";
import { users } from "#app/platform/db/tables.server";
import type { Role } from "#app/staff/index.server";
import { createAdmin, hashPassword, startSession } from "#app/staff/testing.server";

// Calling loaders and actions directly, as the router would: the request context, requests with or without an
// admin's session cookie, and what the call answered.

/** A request context as the Express server builds it. */
export function requestContext(
  ip = "203.0.113.7",
  userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0",
) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { requestId: "test", nonce: "", ip, userAgent });
  return context;
}

type RequestOptions = {
  method?: string;
  cookie?: string | null;
  form?: Record<string, string | string[]>;
  ip?: string;
};

function buildRequest(path: string, { method: given, cookie, form }: RequestOptions) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  const method = given ?? (form ? "POST" : "GET");
  let body: URLSearchParams | undefined;
  if (method !== "GET" && method !== "HEAD") {
    body = new URLSearchParams();
    for (const [name, value] of Object.entries(form ?? {})) {
      for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
    }
  }
  return new Request(new URL(path, "http://localhost"), { method, headers, body });
}

/**
 * Loader/action arguments for a request to `path` on this site (a form makes it a POST), or for a request
 * built elsewhere (a multipart upload).
 */
export function routeArgs(
  target: string | Request,
  options: RequestOptions = {},
  params: Record<string, string> = {},
) {
  const request = typeof target === "string" ? buildRequest(target, options) : target;
  const url = new URL(request.url);
  // the generated route types name each route's own params
  return {
    request,
    url,
    pattern: url.pathname,
    context: requestContext(options.ip),
    params: params as never,
  };
}

/** What a test may pass to any loader or action. */
export type RouteArgs = ReturnType<typeof routeArgs>;

/** "name=value" of the admin session cookie among Set-Cookie headers. */
export function sessionCookie(setCookie: string | string[]) {
  const headers = Array.isArray(setCookie) ? setCookie : [setCookie];
  const found = headers.map((h) => h.split(";")[0] ?? "").find((pair) => pair.startsWith("mafunzo_admin="));
  if (!found) throw new Error(`no mafunzo_admin cookie in ${headers.join(" | ")}`);
  return found;
}

/**
 * An admin row with a password (a fresh address unless given) and a live session for it; `args` builds
 * loader/action arguments that carry its cookie. An owner unless `roles` says otherwise.
 */
export async function signedInAdmin(
  options: { email?: string; password?: string; ip?: string; roles?: Role[] } = {},
) {
  const email = options.email ?? `admin-${crypto.randomUUID().slice(0, 8)}@mafunzo.test`;
  const password = options.password ?? "correct-horse";
  const created = await createAdmin(db(), email, await hashPassword(password));
  const user = { ...created, roles: options.roles ?? created.roles };
  if (options.roles) await db().update(users).set({ roles: options.roles }).where(eq(users.id, user.id));
  const context = requestContext(options.ip);
  const cookie = sessionCookie(await startSession(db(), user, context));
  const { ip, userAgent } = context.get(requestInfoContext);
  const actor = { id: user.id, email: user.email, roles: user.roles, ip, userAgent };
  const args = (
    target: string | Request,
    init: Omit<RequestOptions, "cookie"> = {},
    params: Record<string, string> = {},
  ) => routeArgs(target, { ...init, cookie }, params);
  return { user, password, cookie, actor, args };
}

/** Empties what the access tests create, so each starts with no admin and no throttling history. */
export async function resetAccessTables() {
  // delete, not truncate: truncating users would cascade to the settings that reference their editor
  for (const table of ["sessions", "login_attempts", "rate_limit_events", "admin_audit_logs", "users"]) {
    await db().execute(sql.raw(`delete from ${table}`));
  }
}

type Answered = {
  status: number;
  location: string | null;
  data?: { error?: string } & Record<string, unknown>;
};

/** What a loader or action answered: a Response (redirect), or data() with its status, or a plain value. */
export function outcome(value: unknown): Answered {
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("Location"), data: undefined };
  }
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const { data, init } = value as unknown as { data: Answered["data"]; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, data };
  }
  return { status: 200, location: null, data: value as Answered["data"] };
}

/** Runs a loader or action and tells what it answered, whether it returned or threw it. */
export async function answer(run: () => Promise<unknown>) {
  try {
    return outcome(await run());
  } catch (thrown) {
    return outcome(thrown);
  }
}
