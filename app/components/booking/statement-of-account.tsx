import { Download } from "lucide-react";
import { STACKED } from "#app/components/admin/stacked-table";
import { buttonClass } from "#app/components/ui/button";
import type { Statement } from "#app/money/index";
import { formatKes } from "#app/utils/cents";
import { formatLongDate } from "#app/utils/dates";

const amountOrBlank = (cents: number) => (cents === 0 ? "" : formatKes(cents));

/**
 * A statement of account on screen (decision 0748), the office's and the client's alike: every invoice, credit
 * note, payment and withholding certificate with the running balance, the closing balance split into cash owed
 * and certificates due, and the PDF to download. On a phone each line stacks, its empty amount left out.
 */
export function StatementOfAccount({ statement, pdfUrl }: { statement: Statement; pdfUrl: string }) {
  return (
    <section aria-labelledby="statement-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="statement-heading" className="text-lg font-semibold text-slate-900">
          Statement of account
        </h2>
        <a href={pdfUrl} className={buttonClass("outline", "md", "min-h-11")} download>
          <Download aria-hidden className="size-4" /> Download statement (PDF)
        </a>
      </div>
      <p className="text-sm text-slate-600">
        {statement.name} · {statement.scope} · as at {formatLongDate(statement.asAt)}
      </p>
      {statement.lines.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing has been invoiced or paid yet.</p>
      ) : (
        <div className={STACKED.wrapper}>
          <table className={`${STACKED.table} text-left`}>
            <caption className="sr-only">Statement lines, oldest first, with the running balance</caption>
            <thead className={STACKED.thead}>
              <tr>
                <th scope="col" className="px-4 py-3">
                  Date
                </th>
                <th scope="col" className="px-4 py-3">
                  Details
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Charged
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Settled
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody className={STACKED.tbody}>
              {statement.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed, in the order listed
                <tr key={index} data-testid="statement-line" className={STACKED.row}>
                  <td data-label="Date" className={`${STACKED.cell} whitespace-nowrap`}>
                    {line.date}
                  </td>
                  <td data-label="Details" className={STACKED.cell}>
                    <span className="font-medium">{line.reference}</span> {line.description}
                  </td>
                  <td
                    data-label="Charged"
                    className={`${STACKED.cell} md:text-right tabular-nums ${line.debitCents === 0 ? "max-md:hidden" : ""}`}
                  >
                    {amountOrBlank(line.debitCents)}
                  </td>
                  <td
                    data-label="Settled"
                    className={`${STACKED.cell} md:text-right tabular-nums ${line.creditCents === 0 ? "max-md:hidden" : ""}`}
                  >
                    {amountOrBlank(line.creditCents)}
                  </td>
                  <td data-label="Balance" className={`${STACKED.cell} md:text-right tabular-nums`}>
                    {formatKes(line.balanceCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
        <div className="rounded-lg bg-white p-3 shadow-sm">
          <dt className="text-slate-600">Balance</dt>
          <dd className="text-lg font-bold tabular-nums" data-testid="statement-balance">
            {formatKes(statement.balanceCents)}
          </dd>
        </div>
        <div className="rounded-lg bg-white p-3 shadow-sm">
          <dt className="text-slate-600">Withholding certificates due</dt>
          <dd className="text-lg font-bold tabular-nums">{formatKes(statement.certificatesDueCents)}</dd>
        </div>
        <div className="rounded-lg bg-white p-3 shadow-sm">
          <dt className="text-slate-600">To pay in cash</dt>
          <dd className="text-lg font-bold tabular-nums">{formatKes(statement.cashOwedCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
