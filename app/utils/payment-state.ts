export const PAYMENT_STATES = ["unpaid", "part_paid", "certificates_due", "paid", "overpaid"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  unpaid: "Unpaid",
  part_paid: "Part paid",
  certificates_due: "Paid · certificates due",
  paid: "Paid",
  overpaid: "Overpaid",
};

/**
 * What a booking's money comes to (decision 0745), the one rule every screen, list, job and document asks:
 * `invoiced` is the open invoice, `paid` the ledger, `withheld` what the invoice expects the buyer to withhold
 * (income tax and VAT) and `certified` the withholding certificates recorded. A certificate settles as money does;
 * what is still withheld and not certified is "certificates due", never debt: `balanceCents` is the cash still
 * owed (negative: paid beyond the invoice), `certificatesDueCents` what waits for certificates.
 */
export type Settlement = {
  outstandingCents: number;
  certificatesDueCents: number;
  balanceCents: number;
  state: PaymentState;
};

export function settlement(
  invoicedCents: number,
  paidCents: number,
  withheldCents = 0,
  certifiedCents = 0,
): Settlement {
  const outstandingCents = invoicedCents - paidCents - certifiedCents;
  const certificatesDueCents = Math.min(
    Math.max(withheldCents - certifiedCents, 0),
    Math.max(outstandingCents, 0),
  );
  const balanceCents = outstandingCents - certificatesDueCents;
  const state: PaymentState =
    balanceCents < 0
      ? "overpaid"
      : balanceCents === 0 && invoicedCents > 0
        ? certificatesDueCents > 0
          ? "certificates_due"
          : "paid"
        : paidCents + certifiedCents > 0
          ? "part_paid"
          : "unpaid";
  return { outstandingCents, certificatesDueCents, balanceCents, state };
}

/** A booking's payment state from what its open invoice asks and what settles it (see `settlement`). */
export function paymentState(
  invoicedCents: number,
  paidCents: number,
  withheldCents = 0,
  certifiedCents = 0,
): PaymentState {
  return settlement(invoicedCents, paidCents, withheldCents, certifiedCents).state;
}

/**
 * Paid as far as cash goes: nothing more is owed in money (the withholding certificates may still be due). What
 * treats a booking as paid (its participants, its receipt, the tax invoice sent on payment, the NITA pack, no
 * reminder) asks this.
 */
export const settledInCash = (state: PaymentState) =>
  state === "paid" || state === "overpaid" || state === "certificates_due";

export const PAYMENT_METHOD_LABELS = {
  mpesa: "M-PESA",
  bank: "Bank transfer",
  cheque: "Cheque",
  cash: "Cash",
  mtn_momo: "MTN Mobile Money",
  airtel_money: "Airtel Money",
} as const;
