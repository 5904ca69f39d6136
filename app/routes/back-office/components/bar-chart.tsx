import { useId } from "react";
import { cn } from "#app/utils/cn";

export type Bar = { label: string; value: number; className?: string };

/**
 * A bar chart in plain HTML and CSS (decision 0250): rendered on the server, no chart library in the
 * bundle. The bars are decoration; the same figures are in a table for screen readers, and the summary
 * sentence is the figure's caption.
 */
export function BarChart({
  title,
  summary,
  bars,
  orientation = "horizontal",
  valueLabel = "Count",
}: {
  title: string;
  summary: string;
  bars: Bar[];
  orientation?: "horizontal" | "vertical";
  valueLabel?: string;
}) {
  const id = useId();
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const pct = (value: number) => `${Math.round((value / max) * 100)}%`;
  return (
    <figure
      aria-labelledby={id}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <figcaption id={id}>
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="mt-0.5 block text-sm text-slate-600">{summary}</span>
      </figcaption>
      {orientation === "vertical" ? (
        <div aria-hidden className="mt-4 flex h-48 items-end gap-1.5">
          {bars.map((bar) => (
            <div
              key={bar.label}
              className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
            >
              <span className="text-xs font-medium text-slate-700">{bar.value}</span>
              <div
                className={cn("w-full rounded-t bg-brand-600", bar.className)}
                style={{ height: bar.value ? pct(bar.value) : "2px" }}
              />
              <span className="truncate text-[11px] text-slate-600">{bar.label}</span>
            </div>
          ))}
        </div>
      ) : (
        <ul aria-hidden className="mt-4 space-y-2">
          {bars.map((bar) => (
            <li key={bar.label} className="text-sm">
              <div className="flex justify-between gap-3 text-slate-700">
                <span className="min-w-0 truncate">{bar.label}</span>
                <span className="font-medium">{bar.value}</span>
              </div>
              <div className="mt-1 h-2 rounded bg-slate-100">
                <div
                  className={cn("h-2 rounded bg-brand-600", bar.className)}
                  style={{ width: pct(bar.value) }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {/* a table ignores the 1 px width of sr-only and would widen the page: its wrapper takes the class */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Label</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label}>
                <th scope="row">{bar.label}</th>
                <td>{bar.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
