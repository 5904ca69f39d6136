import { Download, FileUp, ReceiptText, Stamp, Wallet } from "lucide-react";
import { data, Form, Link } from "react-router";
import { MoneyRow, MoneyStat, MoneyTable } from "#app/components/admin/finance-parts";
import { PageHeader } from "#app/components/admin/page-header";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { buttonClass } from "#app/components/ui/button";
import { ReminderSchema } from "#app/money/index";
import {
  getFinanceOverview,
  MONEY_TO_ALLOCATE_PATH,
  moneyToAllocate,
  sendPaymentReminder,
} from "#app/money/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { canExportMoney, canManageMoney, canReadMoney } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { formatKes } from "#app/utils/cents";
import { formatLongDate } from "#app/utils/dates";
import type { Route } from "./+types/finance";

export const meta: Route.MetaFunction = () => [{ title: "Finance | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadMoney);
  const [overview, toAllocate] = await Promise.all([getFinanceOverview(), moneyToAllocate()]);
  return { ...overview, toAllocate: { ...toAllocate, to: MONEY_TO_ALLOCATE_PATH } };
}

export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canManageMoney);
  const parsed = ReminderSchema.safeParse(Object.fromEntries(await readForm(args.request, ReminderSchema)));
  if (!parsed.success) {
    return data({ ok: false as const, message: "Choose a booking from the list." }, { status: 400 });
  }
  const outcome = await sendPaymentReminder(actor, parsed.data.bookingId);
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}

const monthName = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

export default function Finance({ loaderData, actionData }: Route.ComponentProps) {
  const { months, runs, organisations, overdue, buckets, unmatched, toAllocate } = loaderData;
  useOutcomeToast(actionData, "No reminder sent");
  const outstanding = months.reduce((sum, m) => sum + m.outstandingCents, 0);
  const thisMonth = months[0];
  const staff = useStaff();
  const mayManage = canManageMoney(staff);
  return (
    <div className="space-y-8">
      <PageHeader
        title="Finance"
        description="Invoices, payments and what is owed. Amounts in Kenya shillings."
        actions={
          <>
            <Link to="/admin/finance/payments" className={buttonClass("primary", "md", "min-h-11")}>
              <Wallet aria-hidden className="size-4" /> Payments
            </Link>
            <Link to="/admin/finance/imports" className={buttonClass("outline", "md", "min-h-11")}>
              <FileUp aria-hidden className="size-4" /> {mayManage ? "Import a statement" : "Statements"}
            </Link>
            {mayManage ? (
              <Link to="/admin/finance/tax-invoices" className={buttonClass("outline", "md", "min-h-11")}>
                <ReceiptText aria-hidden className="size-4" /> Tax invoices
              </Link>
            ) : null}
            <Link to="/admin/finance/withholding" className={buttonClass("outline", "md", "min-h-11")}>
              <Stamp aria-hidden className="size-4" /> Withholding certificates
            </Link>
            <Link to="/admin/finance/discounts" className={buttonClass("outline", "md", "min-h-11")}>
              Discounts
            </Link>
            <Link to="/admin/finance/offices" className={buttonClass("outline", "md", "min-h-11")}>
              Selling offices
            </Link>
          </>
        }
      />
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <MoneyStat
          label={`Received in ${thisMonth ? monthName(thisMonth.month) : "this month"}`}
          cents={thisMonth?.receivedCents ?? 0}
        />
        <MoneyStat label="Outstanding" cents={outstanding} />
        <MoneyStat label="Overdue" cents={buckets.reduce((s, b) => s + b.cents, 0)} />
        <MoneyStat label="Unassigned payments" cents={unmatched.cents}>
          <Link
            to="/admin/finance/payments?view=unmatched"
            className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
          >
            {unmatched.count} waiting to be assigned
          </Link>
        </MoneyStat>
        <MoneyStat label="Paid more than invoiced" cents={toAllocate.cents}>
          <Link
            to={toAllocate.to}
            className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
          >
            {toAllocate.count} {toAllocate.count === 1 ? "booking" : "bookings"} to invoice, refund or carry
            over
          </Link>
        </MoneyStat>
      </dl>

      <section aria-labelledby="overdue-heading" className="space-y-3">
        <h2 id="overdue-heading" className="text-lg font-semibold text-slate-900">
          Overdue invoices
        </h2>
        <dl className="grid grid-cols-3 gap-3">
          {buckets.map((bucket) => (
            <div key={bucket.key} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
              <dt className="text-xs font-semibold uppercase text-slate-500">{bucket.label}</dt>
              <dd className="mt-1 font-bold tabular-nums text-slate-900">{formatKes(bucket.cents)}</dd>
              <dd className="text-xs text-slate-600">{bucket.count} invoice(s)</dd>
            </div>
          ))}
        </dl>
        {overdue.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing is overdue.</p>
        ) : (
          <ul className="space-y-2">
            {overdue.map((invoice) => (
              <li
                key={invoice.id}
                data-testid="overdue-row"
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-slate-900">
                    {invoice.number} · {invoice.reference}
                  </p>
                  <p className="break-words text-slate-700">
                    {[invoice.organization, invoice.contactName].filter(Boolean).join(" · ")}
                  </p>
                  <p className="text-slate-600">
                    {formatKes(invoice.outstandingCents)} of {formatKes(invoice.totalCents)} owed · due{" "}
                    {formatLongDate(invoice.dueOn as string)} · {invoice.daysOverdue} days overdue
                  </p>
                </div>
                {mayManage ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="remind" />
                    <input type="hidden" name="bookingId" value={invoice.bookingId} />
                    <button type="submit" className={buttonClass("outline", "md", "min-h-11")}>
                      Send reminder <span className="sr-only">for {invoice.reference}</span>
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="months-heading" className="space-y-3">
        <h2 id="months-heading" className="text-lg font-semibold text-slate-900">
          By month
        </h2>
        {months.length === 0 ? (
          <p className="text-sm text-slate-600">No invoices or payments yet.</p>
        ) : (
          <MoneyTable
            caption="Invoiced, received and outstanding per month"
            head={["Month", "Invoiced", "Received", "Outstanding"]}
          >
            {months.map((m) => (
              <MoneyRow key={m.month} figures={m}>
                {monthName(m.month)}
              </MoneyRow>
            ))}
          </MoneyTable>
        )}
      </section>

      {loaderData.smsCosts.length > 0 ? (
        <section aria-labelledby="sms-costs-heading" className="space-y-3">
          <h2 id="sms-costs-heading" className="text-lg font-semibold text-slate-900">
            SMS costs
          </h2>
          <p className="text-sm text-slate-600">As Africa's Talking reported each message it sent.</p>
          <table className="w-full max-w-2xl text-left text-sm" data-testid="sms-costs">
            <caption className="sr-only">What the SMS cost per month</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Month
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Messages (SMS billed)
                </th>
                <th scope="col" className="py-2 font-medium">
                  Cost
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.smsCosts.map((m) => (
                <tr key={`${m.month}-${m.currency}`} className="border-b border-slate-100">
                  <td className="py-2 pr-4">{monthName(m.month)}</td>
                  <td className="py-2 pr-4">
                    {m.messages} ({m.segments})
                  </td>
                  <td className="py-2">
                    {m.currency} {Math.floor(m.costE4 / 10_000)}.{String(m.costE4 % 10_000).padStart(4, "0")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      <section aria-labelledby="runs-heading" className="space-y-3">
        <h2 id="runs-heading" className="text-lg font-semibold text-slate-900">
          By course date
        </h2>
        {runs.length === 0 ? (
          <p className="text-sm text-slate-600">No course date has been invoiced yet.</p>
        ) : (
          <MoneyTable
            caption="Invoiced, received and outstanding per course date"
            head={["Course date", "Invoiced", "Received", "Outstanding"]}
          >
            {runs.map((run) => (
              <MoneyRow key={run.runId} figures={run}>
                {run.courseId ? (
                  <Link to={`/admin/courses/${run.courseId}/runs/${run.runId}`} className="underline">
                    {run.title}
                  </Link>
                ) : (
                  run.title
                )}
                <span className="block text-xs font-normal text-slate-600">{run.when}</span>
              </MoneyRow>
            ))}
          </MoneyTable>
        )}
      </section>

      <section aria-labelledby="organisations-heading" className="space-y-3">
        <h2 id="organisations-heading" className="text-lg font-semibold text-slate-900">
          By organisation
        </h2>
        {organisations.length === 0 ? (
          <p className="text-sm text-slate-600">No organisation has been invoiced yet.</p>
        ) : (
          <MoneyTable
            caption="Invoiced, received and outstanding per organisation"
            head={["Organisation", "Invoiced", "Received", "Outstanding"]}
          >
            {organisations.map((organisation) => (
              <MoneyRow key={organisation.id} figures={organisation}>
                <Link to={`/admin/organisations/${organisation.id}`} className="underline">
                  {organisation.name}
                </Link>
              </MoneyRow>
            ))}
          </MoneyTable>
        )}
      </section>

      {canExportMoney(staff) ? (
        <section aria-labelledby="exports-heading" className="space-y-3">
          <h2 id="exports-heading" className="text-lg font-semibold text-slate-900">
            For the accountant
          </h2>
          <div className="flex flex-wrap gap-2">
            {[
              ["invoices", "Invoices (CSV)"],
              ["payments", "Payments (CSV)"],
              ["credit-notes", "Credit notes (CSV)"],
              ["receipts", "Receipts (CSV)"],
            ].map(([kind, label]) => (
              <a
                key={kind}
                href={`/admin/finance/export/${kind}`}
                className={buttonClass("outline", "md", "min-h-11")}
              >
                <Download aria-hidden className="size-4" /> {label}
              </a>
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
