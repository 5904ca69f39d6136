import { Form } from "react-router";
import {
  BookingBalanceFigures,
  BookingDocumentList,
  BookingPaymentList,
} from "#app/components/booking/booking-ledger";
import { buttonClass } from "#app/components/ui/button";
import type { EngagementPage } from "#app/sales/index.server";
import { formatKes } from "#app/utils/cents";
import { formatLongDate, today } from "#app/utils/dates";

type Milestone = Omit<EngagementPage["milestones"][number], "reachedAt" | "createdAt"> & {
  reachedAt: Date | string | null;
};

/** One milestone: what it is, when due, and once reached its invoice, payments and balance under its reference. */
export function MilestoneCard({ milestone, mayReach }: { milestone: Milestone; mayReach: boolean }) {
  const reachedOn = milestone.reachedAt ? today(new Date(milestone.reachedAt)) : null;
  return (
    <li
      data-testid="milestone"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900 wrap-anywhere">
            {milestone.position}. {milestone.title}
          </h3>
          <p className="text-sm text-slate-700">
            Due {formatLongDate(milestone.dueOn)} · {formatKes(milestone.amountCents)}
            {reachedOn ? ` · reached ${formatLongDate(reachedOn)}` : ""}
            {milestone.reference ? ` · pay against ${milestone.reference}` : ""}
          </p>
        </div>
        {!reachedOn && mayReach ? (
          <Form method="post">
            <input type="hidden" name="intent" value="reach" />
            <input type="hidden" name="milestoneId" value={milestone.id} />
            <button type="submit" className={buttonClass("primary", "md", "min-h-11")}>
              Mark reached and invoice
            </button>
          </Form>
        ) : null}
      </div>
      {milestone.balance ? (
        <>
          <BookingBalanceFigures balance={milestone.balance} />
          <h4 className="text-sm font-semibold text-slate-900">Invoices</h4>
          <BookingDocumentList documents={milestone.documents} />
          <h4 className="text-sm font-semibold text-slate-900">Payments</h4>
          <BookingPaymentList payments={milestone.payments} />
        </>
      ) : null}
    </li>
  );
}
