import { formatMinor, type MinorCurrency } from "#app/utils/minor-units";

/**
 * What a receipt says of the booking after its payment, in the PDF and the e-mail alike. An overpayment is never
 * kept silently: the client hears how the difference comes back to them (decision 0641).
 */
export function balanceAfterText(
  balanceAfterCents: number,
  {
    advance = false,
    withheldCents = 0,
    currency = "KES",
  }: { advance?: boolean; withheldCents?: number; currency?: MinorCurrency } = {},
) {
  const formatKes = (minor: number) => formatMinor(minor, currency);
  // before any invoice the money is an advance, not an overpayment: it is set against the invoice to come
  if (advance) {
    return `No invoice is issued for this booking yet: ${formatKes(-balanceAfterCents)} received so far is held as an advance and set against its invoice when it is issued.`;
  }
  // a payer that withholds pays the cash part; its iTax certificates settle the rest (decision 0745)
  if (balanceAfterCents === 0 && withheldCents > 0) {
    return `Paid in full in cash: nothing is left to pay. The withholding certificates for ${formatKes(withheldCents)} from iTax settle the rest of the invoice.`;
  }
  if (balanceAfterCents === 0) return "Paid in full: nothing is left to pay.";
  if (balanceAfterCents > 0) return `Balance still to pay: ${formatKes(balanceAfterCents)}.`;
  return `Overpaid by ${formatKes(-balanceAfterCents)}. We will refund the difference to the M-PESA number or bank account it came from within 14 days, or carry it to your next booking if you tell us so.`;
}

/** "M-PESA QKH94M1Z11", "Bank transfer FT26…", or the method alone when the payment has no code. */
export const paymentWithCode = (method: string, code: string | null) => (code ? `${method} ${code}` : method);

/**
 * "Payment received" as an SMS (decision 0768): the amount, the booking, the receipt's number and the payment's
 * own code (an M-PESA code is what the payer looks for); one GSM-7 segment.
 */
export const paymentReceivedSms = (sms: {
  paid: string;
  reference: string;
  receipt: string;
  code: string | null;
}) =>
  `Payment received: ${sms.paid} for booking ${sms.reference}${sms.code ? ` (${sms.code})` : ""}. Receipt ${sms.receipt} is in your e-mail. Thank you.`;
