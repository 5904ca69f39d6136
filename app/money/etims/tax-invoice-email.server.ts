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
