import { type Message, render } from "#app/platform/email/layout.server";

export type FinanceDocumentMail = {
  kind: "proforma" | "credit_note" | "receipt";
  number: string;
  name: string;
  reference: string;
  total: string;
  /** proformas of a payer that withholds: what it withholds, settled by its iTax certificates (decision 0745) */
  withheld?: string | null;
  dueOn: string | null;
  paymentNote: string;
  /** proformas: the booking's "Pay with M-PESA" page, when M-PESA Express is set up */
  payUrl: string | null;
  url: string;
  /** overdue reminders: how many days past the due date */
  daysOverdue?: number;
  /** proformas of a confirmed booking: the message says the places are confirmed */
  confirmed?: boolean;
  /** receipts: what this payment was, how it came, and where the booking stands after it */
  received?: { paid: string; by: string | null; balance: string };
  /** receipts for money paid before any invoice: an advance held against the booking */
  advance?: boolean;
};

const VIEW = { proforma: "View invoice", credit_note: "View credit note", receipt: "View receipt" } as const;

/** An invoice, credit note or receipt sent to the booking's contact, with its PDF attached and linked. */
export function financeDocumentMessage(m: FinanceDocumentMail): Message {
  const opening =
    m.daysOverdue !== undefined
      ? `Our records show that proforma invoice ${m.number} for booking ${m.reference} is ${m.daysOverdue} ${m.daysOverdue === 1 ? "day" : "days"} past its due date and not yet fully paid. If you have paid in the last few days, thank you, and please ignore this reminder.`
      : m.kind === "proforma"
        ? m.confirmed
          ? `Your places on booking ${m.reference} are confirmed. Please find attached proforma invoice ${m.number} for the whole booking.`
          : `Please find attached proforma invoice ${m.number} for booking ${m.reference}.`
        : m.kind === "credit_note"
          ? `Booking ${m.reference} was cancelled. Please find attached credit note ${m.number}, which cancels its invoice.`
          : m.received && m.advance
            ? `Thank you: we received ${m.received.paid}${m.received.by ? ` (${m.received.by})` : ""} for booking ${m.reference} before its invoice. Please find attached advance receipt ${m.number}. ${m.received.balance}`
            : m.received
              ? `Thank you: we received ${m.received.paid}${m.received.by ? ` (${m.received.by})` : ""} for booking ${m.reference}. Please find attached receipt ${m.number}. ${m.received.balance}`
              : `Thank you: booking ${m.reference} is paid in full. Please find attached receipt ${m.number}.`;
  const heading =
    m.daysOverdue !== undefined
      ? `Payment reminder: ${m.number} (${m.reference})`
      : m.kind === "proforma"
        ? m.confirmed
          ? `Proforma invoice ${m.number} (${m.reference}): your places are confirmed`
          : `Proforma invoice ${m.number} (${m.reference})`
        : m.kind === "credit_note"
          ? `Credit note ${m.number} (${m.reference})`
          : m.advance
            ? `Advance receipt ${m.number} (${m.reference})`
            : `Receipt ${m.number} (${m.reference})`;
  return render(
    heading,
    [`Dear ${m.name},`, opening, ...(m.kind === "proforma" ? [m.paymentNote] : [])],
    [
      [
        m.kind === "credit_note" ? "Amount credited" : m.kind === "receipt" ? "Amount paid" : "Amount due",
        m.received?.paid ?? m.total,
      ],
      ["Withheld, settled by your iTax certificates", m.withheld ?? null],
      ["Paid by", m.received?.by ?? null],
      ["Due date", m.kind === "proforma" ? m.dueOn : null],
      ["Reference", m.reference],
    ],
    [],
    {
      actions: [
        { label: VIEW[m.kind], url: m.url },
        ...(m.kind === "proforma" && m.payUrl ? [{ label: "Pay with M-PESA", url: m.payUrl }] : []),
      ],
    },
  );
}
