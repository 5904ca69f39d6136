import { FileDown } from "lucide-react";
import { Form } from "react-router";
import { buttonClass } from "#app/components/ui/button";
import type { FeeStatement } from "#app/delivery/index.server";
import { formatLongDate } from "#app/utils/dates";
import { formatMinor } from "#app/utils/minor-units";

const monthTitle = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

const shortDay = (date: string) => formatLongDate(date).replace(/ \d{4}$/, "");

/**
 * A trainer's month: each course date's session days with fee and per diem, the totals, the withholding and
 * what is paid, a month picker (a GET form, so the address names the month) and the PDF.
 */
export function FeeStatementView({ statement: s, pdfHref }: { statement: FeeStatement; pdfHref: string }) {
  const money = (minor: number) => formatMinor(minor, s.currency);
  return (
    <section aria-labelledby="fees-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="fees-heading" className="text-lg font-semibold text-slate-900">
        Fee statement: {monthTitle(s.month)}
      </h2>
      <Form method="get" className="mt-2 flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="block text-slate-700">Month</span>
          <input
            type="month"
            name="month"
            defaultValue={s.month}
            className="min-h-11 rounded-md border border-slate-300 px-2"
          />
        </label>
        <button type="submit" className={buttonClass("outline", "md", "min-h-11")}>
          Show
        </button>
        <a href={pdfHref} className={buttonClass("outline", "md", "min-h-11")}>
          <FileDown aria-hidden className="mr-1 size-4" />
          PDF
        </a>
      </Form>
      {s.lines.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No session days in this month.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {s.lines.map((line) => (
            <li key={line.runId} className="py-2 text-sm" data-testid="fee-line">
              <p className="font-semibold text-slate-900 wrap-anywhere">{line.courseTitle}</p>
              <p className="text-slate-600">
                {line.days.length} {line.days.length === 1 ? "day" : "days"} × {money(s.dayRate)}:{" "}
                {line.days.map(shortDay).join(", ")}
              </p>
              <p>
                Fee {money(line.fee)}
                {line.perDiemDays ? ` · per diem ${money(line.perDiem)} (${line.perDiemDays} days away)` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-3 grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt>
          Fees ({s.days} {s.days === 1 ? "day" : "days"})
        </dt>
        <dd className="text-right">{money(s.fees)}</dd>
        <dt>Per diem</dt>
        <dd className="text-right">{money(s.perDiem)}</dd>
        <dt>Withholding tax</dt>
        <dd className="text-right">{money(-s.withholding)}</dd>
        <dt className="font-semibold">To pay</dt>
        <dd className="text-right font-semibold" data-testid="fee-net">
          {money(s.net)}
        </dd>
      </dl>
      <p className="mt-2 text-sm text-slate-600">{s.withholdingNote}</p>
    </section>
  );
}
