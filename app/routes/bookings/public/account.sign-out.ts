import { redirect } from "react-router";
import { endClientSession } from "#app/bookings/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import type { Route } from "./+types/account.sign-out";

/** Ends the portal session (a staff session in the same browser is left alone). */
export async function action({ request }: Route.ActionArgs) {
  await readForm(request, []);
  return redirect("/account", { headers: { "Set-Cookie": await endClientSession(request) } });
}

export function loader() {
  return redirect("/account");
}
