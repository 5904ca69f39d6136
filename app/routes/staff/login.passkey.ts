import { requestInfoContext } from "#app/context";
import { consumeRateLimit } from "#app/platform/rate-limit/rate-limit.server";
import { authenticationOptions, getAdminSession } from "#app/staff/index.server";
import type { Route } from "./+types/login.passkey";

// Each answer stores a challenge: an address that asks far more often than anyone signs in is refused.
const OPTIONS_LIMIT = { limit: 30, windowMs: 5 * 60 * 1000 };

/**
 * Options for a passkey at sign-in: for a session that has passed the password, that admin's passkeys (the
 * second step); otherwise any passkey of this site (a passkey as the whole sign-in). Public like the login page.
 * It reads no body: the session says everything it needs.
 */
export async function action(args: Route.ActionArgs) {
  const { ip } = args.context.get(requestInfoContext);
  const allowed = await consumeRateLimit("passkey-options", ip, OPTIONS_LIMIT);
  if (!allowed.allowed) {
    return new Response("Too many passkey requests; try again in a few minutes.", {
      status: 429,
      headers: { "Retry-After": String(allowed.retryAfterSeconds) },
    });
  }
  const session = await getAdminSession(args);
  const options =
    session?.state === "verify"
      ? await authenticationOptions("verify", session.user)
      : await authenticationOptions("login");
  return Response.json(options, { headers: { "Cache-Control": "no-store" } });
}
