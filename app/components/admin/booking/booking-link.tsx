import { Link } from "react-router";
import { BOOKING_REFERENCE_PATTERN } from "#app/booking/index";

/** A participant's booking reference, leading to the booking's page (an older, unknown form stays text). */
export function BookingLink({ reference, className }: { reference: string | null; className?: string }) {
  if (!reference) return null;
  if (!BOOKING_REFERENCE_PATTERN.test(reference)) return <span className={className}>{reference}</span>;
  return (
    <Link to={`/admin/bookings/${reference}`} className={`${className ?? ""} text-brand-800 underline`}>
      <span className="sr-only">Booking </span>
      {reference}
    </Link>
  );
}
