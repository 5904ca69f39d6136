import crypto from "node:crypto";
import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "#app/context";
import { db } from "#app/db/client.server";
import { createAdmin } from "#app/models/user.server";
import { startSession } from "#app/services/auth.server";

// Integration tests sign cookies with a fixed secret instead of one written into DATA_DIR.
process.env.SESSION_SECRET ??= "integration-tests-session-secret-0123456789";

export function routerContext() {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { requestId: "test", nonce: "", ip: "127.0.0.1", userAgent: "vitest" });
  return context;
}

/** A signed-in admin and a builder of requests carrying (or not) its session cookie. */
export async function signedInAdmin() {
  const email = `admin-${crypto.randomUUID().slice(0, 8)}@mafunzo.test`;
  const user = await createAdmin(db(), email, "not-a-real-hash");
  const context = routerContext();
  const setCookie = await startSession(db(), user, context);
  const cookie = setCookie.split(";")[0] as string;
  const request = (path: string, init: RequestInit & { form?: Record<string, string> } = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Cookie", cookie);
    const body = init.form ? new URLSearchParams(init.form) : init.body;
    return new Request(`http://localhost${path}`, {
      ...init,
      method: init.form ? "POST" : (init.method ?? "GET"),
      headers,
      body,
    });
  };
  const actor = { id: user.id, email: user.email, ip: "127.0.0.1", userAgent: "vitest" };
  return {
    user,
    actor,
    context,
    request,
    args: (req: Request, params = {}) => ({ request: req, context, params }),
  };
}

/** Runs a loader or action and returns what it returned or threw (redirects and data() errors are thrown). */
export async function settle<T>(run: () => Promise<T>): Promise<{ value?: T; thrown?: unknown }> {
  try {
    return { value: await run() };
  } catch (thrown) {
    return { thrown };
  }
}
