import { z } from "zod";
import { getAdminSession } from "#app/services/auth.server";
import { readForm } from "#app/services/form-input.server";
import { authenticationOptions } from "#app/services/passkey.server";
import type { Route } from "./+types/login.passkey";

/**
 * Options for a passkey at sign-in: for a session that has passed the password, that admin's passkeys (the
 * second step); otherwise any passkey of this site (a passkey as the whole sign-in). Public like the login page.
 */
export async function action(args: Route.ActionArgs) {
  await readForm(args.request, z.object({}));
  const session = await getAdminSession(args);
  const options =
    session?.state === "verify"
      ? await authenticationOptions("verify", session.user)
      : await authenticationOptions("login");
  return Response.json(options, { headers: { "Cache-Control": "no-store" } });
}
