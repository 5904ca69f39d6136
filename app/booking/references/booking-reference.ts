// No 0/O, 1/I/L: the reference is read out over the phone and typed as an M-PESA account number.
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A booking reference as issued (`newBookingReference`): `MF-` and eight characters of the alphabet above. */
export const BOOKING_REFERENCE_PATTERN = /^MF-[2-9A-HJKMNP-Z]{8}$/;

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
