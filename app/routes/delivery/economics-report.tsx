import { Form, Link } from "react-router";
import { z } from "zod";
import { PageHeader } from "#app/components/admin/page-header";
import { Button } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import { DECISION_LABELS } from "#app/delivery/index";
import { economicsReport } from "#app/delivery/index.server";
import { canReadRunEconomics } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { formatLongDate, today } from "#app/utils/dates";
import { formatMinor, type MinorCurrency } from "#app/utils/minor-units";
import type { Route } from "./+types/economics-report";

export const meta: Route.MetaFunction = () => [{ title: "Run economics | Mafunzo Admin" }];

const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
  .optional()
  .catch(undefined);
const RangeSchema = z.object({ from: month, to: month });

/** The course dates starting in a range of months (this year by default): profit and what was decided, and why. */
export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadRunEconomics);
  const url = new URL(args.request.url);
  const range = RangeSchema.parse(Object.fromEntries(url.searchParams));
  const year = today().slice(0, 4);
  const from = range.from ?? `${year}-01`;
  const to = range.to && range.to >= from ? range.to : `${from.slice(0, 4)}-12`;
  return { report: await economicsReport(from, to) };
}

type Group = {
  key: string;
  label: string;
  currency: string;
  revenue: number;
  costs: number;
  profit: number;
  runs: number;
};

function GroupTable({ title, rows }: { title: string; rows: Group[] }) {
  const money = (n: number, c: string) => formatMinor(n, c as MinorCurrency);
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No course dates in these months.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-600">
              <tr>
                <th className="py-1 pr-2">{title.replace("Profit by ", "")}</th>
                <th className="py-1 pr-2 text-right">Dates</th>
                <th className="py-1 pr-2 text-right">Revenue</th>
                <th className="py-1 pr-2 text-right">Costs</th>
                <th className="py-1 text-right">Profit</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.key}-${row.currency}`} className="border-t border-slate-100">
                  <td className="py-1 pr-2 wrap-anywhere">{row.label}</td>
                  <td className="py-1 pr-2 text-right">{row.runs}</td>
                  <td className="py-1 pr-2 text-right whitespace-nowrap">
                    {money(row.revenue, row.currency)}
                  </td>
                  <td className="py-1 pr-2 text-right whitespace-nowrap">{money(row.costs, row.currency)}</td>
                  <td className="py-1 text-right font-semibold whitespace-nowrap">
                    {money(row.profit, row.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const OUTCOME_LABELS = {
  confirm: "Went ahead",
  postpone: "Postponed",
  cancel: "Cancelled",
  undecided: "Not decided yet",
};

export default function EconomicsReport({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Run economics"
        description="Profit of each course date: the ledger's revenue (open invoices, net of VAT) less the actual costs recorded, by date, course, month and trainer; and how many dates went ahead, were postponed or cancelled, and why."
      />
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <InputField label="From month" name="from" type="month" defaultValue={report.from} />
        <InputField label="To month" name="to" type="month" defaultValue={report.to} />
        <Button type="submit">Show</Button>
      </Form>
      <section aria-label="Decisions" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-semibold text-slate-900">Went ahead, postponed or cancelled</h2>
        <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          {report.outcomes.map((o) => (
            <div key={o.kind} className="rounded-lg bg-slate-50 p-3" data-testid={`outcome-${o.kind}`}>
              <dt className="text-xs text-slate-600">{OUTCOME_LABELS[o.kind]}</dt>
              <dd className="text-xl font-bold text-slate-900">{o.count}</dd>
            </div>
          ))}
        </dl>
        {report.reasons.length > 0 ? (
          <ul className="mt-3 space-y-1 text-sm">
            {report.reasons.map((r) => (
              <li key={r.id} className="wrap-anywhere">
                <span className="font-semibold">{r.decision ? DECISION_LABELS[r.decision] : ""}</span>:{" "}
                {r.title}, {r.label ?? (r.startDate ? formatLongDate(r.startDate) : "")}: {r.reason}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <section aria-label="Profit by course date" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-semibold text-slate-900">Profit by course date</h2>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-600">
              <tr>
                <th className="py-1 pr-2">Course date</th>
                <th className="py-1 pr-2">Decision</th>
                <th className="py-1 pr-2 text-right">Revenue</th>
                <th className="py-1 pr-2 text-right">Costs</th>
                <th className="py-1 text-right">Profit</th>
              </tr>
            </thead>
            <tbody>
              {report.runs.map((run) => {
                const money = (n: number) => formatMinor(n, run.currency as MinorCurrency);
                return (
                  <tr key={run.id} className="border-t border-slate-100" data-testid="report-run">
                    <td className="py-1 pr-2 wrap-anywhere">
                      <Link
                        to={`/admin/courses/${run.courseId}/runs/${run.id}#economics`}
                        className="underline"
                      >
                        {run.title}, {run.label ?? (run.startDate ? formatLongDate(run.startDate) : "")}
                      </Link>
                    </td>
                    <td className="py-1 pr-2">
                      {run.decision ? DECISION_LABELS[run.decision] : "Tentative"}
                    </td>
                    <td className="py-1 pr-2 text-right whitespace-nowrap">{money(run.revenue)}</td>
                    <td className="py-1 pr-2 text-right whitespace-nowrap">{money(run.costs)}</td>
                    <td className="py-1 text-right font-semibold whitespace-nowrap">{money(run.profit)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
      <GroupTable title="Profit by course" rows={report.byCourse} />
      <GroupTable title="Profit by month" rows={report.byMonth} />
      <GroupTable title="Profit by trainer" rows={report.byTrainer} />
    </div>
  );
}
