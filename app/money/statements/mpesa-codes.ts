/** An M-PESA transaction code: ten capitals and digits (TK5F8H2K9Q), as a bank prints it in a settlement. */
const MPESA_CODE = /\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{10}\b/g;

/** The M-PESA transaction codes a text carries, such as a bank line's narrative for an M-PESA settlement. */
export function mpesaCodesIn(text: string | null | undefined): string[] {
  return text ? [...text.toUpperCase().matchAll(MPESA_CODE)].map((m) => m[0]) : [];
}
