import { formatKes } from "#app/utils/cents";
import { formatLongDate } from "#app/utils/dates";
import { PAYMENT_METHOD_LABELS } from "#app/utils/payment-state";
import { type BookingScreen, SECTION } from "./booking-screen";

const KIND_NAMES = { proforma: "Proforma invoice", credit_note: "Credit note", receipt: "Receipt" } as const;

/** Every document issued for the booking, every payment recorded for it, and what is still owed. */
export function BookingMoneySection({ page }: { page: BookingScreen }) {
  const { documents, payments, balance } = page;
  return (
    <section aria-labelledby="money-heading" className={SECTION}>
      <h2 id="money-heading" className="text-lg font-semibold text-slate-900">
        Invoices and payments
      </h2>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        {[
          ["Invoiced", balance.invoicedCents],
          ["Paid", balance.paidCents],
          ["Balance", balance.balanceCents],
        ].map(([label, cents]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs font-semibold uppercase text-slate-500">{label}</dt>
            <dd className="font-bold tabular-nums text-slate-900">{formatKes(Number(cents))}</dd>
          </div>
        ))}
      </dl>
      <h3 className="font-semibold text-slate-900">Documents</h3>
      {documents.length === 0 ? (
        <p className="text-sm text-slate-600">No document issued yet.</p>
      ) : (
        <ul className="space-y-1 text-sm" data-testid="booking-documents">
          {documents.map((doc) => (
            <li key={doc.id} className="flex flex-wrap gap-x-2">
              <a
                href={doc.url}
                className="font-semibold text-brand-800 underline"
                target="_blank"
                rel="noreferrer"
              >
                {doc.number}
              </a>
              <span className="text-slate-700">
                {KIND_NAMES[doc.kind]}
                {doc.kind === "proforma" ? ` version ${doc.version}` : ""} · {formatLongDate(doc.issuedOn)} ·{" "}
                {formatKes(doc.totalCents)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="font-semibold text-slate-900">Payments</h3>
      {payments.length === 0 ? (
        <p className="text-sm text-slate-600">No payment recorded yet.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {payments.map((p) => (
            <li key={p.id} className="break-words text-slate-700">
              {formatKes(p.amountCents)} · {PAYMENT_METHOD_LABELS[p.method]}
              {p.transactionCode ? ` ${p.transactionCode}` : ""} · {formatLongDate(p.receivedOn)}
              {p.reason ? ` · ${p.reason}` : ""}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
