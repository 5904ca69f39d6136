import { redirect } from "react-router";
import { requireAdmin } from "#app/staff/sign-in/auth.server";
import type { Route } from "./+types/index";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  throw redirect("/admin/dashboard");
}
