import { data } from "react-router";
import { readForm } from "#app/platform/forms/form-input.server";
import { PasskeyOptionsSchema } from "#app/staff/index";
import {
  authenticationOptions,
  registrationOptions,
  requireAdmin,
  SECOND_FACTOR_MESSAGE,
} from "#app/staff/index.server";
import type { Route } from "./+types/passkey-options";

/** Options for registering a passkey (also while enrolment is required) or proving one at step-up. */
export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args, { allow: ["enrol"] });
  const parsed = PasskeyOptionsSchema.safeParse(
    Object.fromEntries(await readForm(args.request, PasskeyOptionsSchema)),
  );
  if (!parsed.success) return data({ error: "Unknown passkey request" }, { status: 400 });
  const headers = { "Cache-Control": "no-store" };
  if (parsed.data.purpose === "register")
    return Response.json(await registrationOptions(admin.user), { headers });
  if (admin.state !== "full") return data({ error: SECOND_FACTOR_MESSAGE }, { status: 401 });
  return Response.json(await authenticationOptions("step-up", admin.user), { headers });
}
