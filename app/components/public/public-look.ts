import type { FieldLook } from "#app/components/ui/field";

/** How the public forms draw a field: labels above, the brand's focus ring, errors in clay. */
export const publicLook: FieldLook = {
  field: "",
  label: "block text-sm font-medium text-slate-700",
  control:
    "mt-1 block max-sm:min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 read-only:bg-slate-100 aria-[invalid=true]:border-clay-600",
  error: "mt-1 text-sm text-clay-600",
  announceErrors: false,
};
