import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "#app/context";

let counter = 0;

/** A form key issued `ageMs` ago, the shape the loaders hand out. */
export function oldFormKey(ageMs = 10_000) {
  counter += 1;
  return `${(Date.now() - ageMs).toString(36)}.${`k${counter}${Math.random().toString(36).slice(2)}`.padEnd(22, "x")}`;
}

/** A router context as the Express server builds it, with a client address of the test's choosing. */
export function contextFor(
  ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { requestId: "test", nonce: "", ip, userAgent: "vitest" });
  return context;
}

export function formRequest(path: string, fields: Record<string, string>) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    body: new URLSearchParams(fields),
  });
}

/** Calls a route action and unwraps its `data(...)` answer. */
export async function callAction<T>(
  action: (args: never) => Promise<unknown>,
  path: string,
  fields: Record<string, string>,
  context = contextFor(),
) {
  const result = (await action({ request: formRequest(path, fields), context, params: {} } as never)) as {
    data: T;
    init: { status?: number; headers?: HeadersInit } | null;
  };
  return {
    body: result.data,
    status: result.init?.status ?? 200,
    headers: new Headers(result.init?.headers),
  };
}
