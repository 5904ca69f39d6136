import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonClass } from "#app/components/ui/button";
import { PageHeader } from "./page-header";

export const NOT_ALLOWED_TEXT = "Your account's role does not allow this page. Ask an owner if you need it.";

/** What a page says to an account whose role the policy refuses it (403). */
export function NotAllowed() {
  return (
    <div className="max-w-2xl">
      <PageHeader title="Not allowed" />
      <div role="alert" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-slate-700">{NOT_ALLOWED_TEXT}</p>
        <Link to="/admin" className={buttonClass("outline", "md", "mt-4 min-h-11")}>
          Back to my home page
        </Link>
      </div>
    </div>
  );
}

/**
 * What an admin screen shows when its loader or action failed (spec §8 wording), or, when the policy refused
 * the account, that its role does not allow the page.
 */
export function ScreenError({ title }: { title: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <NotAllowed />;
  return (
    <div>
      <PageHeader title={title} />
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800">
        An unexpected error occurred
      </p>
    </div>
  );
}
