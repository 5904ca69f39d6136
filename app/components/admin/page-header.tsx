import type { ReactNode } from "react";
import { cn } from "#app/utils/cn";

/** The heading row of an admin screen: its one h1, an optional count badge and actions. */
export function PageHeader({
  title,
  badge,
  actions,
  description,
}: {
  title: string;
  badge?: ReactNode;
  actions?: ReactNode;
  description?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <div className="flex items-center gap-3">
          <h1 className="text-2xl font-bold text-slate-900 wrap-anywhere">{title}</h1>
          {badge}
        </div>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
      {children}
    </div>
  );
}

/** Spec: grids use 1, 2 or 3 columns by width. */
export const CARD_GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

/** Why the screen's list could not be loaded, in place of it. */
export function LoadError({ error, className }: { error: string | null | undefined; className?: string }) {
  if (!error) return null;
  return (
    <p
      role="alert"
      className={cn("rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800", className)}
    >
      {error}
    </p>
  );
}
