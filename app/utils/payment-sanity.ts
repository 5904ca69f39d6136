import { formatKes } from "./cents";
import { addDays } from "./dates";

/**
 * What one payment can plausibly be. A payment outside it is held for a person to look at instead of going
 * into the ledger, where it would settle bookings and swell the finance overview's totals: a statement typo,
 * a test transaction or a forged callback. One rule for every way money arrives (statements, callbacks).
 */

/** The largest single payment the firm can expect: a county booking its whole staff is a few million. */
export const MAX_PLAUSIBLE_PAYMENT_CENTS = 10_000_000 * 100;

/** Why the payment is implausible (its amount, or a date after tomorrow in the firm's time), or null. */
export function implausiblePayment(
  { amountCents, receivedOn }: { amountCents: number; receivedOn: string },
  today: string,
): string | null {
  if (amountCents > MAX_PLAUSIBLE_PAYMENT_CENTS) {
    return `${formatKes(amountCents)} is more than one payment can plausibly be (at most ${formatKes(MAX_PLAUSIBLE_PAYMENT_CENTS)}).`;
  }
  // a day of grace: the payer's or the bank's clock may already be on tomorrow
  if (receivedOn > addDays(today, 1)) {
    return `Dated ${receivedOn}, after today (${today}).`;
  }
  return null;
}
