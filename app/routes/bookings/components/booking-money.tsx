import { TaxInvoiceItem } from "#app/components/admin/tax-invoice-item";
import {
  BookingBalanceFigures,
  BookingChequeList,
  BookingDocumentList,
  BookingPaymentList,
} from "#app/components/booking/booking-ledger";
import { type BookingScreen, SECTION } from "./booking-screen";

/** Every document issued for the booking, every payment recorded for it, and what is still owed. */
export function BookingMoneySection({ page }: { page: BookingScreen }) {
  const { documents, payments, balance, taxInvoices } = page;
  return (
    <section aria-labelledby="money-heading" className={SECTION}>
      <h2 id="money-heading" className="text-lg font-semibold text-slate-900">
        Invoices and payments
      </h2>
      <BookingBalanceFigures balance={balance} />
      <h3 className="font-semibold text-slate-900">Documents</h3>
      <BookingDocumentList documents={documents} />
      <h3 className="font-semibold text-slate-900">Payments</h3>
      <BookingPaymentList payments={payments} />
      <BookingChequeList cheques={page.cheques} />
      {taxInvoices ? (
        <>
          <h3 className="font-semibold text-slate-900">Tax invoices (KRA eTIMS)</h3>
          {taxInvoices.length === 0 ? (
            <p className="text-sm text-slate-600">None yet.</p>
          ) : (
            <ul className="space-y-3">
              {taxInvoices.map((invoice) => (
                <TaxInvoiceItem key={invoice.id} invoice={invoice} heading="h4" />
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
