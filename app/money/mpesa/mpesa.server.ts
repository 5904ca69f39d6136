import { z } from "zod";
import { calendarDateOf } from "#app/utils/calendar-date";
import { parseCents } from "#app/utils/cents";
import {
  hasControlCharacters,
  showControlCharacters,
  withoutControlCharacters,
} from "#app/utils/control-characters";
import { implausiblePayment, MAX_PLAUSIBLE_PAYMENT_CENTS } from "#app/utils/payment-sanity";
import { isHashedMsisdn } from "#app/utils/phone";

/**
 * Safaricom Daraja C2B (v2) callbacks, as Daraja sends them today: strings (amounts like "1500.00", times as
 * YYYYMMDDHHmmss in Nairobi), a payer's MSISDN as the SHA-256 hex digest of the number (since July 2024; masked
 * like "2547*****126" before), and often only a first name. The schema takes any value a field may carry
 * within its bound: what is odd about a confirmation is judged by `readC2B`, not refused here, because a
 * confirmation means the money has already moved.
 */
// What a field may hold before the callback is refused outright (the body is bounded before it is read); a value
// over the field's own bound below is cut and the confirmation held for review.
const ANY_TEXT = 1_000;
const text = z.union([z.string().max(ANY_TEXT), z.number()]).transform(String);
const optionalText = text.nullish().transform((value) => value ?? "");
/** Each field's bound: what a real M-PESA value fits in with room to spare. */
const FIELD_BOUNDS = {
  TransactionType: 40,
  TransID: 40,
  TransTime: 40,
  TransAmount: 40,
  BusinessShortCode: 20,
  BillRefNumber: 100,
  InvoiceNumber: 100,
  OrgAccountBalance: 40,
  ThirdPartyTransID: 100,
  MSISDN: 100,
  FirstName: 100,
  MiddleName: 100,
  LastName: 100,
} as const;
export const C2BCallbackSchema = z.object({
  TransactionType: optionalText,
  TransID: text.pipe(z.string().min(1)),
  TransTime: text,
  TransAmount: text,
  BusinessShortCode: text,
  BillRefNumber: optionalText,
  InvoiceNumber: optionalText,
  OrgAccountBalance: optionalText,
  ThirdPartyTransID: optionalText,
  MSISDN: optionalText,
  FirstName: optionalText,
  MiddleName: optionalText,
  LastName: optionalText,
});
export type C2BCallback = z.infer<typeof C2BCallbackSchema>;

export type C2BAnswer = { ResultCode: string; ResultDesc: string };

/** Daraja's answers: accept, or refuse with one of its result codes (validation only). */
export const C2B_ACCEPTED = { ResultCode: "0", ResultDesc: "Accepted" } as const;
export const C2B_INVALID_AMOUNT = { ResultCode: "C2B00013", ResultDesc: "Rejected: invalid amount" } as const;
export const C2B_INVALID_SHORTCODE = {
  ResultCode: "C2B00015",
  ResultDesc: "Rejected: invalid shortcode",
} as const;
export const C2B_OTHER_ERROR = { ResultCode: "C2B00016", ResultDesc: "Rejected" } as const;

const RECEIPT = /^[A-Z0-9]{6,20}$/;

type Field = keyof typeof FIELD_BOUNDS;
const fields = (callback: C2BCallback) => Object.entries(callback) as [Field, string][];
const eachValue = (callback: C2BCallback, change: (value: string, field: Field) => string) =>
  Object.fromEntries(fields(callback).map(([field, value]) => [field, change(value, field)])) as C2BCallback;

export type C2BReading = {
  /** the transaction code: the M-PESA receipt number, what makes a payment recorded once */
  code: string;
  amountCents: number | null;
  receivedOn: string | null;
  accountReference: string;
  payer: string;
  /** MSISDN as it came: plain, masked or hashed */
  payerPhone: string | null;
  /** what validation answers Safaricom: accept, or the result code that refuses the payment */
  validation: C2BAnswer;
  /** why a confirmation cannot go into the ledger as it came; empty when it can */
  reviewReasons: string[];
  /** the callback as received, fit to store for the person who reviews it */
  payload: Record<string, string>;
};

/** Reads a callback: the payment it describes, what validation answers, and what a person must look at. */
export function readC2B(callback: C2BCallback, paybill: string, today: string): C2BReading {
  const reasons: string[] = [];
  const dirty = fields(callback).filter(([, value]) => hasControlCharacters(value, { oneLine: true }));
  if (dirty.length > 0)
    reasons.push(`Control characters in ${dirty.map(([f]) => f).join(", ")} (removed here).`);
  const long = fields(callback).filter(([field, value]) => value.length > FIELD_BOUNDS[field]);
  if (long.length > 0)
    reasons.push(`${long.map(([f]) => f).join(", ")} longer than M-PESA writes (cut here).`);
  const clean = eachValue(callback, (value, field) =>
    withoutControlCharacters(value, { oneLine: true }).trim().slice(0, FIELD_BOUNDS[field]),
  );

  let validation: C2BAnswer = C2B_ACCEPTED;
  const code = clean.TransID.toUpperCase();
  if (!RECEIPT.test(code)) reasons.push(`TransID “${code}” is not an M-PESA receipt number.`);
  const shortcode = clean.BusinessShortCode.replace(/\D/g, "");
  if (paybill && shortcode !== paybill) {
    validation = C2B_INVALID_SHORTCODE;
    reasons.push(`Paid to shortcode ${shortcode || "(none)"}, not the firm's paybill ${paybill}.`);
  }
  const parsed = parseCents(clean.TransAmount);
  const amountCents = parsed && parsed > 0 ? parsed : null;
  if (amountCents === null || amountCents > MAX_PLAUSIBLE_PAYMENT_CENTS) validation = C2B_INVALID_AMOUNT;
  if (amountCents === null) {
    reasons.push(`TransAmount “${clean.TransAmount}” is not an amount paid.`);
  }
  const t = /^(\d{4})(\d{2})(\d{2})\d{6}$/.exec(clean.TransTime);
  const receivedOn = t ? calendarDateOf(t[1] as string, t[2] as string, t[3] as string) : null;
  if (receivedOn === null) {
    if (validation === C2B_ACCEPTED) validation = C2B_OTHER_ERROR;
    reasons.push(`TransTime “${clean.TransTime}” is not a real date and time.`);
  }
  if (amountCents !== null) {
    // an unreadable date is already a reason of its own: judge the amount alone then
    const implausible = implausiblePayment({ amountCents, receivedOn: receivedOn ?? today }, today);
    if (implausible) reasons.push(implausible);
  }

  const name = [clean.FirstName, clean.MiddleName, clean.LastName].filter(Boolean).join(" ");
  const phone = clean.MSISDN || null;
  // a hashed number means nothing to a person reading the ledger; it is kept in payerPhone for matching
  const shownPhone = phone && !isHashedMsisdn(phone) ? phone : null;
  return {
    code,
    amountCents,
    receivedOn,
    accountReference: clean.BillRefNumber,
    payer: [name, shownPhone].filter(Boolean).join(" · ") || "M-PESA customer",
    payerPhone: phone && isHashedMsisdn(phone) ? phone.toLowerCase() : phone,
    validation,
    reviewReasons: reasons,
    payload: eachValue(callback, showControlCharacters),
  };
}
