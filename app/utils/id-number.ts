/**
 * ID and passport numbers as the back office shows them (decision 0637): masked to their last four characters
 * (`•••• 4321`) unless the account may see them in full and asks to. Pure: the browser renders the same text.
 */
export const ID_NUMBER_MASK = "••••";

/** The characters kept beside the sealed number for masking; none of a number too short to hide anything. */
export function idNumberLast4(idNumber: string): string | null {
  const trimmed = idNumber.trim();
  return trimmed.length > 4 ? trimmed.slice(-4) : null;
}

/** `•••• 4321` for a stored number, `••••` when too short to show any of it, null when there is none. */
export function maskedIdNumber(row: { hasIdNumber: boolean; idNumberLast4: string | null }): string | null {
  if (!row.hasIdNumber) return null;
  return row.idNumberLast4 ? `${ID_NUMBER_MASK} ${row.idNumberLast4}` : ID_NUMBER_MASK;
}
