import { ArrowLeft } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonClass } from "#app/components/ui/button";
import { PageHeader } from "./page-header";
import { ScreenError } from "./screen-error";

type RecordKind = { title: string; text: string; list: string; listLabel: string };

/**
 * The error boundary of an admin detail screen: a missing record (404, or an id that is not one) answers
 * inside the admin frame with the way back to its list; any other failure is the screen's own error.
 */
export function recordErrorBoundary(kind: RecordKind) {
  return function RecordErrorBoundary() {
    const error = useRouteError();
    if (!isRouteErrorResponse(error) || error.status !== 404) return <ScreenError title={kind.title} />;
    return <RecordNotFound {...kind} />;
  };
}

export function RecordNotFound({ title, text, list, listLabel }: RecordKind) {
  return (
    <div className="max-w-2xl">
      <PageHeader title={title} />
      <div role="alert" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-slate-700">{text}</p>
        <Link to={list} className={buttonClass("outline", "md", "mt-4")}>
          <ArrowLeft aria-hidden className="size-4" />
          {listLabel}
        </Link>
      </div>
    </div>
  );
}
