import type { STK_PUSH_STATES } from "#app/platform/db/enums";

export type StkPushState = (typeof STK_PUSH_STATES)[number];

/**
 * M-PESA Express result codes told plainly, as the client reads them on the page. The documented ones get their
 * own sentence; any other is "did not go through", with M-PESA's own words after it.
 */
const RESULTS: Record<string, string> = {
  "0": "Paid. Thank you: your receipt is on its way by e-mail.",
  "1032": "You cancelled the M-PESA prompt. Nothing was paid.",
  "1037":
    "Your phone did not answer the M-PESA prompt in time (it may be off or out of network). Nothing was paid.",
  "2001": "The M-PESA PIN was wrong. Nothing was paid.",
  "1": "Your M-PESA balance was not enough for this payment. Nothing was paid.",
};

export function stkResultText(code: string | null, description: string | null) {
  if (code !== null && Object.hasOwn(RESULTS, code)) return RESULTS[code] as string;
  const said = description?.trim();
  return `The payment did not go through${said ? ` (M-PESA said: “${said}”)` : ""}. Nothing was paid.`;
}

/** What the page says of a prompt in each state. */
export function stkStateText(push: {
  state: StkPushState;
  resultCode: string | null;
  resultDesc: string | null;
  receiptCode: string | null;
}) {
  switch (push.state) {
    case "sending":
    case "pending":
      return "Check your phone: enter your M-PESA PIN in the prompt to pay.";
    case "paid":
      return push.receiptCode
        ? `${stkResultText("0", null)} M-PESA receipt ${push.receiptCode}.`
        : "M-PESA confirms the payment. The receipt follows as soon as M-PESA sends its code.";
    case "unknown":
      return `${push.resultDesc ?? "M-PESA did not answer."} If your phone shows a prompt you may still pay; otherwise try again in a minute, or pay by paybill.`;
    case "failed":
      return stkResultText(push.resultCode, push.resultDesc);
  }
}
