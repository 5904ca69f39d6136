/**
 * Class names for a table that becomes a stack of cards below the md breakpoint (decision 0550): one DOM
 * for both widths, so a list defaults to cards on a phone without JavaScript and without duplicate controls,
 * and no page scrolls sideways. Each cell names itself on a phone through `data-label`.
 */
export const STACKED = {
  wrapper:
    "rounded-xl border border-slate-200 bg-white shadow-sm md:overflow-x-auto max-md:border-0 max-md:bg-transparent max-md:shadow-none",
  table: "min-w-full text-sm md:divide-y md:divide-slate-200 max-md:block",
  thead: "bg-slate-50 text-slate-700 max-md:hidden",
  tbody: "md:divide-y md:divide-slate-100 max-md:block max-md:space-y-3",
  row: "align-top max-md:block max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:bg-white max-md:p-4 max-md:shadow-sm",
  cell: "px-4 py-3 max-md:block max-md:px-0 max-md:py-1 max-md:before:block max-md:before:text-xs max-md:before:font-semibold max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]",
} as const;
