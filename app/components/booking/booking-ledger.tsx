import { formatKes } from "#app/utils/cents";
import { formatLongDate } from "#app/utils/dates";
import { PAYMENT_METHOD_LABELS } from "#app/utils/payment-state";

const KIND_NAMES = { proforma: "Proforma invoice", credit_note: "Credit note", receipt: "Receipt" } as const;

type Document = {
  id: string;
  kind: keyof typeof KIND_NAMES;
  number: string;
  version: number;
  issuedOn: string;
  totalCents: number;
  /** the document's own amount (a receipt: the payment it acknowledges); the total when not given */
  amountCents?: number;
  /** what became of it or what it is for: "replaced by …", "advance payment, before any invoice" */
  note?: string | null;
  url: string;
};
type Payment = {
  id: string;
  method: keyof typeof PAYMENT_METHOD_LABELS;
  amountCents: number;
  receivedOn: string;
  transactionCode: string | null;
  reason?: string | null;
};

/** Every document issued for a booking, each a link to its PDF: the office's page and the client's alike. */
export function BookingDocumentList({ documents }: { documents: Document[] }) {
  if (documents.length === 0) return <p className="text-sm text-slate-600">No document issued yet.</p>;
  return (
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
            {formatKes(doc.amountCents ?? doc.totalCents)}
            {doc.note ? ` · ${doc.note}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Every payment recorded for a booking (a reversal says why). */
export function BookingPaymentList({ payments }: { payments: Payment[] }) {
  if (payments.length === 0) return <p className="text-sm text-slate-600">No payment recorded yet.</p>;
  return (
    <ul className="space-y-1 text-sm">
      {payments.map((p) => (
        <li key={p.id} className="break-words text-slate-700">
          {formatKes(p.amountCents)} · {PAYMENT_METHOD_LABELS[p.method]}
          {p.transactionCode ? ` ${p.transactionCode}` : ""} · {formatLongDate(p.receivedOn)}
          {p.reason ? ` · ${p.reason}` : ""}
        </li>
      ))}
    </ul>
  );
}

type Cheque = {
  id: string;
  number: string;
  bank: string;
  amountCents: number;
  state: "pending" | "cleared" | "bounced";
  clearsOn: string;
  settledOn: string | null;
};

/**
 * Cheques that are not money (decision 0756): awaiting clearance, not counted in the balance until they clear,
 * or returned unpaid. Nothing when there are none.
 */
export function BookingChequeList({ cheques }: { cheques: Cheque[] }) {
  if (cheques.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm" data-testid="booking-cheques">
      {cheques.map((c) => (
        <li key={c.id} className="break-words text-slate-700">
          Cheque {c.number} ({c.bank}) · {formatKes(c.amountCents)} ·{" "}
          {c.state === "bounced" && c.settledOn
            ? `returned unpaid on ${formatLongDate(c.settledOn)}`
            : `awaiting clearance, expected ${formatLongDate(c.clearsOn)}: not counted as paid until it clears`}
        </li>
      ))}
    </ul>
  );
}

/**
 * Invoiced, paid and the balance, side by side; with withholding (decision 0745), what certificates settled and
 * what they still owe beside them, the balance being the cash still to pay.
 */
export function BookingBalanceFigures({
  balance,
}: {
  balance: {
    invoicedCents: number;
    paidCents: number;
    balanceCents: number;
    withheldCents?: number;
    certifiedCents?: number;
    certificatesDueCents?: number;
  };
}) {
  const withholding = (balance.withheldCents ?? 0) > 0 || (balance.certifiedCents ?? 0) > 0;
  const figures: [string, number][] = [
    ["Invoiced", balance.invoicedCents],
    ["Paid", balance.paidCents],
    ...(withholding
      ? ([
          ["Certified (withholding)", balance.certifiedCents ?? 0],
          ["Certificates due", balance.certificatesDueCents ?? 0],
        ] as [string, number][])
      : []),
    [withholding ? "Cash balance" : "Balance", balance.balanceCents],
  ];
  return (
    <dl className={`grid gap-2 text-sm ${withholding ? "grid-cols-2 sm:grid-cols-5" : "grid-cols-3"}`}>
      {figures.map(([label, cents]) => (
        <div key={label} className="rounded-lg bg-slate-50 p-2">
          <dt className="text-xs font-semibold uppercase text-slate-500">{label}</dt>
          <dd className="font-bold tabular-nums text-slate-900">{formatKes(Number(cents))}</dd>
        </div>
      ))}
    </dl>
  );
}
