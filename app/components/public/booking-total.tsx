import { formatKes } from "#app/utils/cents";
import { today } from "#app/utils/dates";
import { type CodeTerms, groupRuleSentence, type PublicDiscounts, previewTotal } from "#app/utils/discounts";
import { formatKsh } from "#app/utils/money";

/** "4 participants × KES 110,000 = KES 440,000": what a booking costs, as its buyer's LPO needs it. */
export function totalText(participants: number, unitPrice: number) {
  const people = `${participants} ${participants === 1 ? "participant" : "participants"}`;
  return `${people} × ${formatKsh(unitPrice)} = ${formatKsh(participants * unitPrice)}`;
}

/** The discounts under a list-price total and what is left to pay: each by name, for the whole booking. */
export function DiscountLines({
  participants,
  steps,
  netUnitCents,
}: {
  participants: number;
  steps: { label: string; cents: number }[];
  netUnitCents: number;
}) {
  return (
    <>
      <span className="block text-sm" data-testid="booking-discounts">
        {steps.map((step) => (
          <span key={step.label} className="block">
            Less {step.label}: {formatKes(step.cents * participants)}
          </span>
        ))}
      </span>
      <span className="block font-semibold" data-testid="booking-net-total">
        To pay: {participants} × {formatKes(netUnitCents)} = {formatKes(netUnitCents * participants)}
      </span>
    </>
  );
}

/**
 * The booking's total, restated as participants are added; the fee's VAT stated beside it. The discounts the
 * date offers (and a code the server accepted) are taken off with the function the invoice is priced by
 * (decision 0750), and a group rule is stated whether or not the booking reaches it.
 */
export function BookingTotal({
  participants,
  unitPrice,
  vatNote,
  discounts,
  code,
}: {
  participants: number;
  unitPrice: number | null;
  vatNote: string;
  discounts?: PublicDiscounts | null;
  code?: CodeTerms | null;
}) {
  const preview =
    unitPrice === null
      ? null
      : previewTotal(
          participants,
          Math.round(unitPrice * 100),
          discounts ?? { earlyBird: null, group: null },
          today(),
          code ?? null,
        );
  return (
    <p className="rounded-md bg-brand-50 p-4 text-brand-900" data-testid="booking-total" aria-live="polite">
      <span className="font-semibold">Total: </span>
      {unitPrice === null ? "the fee is on request" : totalText(participants, unitPrice)}
      {preview && preview.discountCents > 0 ? (
        <DiscountLines participants={participants} steps={preview.steps} netUnitCents={preview.netCents} />
      ) : null}
      <span className="block text-sm text-slate-700">{vatNote}</span>
      {discounts?.group ? (
        <span className="mt-1 block text-sm text-slate-700" data-testid="group-rule">
          {groupRuleSentence(discounts.group)}
        </span>
      ) : null}
    </p>
  );
}
