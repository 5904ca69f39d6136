import {
  applyStkCallback,
  C2B_OTHER_ERROR,
  type C2BCallback,
  C2BCallbackSchema,
  callbackSecretMatches,
  confirmC2B,
  STK_ACCEPTED,
  StkCallbackSchema,
  validateC2B,
} from "#app/money/index.server";
import { FormRefusal, readJson } from "#app/platform/forms/form-input.server";
import { anonymousActor } from "#app/staff/index.server";
import type { Route } from "./+types/mpesa-callback";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });

// the same answer for a wrong secret, a wrong kind and callbacks switched off: nothing to probe
const notFound = () => json({ ResultCode: "404", ResultDesc: "Not found" }, 404);

export const loader = () => notFound();

const KINDS = ["validation", "confirmation", "stk"];

/**
 * Daraja's callbacks: C2B at POST /api/mpesa/<secret>/validation and /api/mpesa/<secret>/confirmation, M-PESA
 * Express at /api/mpesa/<secret>/stk. Daraja does not sign its calls, so the secret path segment from the
 * settings is the credential.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const kind = params.kind;
  if (!KINDS.includes(kind) || !(await callbackSecretMatches(params.secret))) return notFound();
  if (kind === "stk") return stkCallback(request, context);
  let callback: C2BCallback;
  try {
    callback = await readJson(request, C2BCallbackSchema);
  } catch (error) {
    if (error instanceof FormRefusal)
      return json({ ...C2B_OTHER_ERROR, ResultDesc: error.message }, error.status);
    throw error;
  }
  if (kind === "validation") return json(await validateC2B(callback));
  return json(await confirmC2B(callback, anonymousActor(context, "M-PESA")));
}

/** M-PESA Express: a result recorded, or refused with what is wrong with it (never a 5xx: Daraja would retry). */
async function stkCallback(request: Request, context: Route.ActionArgs["context"]) {
  try {
    const callback = await readJson(request, StkCallbackSchema);
    const outcome = await applyStkCallback(callback, anonymousActor(context, "M-PESA"));
    return outcome.ok ? json(STK_ACCEPTED) : json({ ResultCode: 1, ResultDesc: outcome.message }, 400);
  } catch (error) {
    if (error instanceof FormRefusal) return json({ ResultCode: 1, ResultDesc: error.message }, error.status);
    throw error;
  }
}
