import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { Badge, type BadgeTone } from "#app/components/ui/badge";
import { FINANCE_PROFILE_INCOMPLETE, type FinanceProfileGap } from "#app/platform/settings/settings";
import { formatKes } from "#app/utils/cents";
import { PAYMENT_STATE_LABELS, type PaymentState } from "#app/utils/payment-state";

const STATE_TONES: Record<PaymentState, BadgeTone> = {
  unpaid: "red",
  part_paid: "yellow",
  certificates_due: "green",
  paid: "green",
  overpaid: "blue",
};

export function PaymentStatePill({ state }: { state: PaymentState }) {
  return <Badge tone={STATE_TONES[state]}>{PAYMENT_STATE_LABELS[state]}</Badge>;
}

/**
 * Where invoices would be issued (registrations, a course date's bookings, settings): what the finance profile
 * lacks, each piece linking to where it is filled in. Nothing while it is complete.
 */
export function FinanceProfileNotice({ gaps }: { gaps: FinanceProfileGap[] }) {
  if (gaps.length === 0) return null;
  return (
    <div
      data-testid="finance-profile-notice"
      className="mb-6 rounded-md border border-orange-200 bg-orange-50 p-4 text-orange-950"
    >
      <p className="font-semibold">{FINANCE_PROFILE_INCOMPLETE}</p>
      <p className="mt-1 text-sm">
        Missing:{" "}
        {gaps.map((gap, index) => (
          <Fragment key={gap.to}>
            {index > 0 ? ", " : null}
            <Link to={gap.to} className="font-medium underline">
              {gap.label}
            </Link>
          </Fragment>
        ))}
        . Seats can still be confirmed; their invoices are issued once the profile is complete ("Issue
        proforma" on the course date's page).
      </p>
    </div>
  );
}

/** One figure of a money summary: a label over an amount in KES. */
export function MoneyStat({
  label,
  cents,
  children,
}: {
  label: string;
  cents: number;
  children?: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-xs font-semibold uppercase text-slate-500">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums">{formatKes(cents)}</dd>
      {children}
    </div>
  );
}

/** A table that scrolls inside itself on a phone instead of widening the page. */
export function MoneyTable({
  caption,
  head,
  children,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-600">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={`px-3 py-2 ${i > 0 ? "text-right" : ""}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

export const moneyCell = "px-3 py-2 text-right tabular-nums";

type Figures = { invoicedCents: number; receivedCents: number; outstandingCents: number };

/** One row of invoiced, received and outstanding, headed by what it is for (a month, a course date). */
export function MoneyRow({ children, figures }: { children: ReactNode; figures: Figures }) {
  return (
    <tr>
      <th scope="row" className="px-3 py-2 font-medium text-slate-900">
        {children}
      </th>
      <td className={moneyCell}>{formatKes(figures.invoicedCents)}</td>
      <td className={moneyCell}>{formatKes(figures.receivedCents)}</td>
      <td className={moneyCell}>{formatKes(figures.outstandingCents)}</td>
    </tr>
  );
}

/** A payment's first lines on the payments screen: the amount, what it was, and its state as a badge. */
export function PaymentHeading({
  amount,
  badge,
  children,
}: {
  amount: string;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0">
        <p className="text-base font-semibold tabular-nums text-slate-900">{amount}</p>
        {children}
      </div>
      {badge}
    </div>
  );
}
