import { type Message, render } from "#app/platform/email/layout.server";

export type TaxInvoiceMail = {
  receiptType: "S" | "R";
  invoiceNo: number;
  originalInvoiceNo: number | null;
  name: string;
  reference: string;
  total: string;
  receiptNo: number;
  verifyUrl: string;
};

/** The signed tax invoice (or credit note) sent to the booking's contact, its PDF with KRA's QR code attached. */
export function taxInvoiceMessage(m: TaxInvoiceMail): Message {
  const sale = m.receiptType === "S";
  return render(
    sale ? `Tax invoice ${m.invoiceNo} (${m.reference})` : `Tax credit note ${m.invoiceNo} (${m.reference})`,
    [
      `Dear ${m.name},`,
      sale
        ? `Please find attached tax invoice ${m.invoiceNo} for booking ${m.reference}, issued through KRA eTIMS. Its QR code opens KRA's record of it.`
        : `Please find attached credit note ${m.invoiceNo}, issued through KRA eTIMS, which cancels tax invoice ${m.originalInvoiceNo} for booking ${m.reference}.`,
    ],
    [
      [sale ? "Amount" : "Amount credited", m.total],
      ["KRA receipt number", String(m.receiptNo)],
      ["Check with KRA", m.verifyUrl],
      ["Reference", m.reference],
    ],
  );
}

export type TaxInvoiceTroubleMail = {
  receiptType: "S" | "R";
  invoiceNo: number;
  reference: string;
  total: string;
  /** "refused" by KRA or by our own check; "waiting" too long for KRA's answer */
  state: "refused" | "waiting";
  reason: string;
  link: string;
};

/** To finance: a tax invoice KRA did not take (or our check stopped, or KRA has not answered for long). */
export function taxInvoiceTroubleMessage(m: TaxInvoiceTroubleMail): Message {
  const what = m.receiptType === "S" ? "Tax invoice" : "Tax credit note";
  return render(
    m.state === "refused"
      ? `${what} ${m.invoiceNo} (${m.reference}) was not accepted`
      : `${what} ${m.invoiceNo} (${m.reference}) is still waiting for KRA`,
    [
      m.state === "refused"
        ? `${what} ${m.invoiceNo} for booking ${m.reference} did not go through eTIMS. The client has no tax invoice until it does.`
        : `${what} ${m.invoiceNo} for booking ${m.reference} has waited for KRA's answer for a long time. It is tried again by itself.`,
      "Correct what the reason names: a KRA PIN corrected on the booking sends it again by itself; anything else, press Retry on the Tax invoices screen.",
    ],
    [
      ["Reason", m.reason],
      ["Amount", m.total],
      ["Tax invoices", m.link],
    ],
  );
}
