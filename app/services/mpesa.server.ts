import { z } from "zod";
import { isCalendarDate } from "#app/utils/calendar-date";
import { parseCents } from "#app/utils/cents";

/**
 * Safaricom Daraja C2B (v2) callbacks: the fields we use, as Daraja sends them (strings; amounts like
 * "1500.00", times as YYYYMMDDHHmmss in Nairobi). Unknown fields are ignored, but each value is bounded.
 */
const field = (max: number) => z.string().max(max);
export const C2BCallbackSchema = z.object({
  TransactionType: field(40).optional(),
  TransID: z.string().regex(/^[A-Za-z0-9]{6,20}$/),
  TransTime: z.string().regex(/^\d{14}$/),
  TransAmount: z.union([z.string().max(20), z.number()]),
  BusinessShortCode: z.union([z.string().max(12), z.number()]),
  BillRefNumber: field(100).optional().default(""),
  InvoiceNumber: field(100).optional(),
  OrgAccountBalance: z.union([z.string().max(30), z.number()]).optional(),
  ThirdPartyTransID: field(100).optional(),
  MSISDN: field(40).optional().default(""),
  FirstName: field(100).optional().default(""),
  MiddleName: field(100).optional().default(""),
  LastName: field(100).optional().default(""),
});
export type C2BCallback = z.infer<typeof C2BCallbackSchema>;

/** Daraja's answers: accept, or refuse with one of its result codes. */
export const C2B_ACCEPTED = { ResultCode: "0", ResultDesc: "Accepted" } as const;
export const C2B_INVALID_AMOUNT = { ResultCode: "C2B00013", ResultDesc: "Rejected: invalid amount" } as const;
export const C2B_INVALID_SHORTCODE = {
  ResultCode: "C2B00015",
  ResultDesc: "Rejected: invalid shortcode",
} as const;
export const C2B_OTHER_ERROR = { ResultCode: "C2B00016", ResultDesc: "Rejected" } as const;

export type C2BPayment = {
  code: string;
  amountCents: number;
  receivedOn: string;
  accountReference: string;
  payer: string;
};

/** The payment a callback describes, or the result code that refuses it. */
export function readC2B(
  callback: C2BCallback,
  paybill: string,
): { ok: true; payment: C2BPayment } | { ok: false; answer: { ResultCode: string; ResultDesc: string } } {
  if (paybill && String(callback.BusinessShortCode).replace(/\D/g, "") !== paybill) {
    return { ok: false, answer: C2B_INVALID_SHORTCODE };
  }
  const amountCents = parseCents(callback.TransAmount);
  if (amountCents === null || amountCents === 0) return { ok: false, answer: C2B_INVALID_AMOUNT };
  const t = callback.TransTime;
  const receivedOn = `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}`;
  if (!isCalendarDate(receivedOn)) return { ok: false, answer: C2B_OTHER_ERROR };
  const name = [callback.FirstName, callback.MiddleName, callback.LastName].filter(Boolean).join(" ");
  return {
    ok: true,
    payment: {
      code: callback.TransID.toUpperCase(),
      amountCents,
      receivedOn,
      accountReference: callback.BillRefNumber.trim(),
      payer: [name, callback.MSISDN].filter(Boolean).join(" · ") || "M-PESA customer",
    },
  };
}
