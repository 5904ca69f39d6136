import { isRouteErrorResponse, Link, Outlet, useRouteError } from "react-router";
import { AdminShell } from "#app/components/admin/admin-shell";
import { NOT_ALLOWED_TEXT } from "#app/components/admin/screen-error";
import { buttonClass } from "#app/components/ui/button";
import { ENROL_PATH, requireAdmin } from "#app/staff/index.server";
import type { Route } from "./+types/layout";

// the text of SESSION_ENDED_MESSAGE (auth.server), which this client module cannot import
const SESSION_ENDED_TEXT = "Your session has ended. Please sign in again.";

// This check guards the layout only: every child loader and action calls requireAdmin itself.
export async function loader(args: Route.LoaderArgs) {
  // the security page is where an admin without a required second factor sets one up
  const enrolling = args.url.pathname === ENROL_PATH;
  const { user } = await requireAdmin(args, { allow: enrolling ? ["enrol"] : [] });
  return { email: user.email, staff: { id: user.id, roles: user.roles } };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell email={loaderData.email} staff={loaderData.staff}>
      <Outlet />
    </AdminShell>
  );
}

/**
 * A form posted after the session ended answers 401: say so and offer the way back in. A page the account's
 * role does not allow answers 403 (decision 0636). Anything else that reaches here happened to a signed-in
 * admin, who is sent back to the dashboard, not to the login.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const ended = status === 401;
  const title = ended
    ? "Session ended"
    : status === 403
      ? "Not allowed"
      : status === 404
        ? "Page not found"
        : "Something went wrong";
  const text = ended
    ? SESSION_ENDED_TEXT
    : status === 403
      ? NOT_ALLOWED_TEXT
      : status === 404
        ? "There is nothing at this address."
        : "An unexpected error occurred. Please try again in a moment.";
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">{status}</p>
      <h1 className="mt-2 text-2xl font-bold text-brand-900">{title}</h1>
      <p className="mt-4 text-slate-600">{text}</p>
      <Link
        to={ended ? "/admin/login" : "/admin/dashboard"}
        className={buttonClass("primary", "md", "mt-8 min-h-11")}
      >
        {ended ? "Go to Admin Login" : "Back to the dashboard"}
      </Link>
    </main>
  );
}
