import { Outlet } from "react-router";
import { AdminShell } from "#app/components/admin/admin-shell";
import { requireAdmin } from "#app/services/auth.server";
import type { Route } from "./+types/layout";

// This check guards the layout only: every child loader and action calls requireAdmin itself.
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireAdmin(args);
  return { email: user.email };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell email={loaderData.email}>
      <Outlet />
    </AdminShell>
  );
}
