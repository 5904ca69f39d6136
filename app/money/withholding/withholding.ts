import { z } from "zod";
import { WITHHOLDING_KINDS } from "#app/platform/db/enums";
import { requiredText } from "#app/platform/forms/form-fields";
import { formDate } from "#app/platform/forms/query";
import { divideRoundHalfUp, parseCents } from "#app/utils/cents";

export { WITHHOLDING_KINDS };
export type WithholdingKind = (typeof WITHHOLDING_KINDS)[number];

/**
 * KRA's rates as the firm applies them (decision 0745, docs/withholding.md): income tax withheld on training fees
 * paid to a resident, and VAT withheld by an appointed agent, both on the value before VAT.
 */
export const WITHHOLDING_RATES: Record<WithholdingKind, { percent: number; label: string; short: string }> = {
  wht: {
    percent: 5,
    label: "Withholding income tax (5 % of the fee before VAT)",
    short: "Withholding tax 5 %",
  },
  whvat: { percent: 2, label: "Withholding VAT (2 % of the taxable value)", short: "Withholding VAT 2 %" },
};

/** Finance's withholding screen: certificates due, the register, the monthly credits. */
export const WITHHOLDING_PATH = "/admin/finance/withholding";

export type WithholdingChoice = { incomeTax: boolean; vat: boolean };

/**
 * What an invoice expects withheld: 5 % income tax on the net fee when the buyer withholds it, 2 % of the taxable
 * value when it is a withholding-VAT agent and the invoice charges VAT; each rounded half up to the cent.
 */
export function computeWithholding(netCents: number, vatCents: number, choice: WithholdingChoice) {
  const share = (percent: number) => Number(divideRoundHalfUp(BigInt(netCents) * BigInt(percent), 100n));
  return {
    whtCents: choice.incomeTax ? share(WITHHOLDING_RATES.wht.percent) : 0,
    whvatCents: choice.vat && vatCents > 0 ? share(WITHHOLDING_RATES.whvat.percent) : 0,
  };
}

/** A booking's own choice, per kind: as its organisation says, or always / never for this booking. */
export const BOOKING_WITHHOLDING_CHOICES = ["organisation", "yes", "no"] as const;
const bookingChoice = z.enum(BOOKING_WITHHOLDING_CHOICES, "Choose what this booking's payer withholds.");

/** The booking page's withholding form: each kind follows the organisation or is set for this booking. */
export const BookingWithholdingSchema = z.object({
  intent: z.literal("withholding"),
  incomeTax: bookingChoice,
  vat: bookingChoice,
});
export type BookingWithholdingInput = z.infer<typeof BookingWithholdingSchema>;

const reference = z
  .string()
  .trim()
  .max(40, "A booking reference has 11 characters, such as MF-7K2Q9XP4")
  .regex(/^MF[\s-]?[A-Za-z0-9]{8}$/i, "Enter a booking reference such as MF-7K2Q9XP4");

/** Finance records one iTax withholding certificate: its kind, number, date and amount (the PDF beside them). */
export const WithholdingCertificateSchema = z.object({
  intent: z.literal("record"),
  reference,
  kind: z.enum(WITHHOLDING_KINDS, "Choose whether it certifies income tax or VAT withheld."),
  certificateNumber: requiredText("Certificate number", 40).regex(
    /^[A-Za-z0-9][A-Za-z0-9/-]*$/,
    "Enter the certificate number as iTax prints it (letters, digits, / and -).",
  ),
  certificateDate: formDate("Enter the certificate's date"),
  amount: z
    .string()
    .trim()
    .max(20, "Enter the amount certified, such as 16500 or 16,500.00")
    .refine((text) => (parseCents(text) ?? 0) > 0, "Enter the amount certified, such as 16500 or 16,500.00"),
});
export type WithholdingCertificateInput = z.infer<typeof WithholdingCertificateSchema>;

/** A wrong certificate is voided with a reason, never deleted. */
export const VoidCertificateSchema = z.object({
  intent: z.literal("void"),
  id: z.uuid("Choose a certificate from the list"),
  reason: z.string().trim().min(3, "Say why the certificate is void").max(300, "Use at most 300 characters"),
});

/** One line of a statement: what happened, on which day, and what it did to the balance (+ owed, − settled). */
export type StatementLine = {
  date: string;
  reference: string;
  description: string;
  /** what it adds to what is owed (invoices, reversals) */
  debitCents: number;
  /** what it settles (payments, certificates, credit notes, a replaced invoice) */
  creditCents: number;
  balanceCents: number;
};

export type Statement = {
  /** whom it is for: the organisation, or the booking's buyer */
  name: string;
  kraPin: string | null;
  /** "Organisation" or "Booking MF-…" */
  scope: string;
  asAt: string;
  lines: StatementLine[];
  invoicedCents: number;
  paidCents: number;
  certifiedCents: number;
  /** the closing balance: what is owed, in cash and in certificates (negative: held for the client) */
  balanceCents: number;
  certificatesDueCents: number;
  cashOwedCents: number;
};
