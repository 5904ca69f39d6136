import type { ReactNode } from "react";
import { Badge, type BadgeTone } from "#app/components/ui/badge";
import { formatKes } from "#app/utils/cents";
import { PAYMENT_STATE_LABELS, type PaymentState } from "#app/utils/payment-state";

const STATE_TONES: Record<PaymentState, BadgeTone> = {
  unpaid: "red",
  part_paid: "yellow",
  paid: "green",
  overpaid: "blue",
};

export function PaymentStatePill({ state }: { state: PaymentState }) {
  return <Badge tone={STATE_TONES[state]}>{PAYMENT_STATE_LABELS[state]}</Badge>;
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
