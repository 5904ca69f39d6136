import { Download } from "lucide-react";
import { MoneyTable, moneyCell } from "#app/components/admin/finance-parts";
import { PageHeader } from "#app/components/admin/page-header";
import { useStaff } from "#app/components/admin/use-staff";
import { buttonClass } from "#app/components/ui/button";
import { ENQUIRY_STATUS_LABELS } from "#app/sales/index";
import { getPipeline } from "#app/sales/index.server";
import { canExportBookings, canReadBookings } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { formatKes } from "#app/utils/cents";
import type { Route } from "./+types/pipeline";

export const meta: Route.MetaFunction = () => [{ title: "Pipeline | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadBookings);
  return getPipeline();
}

const monthName = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

export default function Pipeline({ loaderData }: Route.ComponentProps) {
  const { statuses, months } = loaderData;
  const staff = useStaff();
  return (
    <div className="space-y-8">
      <PageHeader
        title="Pipeline"
        description="Enquiries by status with the value their clients stated, and what was won and lost each month."
        actions={
          canExportBookings(staff) ? (
            <a href="/admin/pipeline/export" className={buttonClass("outline", "md", "min-h-11")}>
              <Download aria-hidden className="size-4" /> Export CSV
            </a>
          ) : null
        }
      />
      <section aria-labelledby="status-heading" className="space-y-3">
        <h2 id="status-heading" className="text-lg font-semibold text-slate-900">
          By status
        </h2>
        <MoneyTable caption="Enquiries and their value by status" head={["Status", "Enquiries", "Value"]}>
          {statuses.map((row) => (
            <tr key={row.status} data-testid={`pipeline-${row.status}`}>
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {ENQUIRY_STATUS_LABELS[row.status]}
              </th>
              <td className={moneyCell}>{row.count}</td>
              <td className={moneyCell}>{formatKes(row.cents)}</td>
            </tr>
          ))}
        </MoneyTable>
      </section>
      <section aria-labelledby="months-heading" className="space-y-3">
        <h2 id="months-heading" className="text-lg font-semibold text-slate-900">
          Won and lost by month
        </h2>
        {months.length === 0 ? (
          <p className="text-sm text-slate-600">No enquiry has been won or lost yet.</p>
        ) : (
          <ul className="space-y-3">
            {months.map((m) => (
              <li
                key={m.month}
                data-testid="pipeline-month"
                className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
              >
                <p className="font-semibold text-slate-900">{monthName(m.month)}</p>
                <p className="text-slate-800">
                  Won {m.won} ({formatKes(m.wonCents)}) · Lost {m.lost} ({formatKes(m.lostCents)})
                </p>
                {m.reasons.length > 0 ? (
                  <ul className="mt-2 list-disc pl-5 text-slate-700">
                    {m.reasons.map((r) => (
                      <li key={r.reason} className="wrap-anywhere">
                        {r.reason} ({r.n})
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
