import type { PaymentDetails } from "#app/site/index.server";
import { formatKes } from "#app/utils/cents";

/** What the pay page's parts show of the booking (the loader's answer). */
export type PayPageView = {
  reference: string;
  subject: string | null;
  when: string | null;
  participants: string[];
  contactName: string;
  organization: string | null;
  invoice: { number: string; path: string } | null;
  invoicedCents: number | null;
  paidCents: number;
  limitShillings: number;
  payment: Omit<PaymentDetails, "paybillAccountNote">;
};

/** A booking reference kept on one line: read out or typed, it must never break in two (issue 45). */
export function Reference({ value }: { value: string }) {
  return (
    <span className="whitespace-nowrap font-mono" data-testid="pay-reference">
      {value}
    </span>
  );
}

/** What this payment is for: the payer checks it before paying a six-figure sum. */
export function PaidFor({ page }: { page: PayPageView }) {
  return (
    <div>
      <h2 className="text-xl font-semibold text-brand-900">What you are paying for</h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm text-slate-800 sm:grid-cols-[auto_1fr]">
        {page.subject ? (
          <>
            <dt className="font-semibold">Course</dt>
            <dd>{page.subject}</dd>
          </>
        ) : null}
        {page.when ? (
          <>
            <dt className="font-semibold">Dates</dt>
            <dd>{page.when}</dd>
          </>
        ) : null}
        {page.participants.length > 0 ? (
          <>
            <dt className="font-semibold">Participants ({page.participants.length})</dt>
            <dd>{page.participants.join(", ")}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Booked by</dt>
        <dd>{[page.contactName, page.organization].filter(Boolean).join(", ")}</dd>
        {page.invoice ? (
          <>
            <dt className="font-semibold">Invoice</dt>
            <dd>
              <a href={page.invoice.path} className="font-semibold text-brand-700 underline">
                Invoice {page.invoice.number} (PDF)
              </a>
            </dd>
          </>
        ) : null}
        {page.invoicedCents !== null ? (
          <>
            <dt className="font-semibold">Total</dt>
            <dd>
              {formatKes(page.invoicedCents)} (VAT included)
              {page.paidCents > 0 ? `, of which ${formatKes(page.paidCents)} is paid` : null}
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

/** Paybill and bank transfer: the ways to pay that need no prompt, each with the reference to quote. */
export function OtherWaysToPay({ page }: { page: PayPageView }) {
  const { payment } = page;
  const bank: [string, string][] = [
    ["Bank", payment.bankName],
    ["Account name", payment.accountName],
    ["Account number", payment.accountNumber],
    ["Branch", payment.branch],
    ["SWIFT code", payment.swift],
  ];
  return (
    <>
      {payment.paybill ? (
        <div>
          <h2 className="text-lg font-semibold text-brand-900">Or pay by paybill</h2>
          <p className="mt-2 text-sm text-slate-700">
            On your phone: M-PESA → Lipa na M-PESA → Pay Bill, business number{" "}
            <strong className="whitespace-nowrap">{payment.paybill}</strong>, account number{" "}
            <strong>
              <Reference value={page.reference} />
            </strong>
            , at most {formatKes(page.limitShillings * 100)} in one payment.
          </p>
        </div>
      ) : null}
      {payment.accountNumber ? (
        <div data-testid="bank-details">
          <h2 className="text-lg font-semibold text-brand-900">Or pay by bank transfer, RTGS or PesaLink</h2>
          <p className="mt-2 text-sm text-slate-700">
            Any amount in one transfer. Give{" "}
            <strong>
              <Reference value={page.reference} />
            </strong>{" "}
            as the payment reference so that we can match it to your booking.
          </p>
          <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm text-slate-800 sm:grid-cols-[auto_1fr]">
            {bank
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-semibold">{label}</dt>
                  <dd className={label === "Account number" ? "whitespace-nowrap" : undefined}>{value}</dd>
                </div>
              ))}
            <dt className="font-semibold">Reference</dt>
            <dd>
              <Reference value={page.reference} />
            </dd>
          </dl>
        </div>
      ) : null}
    </>
  );
}
