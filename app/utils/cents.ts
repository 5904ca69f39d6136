// Money is integer cents (KES); these helpers are the only place amounts cross between text and cents.

const AMOUNT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * "45,000.50" → 4500050. Exact: the digits are read as text, never through a float. Thousands separators
 * and spaces are allowed (statements print them); anything else, a third decimal or a sign answers null.
 */
export function parseCents(text: string | number | null | undefined): number | null {
  if (text == null) return null;
  const cleaned = String(text).trim().replace(/[,\s]/g, "");
  const match = AMOUNT.exec(cleaned);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : null;
}

const grouping = new Intl.NumberFormat("en-KE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 4500050 → "KES 45,000.50"; negative amounts (reversals, credits) keep their sign in front. */
export function formatKes(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  return `${sign}KES ${grouping.format(Math.abs(cents) / 100)}`;
}

/** 4500050 → "45000.50", for CSV files an accountant's spreadsheet reads as a number. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** numerator ÷ denominator rounded half up (half a cent goes up), on non-negative integers, exactly. */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}
