import type { ReactNode } from "react";
import { cn } from "#app/utils/cn";

const TONES = {
  green: "bg-green-100 text-green-800",
  grey: "bg-slate-100 text-slate-700",
  blue: "bg-blue-100 text-blue-800",
  yellow: "bg-yellow-100 text-yellow-900",
  red: "bg-red-100 text-red-800",
  brand: "bg-brand-100 text-brand-800",
  violet: "bg-violet-100 text-violet-800",
  orange: "bg-orange-100 text-orange-900",
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({
  tone = "grey",
  children,
  className,
  "data-status": dataStatus,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
  "data-status"?: string;
}) {
  return (
    <span
      data-status={dataStatus}
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** Spec: active green, anything else grey. */
export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={status === "active" ? "green" : "grey"}>{status}</Badge>;
}
