import { Form } from "react-router";
import {
  BookingBalanceFigures,
  BookingChequeList,
  BookingDocumentList,
  BookingPaymentList,
} from "#app/components/booking/booking-ledger";
import { buttonClass } from "#app/components/ui/button";
import type { ClientBookingScreen } from "./client-booking-screen";
import { PortalButton, PortalPanel } from "./portal-parts";

/** What was invoiced and paid, how to pay the rest, and every document to download or have e-mailed again. */
export function ClientBookingMoney({ page }: { page: ClientBookingScreen }) {
  const { booking, balance, documents, payments, payHow, payHref } = page;
  const owing = balance.balanceCents > 0;
  return (
    <PortalPanel id="money-heading" title="Invoices and payments">
      <BookingBalanceFigures balance={balance} />
      {owing ? (
        <div className="rounded-md border border-accent-400 bg-cream p-3 text-sm" data-testid="how-to-pay">
          <p className="font-semibold text-brand-900">How to pay</p>
          {payHref ? (
            <a href={payHref} className={buttonClass("primary", "md", "mt-2 min-h-11 px-5")}>
              Pay with M-PESA
            </a>
          ) : null}
          <p className="mt-1 text-slate-800">{payHow}</p>
        </div>
      ) : null}
      <h3 className="font-semibold text-slate-900">Documents</h3>
      <BookingDocumentList documents={documents} />
      {page.taxInvoice ? <ClientTaxInvoiceLine taxInvoice={page.taxInvoice} /> : null}
      <h3 className="font-semibold text-slate-900">Payments received</h3>
      <BookingPaymentList payments={payments} />
      <BookingChequeList cheques={page.cheques} />
      {documents.length > 0 && page.mine ? (
        <Form method="post" className="space-y-2 border-t border-slate-100 pt-3">
          <p className="text-sm text-slate-700">
            E-mails the current invoice and receipts again to {booking.contactEmail}.
          </p>
          <PortalButton name="intent" value="resend" variant="outline">
            E-mail my documents again
          </PortalButton>
        </Form>
      ) : null}
    </PortalPanel>
  );
}

/** The KRA eTIMS tax invoice: issued (KRA's receipt number; the PDF came by e-mail), or pending and why. */
function ClientTaxInvoiceLine({
  taxInvoice,
}: {
  taxInvoice: NonNullable<ClientBookingScreen["taxInvoice"]>;
}) {
  return taxInvoice.state === "issued" ? (
    <p className="text-sm text-slate-700" data-testid="tax-invoice-line">
      Tax invoice {taxInvoice.invoiceNo} issued through KRA eTIMS
      {taxInvoice.receiptNo !== null ? ` (KRA receipt number ${taxInvoice.receiptNo})` : ""}; it was e-mailed
      to you.
    </p>
  ) : (
    <div
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="tax-invoice-line"
    >
      <p className="font-semibold">Tax invoice pending</p>
      <p className="mt-1 break-words">{taxInvoice.reason}</p>
    </div>
  );
}
