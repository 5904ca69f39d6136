import { z } from "zod";
import { ETIMS_ENVIRONMENTS, ETIMS_SEND_ON, type ETIMS_TAX_TYPES } from "#app/platform/db/enums";
import { divideRoundHalfUp } from "#app/utils/cents";

/** The tax types a course can carry, as the course editor and the tax invoice name them. */
export const ETIMS_TAX_TYPE_LABELS: Record<(typeof ETIMS_TAX_TYPES)[number], string> = {
  B: "B — standard rate 16 %",
  A: "A — exempt",
  C: "C — zero-rated (0 %)",
};
/** The rate of each tax type, in percent. */
export const ETIMS_TAX_RATES: Record<(typeof ETIMS_TAX_TYPES)[number], number> = { B: 16, A: 0, C: 0 };

/**
 * The classification a course without its own is sold under (decision 0690): KRA's item classification list
 * is UNSPSC-based (8 digits of the commodity, 2 more for KRA's level), and 86101705 is "Management vocational
 * training services", family 8610 "Vocational training". The course editor overrides it per course.
 */
export const DEFAULT_ITEM_CLASS_CODE = "8610170500";
export const DEFAULT_ITEM_CLASS_LABEL = "Management vocational training services";

/** How a refusal of our own starts, so no one reads it as KRA's answer (decision 0691). */
export const OUR_CHECK_PREFIX = "Our check (not sent to KRA):";

export const ETIMS_SEND_ON_LABELS: Record<(typeof ETIMS_SEND_ON)[number], string> = {
  paid: "When the booking is paid in full",
  confirmed: "When the booking is confirmed (for clients who need the tax invoice to pay)",
};

/** The firm's eTIMS identity as the finance settings take it; the initialisation runs on every save. */
export const EtimsDeviceSchema = z.object({
  intent: z.literal("etims-device"),
  tin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]\d{9}[A-Z]$/, "Enter the firm's KRA PIN: a letter, nine digits, a letter (P051234567X)"),
  branchId: z
    .string()
    .trim()
    .regex(/^\d{2}$/, "Enter the branch ID KRA gave: two digits, 00 for the head office"),
  deviceSerial: z
    .string()
    .trim()
    .min(1, "Enter the device serial number KRA gave when the OSCU was approved")
    .max(100, "A device serial number has at most 100 characters")
    .regex(/^[A-Za-z0-9_.-]+$/, "Use letters, digits, -, _ and . only, as KRA wrote it"),
  environment: z.enum(ETIMS_ENVIRONMENTS, "Choose the sandbox or production"),
  sendOn: z.enum(ETIMS_SEND_ON, "Choose when a sale goes to eTIMS"),
});
export type EtimsDeviceInput = z.infer<typeof EtimsDeviceSchema>;

/** Finance sends a refused tax invoice again once its data is corrected. */
export const TaxInvoiceRetrySchema = z.object({
  intent: z.literal("retry"),
  id: z.uuid("Choose a tax invoice"),
});

/**
 * OSCU's discount rate of a line, in percent to two decimals: the discount over the supply amount. A code's
 * amount off is rarely a round rate, so the rate is rounded and the amount (dcAmt) is the figure that counts;
 * KRA accepts a rate within rounding of the amount (decision 0750).
 */
export function discountRate(line: { supplyCents?: number; discountCents?: number }) {
  if (!line.supplyCents || !line.discountCents) return 0;
  return Number(divideRoundHalfUp(BigInt(line.discountCents) * 10_000n, BigInt(line.supplyCents))) / 100;
}
