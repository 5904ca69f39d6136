import { redirect } from "react-router";
import { requireAdmin } from "#app/staff/index.server";
import type { Route } from "./+types/index";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  throw redirect("/admin/dashboard");
}
