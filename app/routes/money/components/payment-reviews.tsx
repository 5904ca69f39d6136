import { Form } from "react-router";
import { PaymentHeading } from "#app/components/admin/finance-parts";
import { Badge } from "#app/components/ui/badge";
import { buttonClass } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import { formatKes } from "#app/utils/cents";
import { formatLongDate } from "#app/utils/dates";

type Review = {
  id: string;
  transactionCode: string;
  amountCents: number | null;
  receivedOn: string | null;
  payer: string | null;
  accountReference: string | null;
  reasons: string[];
  payload: unknown;
};

const asAmount = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/**
 * Payments confirmed by M-PESA that could not go into the ledger as they came. Each is recorded with the amount
 * and date a person checked against the M-PESA portal or statement, or dismissed with a reason.
 */
export function PaymentReviews({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) return null;
  return (
    <section aria-labelledby="reviews-heading" className="space-y-3">
      <h2 id="reviews-heading" className="text-lg font-semibold text-slate-900">
        Held for review ({reviews.length})
      </h2>
      <p className="text-sm text-slate-600">
        M-PESA confirmed these, but something about them is wrong. They are not in the ledger or the totals
        until you check them against the M-PESA portal and record them.
      </p>
      <ul className="space-y-3">
        {reviews.map((r) => (
          <li
            key={r.id}
            data-testid="payment-review"
            className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm shadow-sm"
          >
            <PaymentHeading
              amount={r.amountCents === null ? "Amount unreadable" : formatKes(r.amountCents)}
              badge={<Badge tone="yellow">To review</Badge>}
            >
              <p className="break-words text-slate-700">
                M-PESA {r.transactionCode}
                {r.receivedOn ? ` · ${formatLongDate(r.receivedOn)}` : " · date unreadable"}
                {r.payer ? ` · ${r.payer}` : ""}
                {r.accountReference ? ` · account “${r.accountReference}”` : ""}
              </p>
            </PaymentHeading>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
              {r.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
            <details className="mt-2">
              <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-slate-700">
                What M-PESA sent
              </summary>
              <pre className="mt-1 overflow-x-auto rounded bg-white p-2 text-xs text-slate-700">
                {JSON.stringify(r.payload, null, 2)}
              </pre>
            </details>
            <Form method="post" className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-4 sm:items-end">
              <input type="hidden" name="intent" value="review-record" />
              <input type="hidden" name="id" value={r.id} />
              <InputField
                label="Amount (KES)"
                name="amount"
                inputMode="decimal"
                required
                defaultValue={asAmount(r.amountCents)}
              />
              <InputField
                label="Date received"
                name="receivedOn"
                type="date"
                required
                defaultValue={r.receivedOn ?? ""}
              />
              <InputField label="Booking reference" name="reference" placeholder="MF-XXXXXXXX" />
              <button type="submit" className={buttonClass("primary", "md", "min-h-11")}>
                Record in the ledger
              </button>
            </Form>
            <details className="mt-2">
              <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-slate-700">
                Not the firm's money…
              </summary>
              <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="review-dismiss" />
                <input type="hidden" name="id" value={r.id} />
                <InputField label="Reason" name="reason" required minLength={3} className="min-w-0 flex-1" />
                <button type="submit" className={buttonClass("outline", "md", "min-h-11")}>
                  Dismiss
                </button>
              </Form>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
