import nodePath from "node:path";
import { matchPath } from "react-router";
import { type ApiScope, createApiToken } from "#app/integrations/index.server";
import type { AuditActor } from "#app/platform/audit.server";
import routes from "#app/routes";
import { requestContext } from "./admin-session";

// Calling the API as another system would: a request to a path under /api/v1, matched against the route table
// as the router matches it, answered by the route module's loader or action.

type RouteEntry = { file: string; path?: string; children?: RouteEntry[] };
type Handler = (args: unknown) => Promise<Response> | Response;

const API_ROUTES = (routes as RouteEntry[]).filter((entry) => entry.path?.startsWith("api/v1"));

export const OWNER: AuditActor = {
  id: null,
  email: "owner@mafunzo.test",
  ip: "127.0.0.1",
  userAgent: "vitest",
};

/** A live token with these scopes, as an owner makes one. */
export async function apiToken(scopes: ApiScope[], name = "Test system") {
  return (await createApiToken(OWNER, { name, scopes })).token;
}

export type ApiAnswer = { status: number; headers: Headers; body: unknown };

/** Sends one request to the API; `body` (unless a string) is sent as JSON. */
export async function callApi(
  method: string,
  path: string,
  {
    token,
    body,
    headers = {},
    ip,
  }: { token?: string; body?: unknown; headers?: Record<string, string>; ip?: string } = {},
): Promise<ApiAnswer> {
  const url = new URL(path, "http://localhost");
  const all = new Headers(headers);
  if (token) all.set("Authorization", `Bearer ${token}`);
  let sent: string | undefined;
  if (body !== undefined) {
    sent = typeof body === "string" ? body : JSON.stringify(body);
    if (!all.has("Content-Type")) all.set("Content-Type", "application/json");
    all.set("Content-Length", String(Buffer.byteLength(sent)));
  }
  const request = new Request(url, { method, headers: all, body: sent });
  for (const entry of API_ROUTES) {
    const match = matchPath({ path: `/${entry.path}`, end: true }, url.pathname);
    if (!match) continue;
    const module = (await import(nodePath.resolve("app", entry.file))) as {
      loader?: Handler;
      action?: Handler;
    };
    const handler = method === "GET" || method === "HEAD" ? module.loader : module.action;
    if (!handler) return { status: 405, headers: new Headers(), body: null };
    const response = await handler({ request, params: match.params, context: requestContext(ip) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  }
  throw new Error(`no API route for ${path}`);
}
