import { Link } from "react-router";
import { formatKes } from "#app/utils/cents";
import { PAYMENT_STATE_LABELS, type PaymentState } from "#app/utils/payment-state";

type Row = {
  reference: string;
  status: string;
  contactName: string;
  organization: string | null;
  participants: number;
  courseTitle: string | null;
  dates: string;
  venue: string | null;
  mine: boolean;
  balance: {
    invoicedCents: number;
    balanceCents: number;
    certificatesDueCents?: number;
    state: PaymentState;
  };
};

/** What is owed on a booking, in words: nothing is said before an invoice exists. */
export function owedText({ invoicedCents, balanceCents, certificatesDueCents = 0, state }: Row["balance"]) {
  if (invoicedCents === 0) return "No invoice yet";
  if (state === "paid") return "Paid in full";
  if (state === "certificates_due")
    return `Paid; withholding certificates due for ${formatKes(certificatesDueCents)}`;
  if (state === "overpaid") return `Overpaid by ${formatKes(-balanceCents)}`;
  return `${formatKes(balanceCents)} to pay (${PAYMENT_STATE_LABELS[state].toLowerCase()})`;
}

/** The client's bookings, one card each, soonest date first; each opens its own page. */
export function ClientBookingList({ bookings }: { bookings: Row[] }) {
  return (
    <section aria-labelledby="bookings-heading" className="space-y-3">
      <h2 id="bookings-heading" className="text-lg font-bold text-brand-900">
        Your bookings ({bookings.length})
      </h2>
      <ul className="space-y-3">
        {bookings.map((booking) => (
          <li
            key={booking.reference}
            className="rounded-lg bg-white p-4 shadow-sm"
            data-testid="client-booking"
          >
            <p className="font-semibold text-slate-900">{booking.courseTitle ?? "Course"}</p>
            <p className="text-sm text-slate-700">
              {[booking.dates, booking.venue].filter(Boolean).join(" · ")}
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-500">Reference</dt>
              <dd className="font-mono">{booking.reference}</dd>
              <dt className="text-slate-500">Status</dt>
              <dd className="capitalize">{booking.status}</dd>
              <dt className="text-slate-500">Participants</dt>
              <dd>{booking.participants}</dd>
              <dt className="text-slate-500">Payment</dt>
              <dd>{owedText(booking.balance)}</dd>
              {booking.mine ? null : (
                <>
                  <dt className="text-slate-500">Booked by</dt>
                  <dd>
                    {booking.contactName}
                    {booking.organization ? `, ${booking.organization}` : ""}
                  </dd>
                </>
              )}
            </dl>
            <Link
              to={`/account/bookings/${booking.reference}`}
              className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
            >
              Open booking {booking.reference}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
