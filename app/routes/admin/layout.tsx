import { isRouteErrorResponse, Link, Outlet, useRouteError } from "react-router";
import { AdminShell } from "#app/components/admin/admin-shell";
import { buttonClass } from "#app/components/ui/button";
import { ENROL_PATH, requireAdmin } from "#app/services/auth.server";
import type { Route } from "./+types/layout";

// the text of SESSION_ENDED_MESSAGE (auth.server), which this client module cannot import
const SESSION_ENDED_TEXT = "Your session has ended. Please sign in again.";

// This check guards the layout only: every child loader and action calls requireAdmin itself.
export async function loader(args: Route.LoaderArgs) {
  // the security page is where an admin without a required second factor sets one up
  const enrolling = args.url.pathname === ENROL_PATH;
  const { user } = await requireAdmin(args, { allow: enrolling ? ["enrol"] : [] });
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

/** A form posted after the session ended answers 401; say so and offer the way back in. */
export function ErrorBoundary() {
  const error = useRouteError();
  const ended = isRouteErrorResponse(error) && error.status === 401;
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">
        {isRouteErrorResponse(error) ? error.status : 500}
      </p>
      <h1 className="mt-2 text-2xl font-bold text-brand-900">
        {ended ? "Session ended" : "Something went wrong"}
      </h1>
      <p className="mt-4 text-slate-600">
        {ended ? SESSION_ENDED_TEXT : "An unexpected error occurred. Please try again in a moment."}
      </p>
      <Link to="/admin/login" className={buttonClass("primary", "md", "mt-8")}>
        Go to Admin Login
      </Link>
    </main>
  );
}
