import type { RouterContextProvider } from "react-router";
import { fieldErrors, handleApi } from "./handler.server";
import { openApiDocument } from "./openapi.server";
import { decodeCursor } from "./pages.server";
import { json, problem } from "./problem.server";
import { findResource } from "./resources.server";
import { PageQuerySchema } from "./schemas";
import { cancelBookingWrite, createBookingWrite, recordBankPaymentWrite } from "./writes.server";

/*
 * What the API's routes call (decision 0801): each answers a Response, a problem document for every refusal.
 */

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const notFound = (path: string) =>
  problem("not-found", `There is no ${path} in this API. See /api/v1/openapi.json.`);

/** GET /api/v1/{resource} */
export async function apiList(args: Args, name: string) {
  const resource = findResource(name);
  if (!resource) return notFound(`/api/v1/${name}`);
  return handleApi(args, { area: resource.area, access: "read" }, async () => {
    const url = new URL(args.request.url);
    const parsed = PageQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) {
      return problem("invalid", "The query has parameters to correct.", {
        errors: fieldErrors(parsed.error).map((error) => ({
          ...error,
          pointer: `?${error.pointer.slice(1)}`,
        })),
      });
    }
    const cursor = parsed.data.cursor === undefined ? null : decodeCursor(parsed.data.cursor);
    if (parsed.data.cursor !== undefined && !cursor) {
      return problem("invalid", "cursor is not one this API gave.", {
        errors: [{ pointer: "?cursor", detail: "cursor is not one this API gave." }],
      });
    }
    return { status: 200, body: await resource.list(parsed.data, cursor) };
  });
}

/** GET /api/v1/{resource}/{key} */
export async function apiItem(args: Args, name: string, key: string) {
  const resource = findResource(name);
  if (!resource) return notFound(`/api/v1/${name}`);
  return handleApi(args, { area: resource.area, access: "read" }, async () => {
    const found = resource.key.pattern.test(key) ? await resource.find(key) : null;
    if (!found)
      return problem("not-found", `There is no ${name.replace(/s$/, "").replace("-", " ")} ${key}.`);
    return { status: 200, body: found };
  });
}

/** POST /api/v1/{resource}: a booking, or a bank payment. */
export async function apiCreate(args: Args, name: string) {
  if (name === "bookings") return handleApi(args, { area: "bookings", access: "write" }, createBookingWrite);
  if (name === "payments")
    return handleApi(args, { area: "finance", access: "write" }, recordBankPaymentWrite);
  const resource = findResource(name);
  if (!resource) return notFound(`/api/v1/${name}`);
  return new Response(null, { status: 405, headers: { Allow: "GET" } });
}

/** POST /api/v1/bookings/{reference}/cancel */
export function apiCancelBooking(args: Args, reference: string) {
  return handleApi(args, { area: "bookings", access: "write" }, (ctx) => cancelBookingWrite(ctx, reference));
}

/** Any other address under /api/v1. */
export const apiNotFound = (request: Request) => notFound(new URL(request.url).pathname);

/** GET /api/v1/openapi.json: public, like any API's description. */
export function apiDescription(request: Request) {
  return json(openApiDocument(new URL(request.url).origin), 200, { "Cache-Control": "public, max-age=300" });
}
