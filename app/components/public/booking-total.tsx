import { formatKsh } from "#app/utils/money";

/** "4 participants × KSH 110,000 = KSH 440,000": what a booking costs, as its buyer's LPO needs it. */
export function totalText(participants: number, unitPrice: number) {
  const people = `${participants} ${participants === 1 ? "participant" : "participants"}`;
  return `${people} × ${formatKsh(unitPrice)} = ${formatKsh(participants * unitPrice)}`;
}

/** The booking's total, restated as participants are added; the fee's VAT stated beside it. */
export function BookingTotal({
  participants,
  unitPrice,
  vatNote,
}: {
  participants: number;
  unitPrice: number | null;
  vatNote: string;
}) {
  return (
    <p className="rounded-md bg-brand-50 p-4 text-brand-900" data-testid="booking-total" aria-live="polite">
      <span className="font-semibold">Total: </span>
      {unitPrice === null ? "the fee is on request" : totalText(participants, unitPrice)}
      <span className="block text-sm text-slate-700">{vatNote}</span>
    </p>
  );
}
