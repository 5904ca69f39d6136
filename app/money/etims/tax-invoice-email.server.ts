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
  link: string;
} /** refused by KRA or by our own check */ & (
  | { state: "refused"; reason: string }
  /** waiting too long for KRA: how long in words, since when, and KRA's last answer (or that there was none) */
  | { state: "waiting"; waited: string; since: string; lastAnswer: string }
);

/** To finance: a tax invoice KRA did not take (or our check stopped), or one KRA has not recorded for hours. */
export function taxInvoiceTroubleMessage(m: TaxInvoiceTroubleMail): Message {
  const what = m.receiptType === "S" ? "Tax invoice" : "Tax credit note";
  if (m.state === "waiting") {
    return render(
      `${what} ${m.invoiceNo} (${m.reference}) has waited ${m.waited} for KRA`,
      [
        `${what} ${m.invoiceNo} for booking ${m.reference} has waited ${m.waited} for KRA's eTIMS to record it. The client has no tax invoice until it does.`,
        "It is tried again by itself and is never lost. If KRA's last answer names the device or the connection, check Settings → Tax authority; if KRA's eTIMS is down, nothing needs doing. This is the only e-mail about this wait.",
      ],
      [
        ["Waiting since", `${m.since} (${m.waited})`],
        ["KRA's last answer", m.lastAnswer],
        ["Amount", m.total],
        ["Tax invoices", m.link],
      ],
    );
  }
  return render(
    `${what} ${m.invoiceNo} (${m.reference}) was not accepted`,
    [
      `${what} ${m.invoiceNo} for booking ${m.reference} did not go through eTIMS. The client has no tax invoice until it does.`,
      "Correct what the reason names: a KRA PIN corrected on the booking sends it again by itself; anything else, press Retry on the Tax invoices screen.",
    ],
    [
      ["Reason", m.reason],
      ["Amount", m.total],
      ["Tax invoices", m.link],
    ],
  );
}
