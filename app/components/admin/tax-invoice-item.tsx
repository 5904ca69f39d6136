import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { buttonClass } from "#app/components/ui/button";
import { OUR_CHECK_PREFIX } from "#app/money/index";
import type { TaxInvoiceRow } from "#app/money/index.server";
import { formatKes } from "#app/utils/cents";
import { formatDateTime } from "#app/utils/datetime";

const STATES = {
  sent: { tone: "green", label: "Sent" },
  waiting: { tone: "yellow", label: "Waiting" },
  refused: { tone: "red", label: "Refused" },
  withdrawn: { tone: "grey", label: "Withdrawn (never declared)" },
} as const;

/** Whose word a refusal is: KRA's (it answered with a code) or our own check's, which sent nothing to KRA. */
const refusalLabel = (invoice: TaxInvoiceRow) =>
  invoice.resultCode === null
    ? "Our check (not sent to KRA): "
    : `KRA's answer (code ${invoice.resultCode}): `;

/**
 * One tax invoice or credit note and where it stands with KRA: sent (its receipt number and PDF), waiting (the
 * last try's reason) or refused (KRA's message). `heading` fits it under the page's own headings; `linkBooking`
 * makes its reference a link to the booking's page; `children` are what the screen lets a person do with it.
 */
export function TaxInvoiceItem({
  invoice,
  heading: Heading,
  linkBooking = false,
  children,
}: {
  invoice: TaxInvoiceRow;
  heading: "h2" | "h4";
  linkBooking?: boolean;
  children?: ReactNode;
}) {
  const kind = invoice.receiptType === "S" ? "Tax invoice" : "Credit note";
  return (
    <li
      data-testid="tax-invoice-row"
      className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="font-semibold text-slate-900">
          {kind} {invoice.invoiceNo} ·{" "}
          {linkBooking ? (
            <Link to={`/admin/bookings/${invoice.reference}`} className="underline">
              {invoice.reference}
            </Link>
          ) : (
            invoice.reference
          )}
        </Heading>
        <Badge tone={STATES[invoice.state].tone}>{STATES[invoice.state].label}</Badge>
      </div>
      <p className="mt-1 break-words text-slate-700">
        {invoice.buyer} · {formatKes(invoice.totalCents)}
        {invoice.originalInvoiceNo !== null ? ` · cancels tax invoice ${invoice.originalInvoiceNo}` : ""}
      </p>
      <p className="break-words text-xs text-slate-500">
        {invoice.state === "sent"
          ? `KRA receipt number ${invoice.receiptNo}${invoice.sentAt ? ` · sent ${formatDateTime(invoice.sentAt)}` : ""}`
          : `Queued ${formatDateTime(invoice.createdAt)} · ${invoice.attempts} ${invoice.attempts === 1 ? "attempt" : "attempts"}`}
      </p>
      {invoice.state !== "sent" && invoice.lastError ? (
        <p
          className={
            invoice.state === "refused" ? "mt-2 break-words text-red-800" : "mt-2 break-words text-slate-700"
          }
        >
          {invoice.state === "waiting" ? "Last try: " : refusalLabel(invoice)}
          {invoice.lastError.replace(OUR_CHECK_PREFIX, "")}
        </p>
      ) : null}
      {invoice.state === "sent" ? (
        <a
          href={`/admin/finance/tax-invoices/${invoice.id}/pdf`}
          className={buttonClass("outline", "md", "mt-3 min-h-11")}
        >
          {kind} {invoice.invoiceNo} (PDF)
        </a>
      ) : null}
      {children}
    </li>
  );
}
