import { redirect } from "react-router";
import { canReadOffice } from "#app/staff/index";
import { requireAdmin, staffOf } from "#app/staff/index.server";
import type { Route } from "./+types/index";

/** Each account's home: the dashboard for the office, "My runs" for a trainer. */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  throw redirect(canReadOffice(staffOf(admin)) ? "/admin/dashboard" : "/admin/my-runs");
}
