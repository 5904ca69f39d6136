import crypto from "node:crypto";
import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "#app/context";
import { db } from "#app/db/client.server";
import { createAdmin } from "#app/models/user.server";
import { startSession } from "#app/services/auth.server";

// Integration tests sign cookies with a fixed secret instead of one written into DATA_DIR.
process.env.SESSION_SECRET ??= "integration-tests-session-secret-0123456789";

function context() {
  const provider = new RouterContextProvider();
  provider.set(requestInfoContext, { requestId: "test", nonce: "", ip: "127.0.0.1", userAgent: "vitest" });
  return provider;
}

type Init = { form?: Record<string, string | string[]>; cookie?: string | null };

function buildRequest(path: string, { form, cookie }: Init) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  let body: URLSearchParams | undefined;
  if (form) {
    body = new URLSearchParams();
    for (const [name, value] of Object.entries(form)) {
      for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
    }
  }
  return new Request(`http://localhost${path}`, { method: form ? "POST" : "GET", headers, body });
}

/** Route arguments for a request with no session (what a stranger sends). */
export function anonymousArgs(path: string, init: Init = {}, params: Record<string, string> = {}) {
  return { request: buildRequest(path, init), context: context(), params, unstable_pattern: path } as never;
}

/** A fresh admin with a live session, and a builder of loader/action arguments that carry its cookie. */
export async function signedInAdmin() {
  const email = `admin-${crypto.randomUUID().slice(0, 8)}@mafunzo.test`;
  const user = await createAdmin(db(), email, "not-a-real-hash");
  const setCookie = await startSession(db(), user, context());
  const cookie = setCookie.split(";")[0] as string;
  const args = (path: string, init: Omit<Init, "cookie"> = {}, params: Record<string, string> = {}) =>
    ({
      request: buildRequest(path, { ...init, cookie }),
      context: context(),
      params,
      unstable_pattern: path,
    }) as never;
  return { user, args };
}

/** What a loader or action answered: a Response (redirect), or data() with its status. */
export async function answer(run: () => Promise<unknown>) {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("Location"), data: undefined as never };
  }
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const { data, init } = value as unknown as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, data: data as never };
  }
  return { status: 200, location: null, data: value as never };
}
