import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The way back above a screen that hangs off another ("Back to Finance"), a 44 px target on a phone. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700">
      <ArrowLeft aria-hidden className="size-4" /> {children}
    </Link>
  );
}
