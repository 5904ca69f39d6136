export const PAYMENT_STATES = ["unpaid", "part_paid", "paid", "overpaid"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  unpaid: "Unpaid",
  part_paid: "Part paid",
  paid: "Paid",
  overpaid: "Overpaid",
};

/** A booking's payment state from what its open invoice asks and what the ledger holds for it. */
export function paymentState(invoicedCents: number, paidCents: number): PaymentState {
  if (paidCents > invoicedCents) return "overpaid";
  if (paidCents === invoicedCents && invoicedCents > 0) return "paid";
  return paidCents > 0 ? "part_paid" : "unpaid";
}

export const PAYMENT_METHOD_LABELS = {
  mpesa: "M-PESA",
  bank: "Bank transfer",
  cheque: "Cheque",
  cash: "Cash",
} as const;
