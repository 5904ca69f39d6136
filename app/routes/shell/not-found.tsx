import { data } from "react-router";
import { recordErrorBoundary } from "#app/components/admin/record-not-found";
import { requireAdmin } from "#app/staff/index.server";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Not found | Mafunzo Admin" }];

/** Any other address under /admin: a not-found inside the admin frame (after the sign-in check). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  throw data("Not found", { status: 404 });
}

export const ErrorBoundary = recordErrorBoundary({
  title: "Page not found",
  text: "There is no back-office page at this address.",
  list: "/admin/dashboard",
  listLabel: "Back to the dashboard",
});

export default function AdminNotFound() {
  return null;
}
