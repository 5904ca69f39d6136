import {
  BookingBalanceFigures,
  BookingDocumentList,
  BookingPaymentList,
} from "#app/components/booking/booking-ledger";
import { type BookingScreen, SECTION } from "./booking-screen";

/** Every document issued for the booking, every payment recorded for it, and what is still owed. */
export function BookingMoneySection({ page }: { page: BookingScreen }) {
  const { documents, payments, balance } = page;
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
    </section>
  );
}
