import { type MouseEvent, useEffect, useRef } from "react";
import { Icon } from "#app/components/icons/icon";
import type { FormResult } from "#app/site/index";
import type { PaymentDetails } from "#app/site/index.server";
import { groupRuleSentence } from "#app/utils/discounts";
import { DiscountLines, totalText } from "./booking-total";

/**
 * Where a registration ends: the reference, what happens next and how to pay, in place of the form, so no
 * submit button is left inviting a second booking. The same panel after a fetcher post and on the page a
 * post without JavaScript redirects to.
 */
export function BookingConfirmation({
  result,
  payment,
  anotherHref,
  onAnother,
  vatNote,
}: {
  result: FormResult;
  payment: PaymentDetails;
  vatNote: string;
  anotherHref: string;
  /** With JavaScript: back to an empty form in place of following the link. */
  onAnother?: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // the form the focus was in is gone: the answer takes it, so a screen reader reads it next
  useEffect(() => heading.current?.focus(), []);
  const reference = result.reference ?? "";
  const group = (result.participants ?? 1) > 1;
  const icon = result.waitlisted ? "hourglass" : "circle-check";
  const another = (event: MouseEvent) => {
    if (!onAnother) return;
    event.preventDefault();
    onAnother();
  };
  return (
    <section
      aria-labelledby="booking-confirmation-heading"
      data-testid="booking-confirmation"
      className="space-y-6"
    >
      <div
        role="status"
        className="flex gap-3 rounded-md border border-green-200 bg-green-50 p-4 text-green-900"
      >
        <Icon name={icon} className="mt-1 size-6 shrink-0" />
        <div>
          <h2
            id="booking-confirmation-heading"
            ref={heading}
            tabIndex={-1}
            className="text-xl font-semibold text-brand-900 focus:outline-none"
          >
            {result.title}
          </h2>
          {/* read as one sentence: "Registration Successful! We'll contact you…" */}{" "}
          <p className="mt-1 text-sm">{result.message}</p>{" "}
          <p className="mt-3 text-sm">
            Your reference number is{" "}
            <strong
              data-testid="registration-reference"
              className="whitespace-nowrap font-mono text-base tracking-wide"
            >
              {reference}
            </strong>
            {group ? ` (one reference for all ${result.participants} participants)` : null}.
          </p>
          {!result.waitlisted && typeof result.unitCents === "number" ? (
            <p className="mt-2 text-sm" data-testid="confirmation-total">
              <strong>Total: {totalText(result.participants ?? 1, result.unitCents / 100)}</strong> ({vatNote}
              )
              {typeof result.netUnitCents === "number" && result.netUnitCents < result.unitCents ? (
                <DiscountLines
                  participants={result.participants ?? 1}
                  steps={result.discounts ?? []}
                  netUnitCents={result.netUnitCents}
                />
              ) : null}
              {result.groupRule ? (
                <span className="mt-1 block" data-testid="confirmation-group-rule">
                  {groupRuleSentence(result.groupRule)}
                </span>
              ) : null}
            </p>
          ) : null}
        </div>
      </div>
      <div>
        <h3 className="font-semibold text-brand-900">What happens next</h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>We have e-mailed the details of this booking to you; keep the reference for any question.</li>
          {result.waitlisted ? (
            <>
              <li>When a seat becomes free we e-mail you an offer to claim it.</li>
              <li>Nothing is payable until your seat is confirmed.</li>
            </>
          ) : (
            <>
              <li>We confirm your place and send the joining instructions.</li>
              <li>Pay before the course starts, quoting the reference.</li>
            </>
          )}
        </ol>
      </div>
      {result.waitlisted ? null : (
        <div>
          <h3 className="font-semibold text-brand-900">How to pay</h3>
          {/* the class written out: the button module would cost this page's script budget */}
          {result.payHref ? (
            <a
              href={result.payHref}
              className="mt-3 inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
            >
              Pay with M-PESA
            </a>
          ) : null}
          <h4 className="mt-3 text-sm font-medium text-brand-800">M-PESA</h4>
          <Details
            rows={[
              ["Paybill number", payment.paybill],
              ["Account number", reference],
            ]}
          />
          <h4 className="mt-3 text-sm font-medium text-brand-800">Bank transfer</h4>
          <Details
            rows={[
              ["Bank", payment.bankName],
              ["Account name", payment.accountName],
              ["Account number", payment.accountNumber],
              ["Branch", payment.branch],
              ["SWIFT", payment.swift],
              ["Payment reference", reference],
            ]}
          />
        </div>
      )}
      <a
        href={anotherHref}
        onClick={another}
        className="inline-flex min-h-11 items-center justify-center rounded-md border border-brand-700 px-5 py-2 font-semibold text-brand-700 hover:bg-brand-50"
      >
        Register another participant
      </a>
    </section>
  );
}

function Details({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="mt-1 grid grid-cols-[9rem_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-semibold break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
