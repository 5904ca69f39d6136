/**
 * The booking reference a payer typed, read as the ledger reads it: case, spaces and a missing hyphen do not
 * matter (" mf-7k2q 9xp4" is MF-7K2Q9XP4), and a bank narrative carries it among other words
 * ("TRF MF-7K2Q9XP4 KCB NAIROBI"). Null when the text names no reference.
 */
export function referenceIn(typed: string | null | undefined): string | null {
  if (!typed) return null;
  const compact = typed.toUpperCase().replace(/[\s-]/g, "");
  const match = /^MF([A-Z0-9]{8})$/.exec(compact) ?? /\bMF[\s-]?([A-Z0-9]{8})\b/.exec(typed.toUpperCase());
  return match ? `MF-${match[1]}` : null;
}

/** An M-PESA transaction code: ten capitals and digits (TK5F8H2K9Q), as a bank prints it in a settlement. */
const MPESA_CODE = /\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{10}\b/g;

/** The M-PESA transaction codes a text carries, such as a bank line's narrative for an M-PESA settlement. */
export function mpesaCodesIn(text: string | null | undefined): string[] {
  return text ? [...text.toUpperCase().matchAll(MPESA_CODE)].map((m) => m[0]) : [];
}
