/** A money document of a booking (proforma invoice, receipt) as the NITA pack includes it. */
export type MoneyDocument = {
  title: string;
  /** One line for the pack's contents: number, date, amount. */
  summary: string;
  filename: string;
  pdf: Uint8Array;
};

export type MoneyDocuments = { documents: MoneyDocument[]; note: string | null };

/**
 * The proforma invoice and receipts of a booking, for its NITA claim pack. The money issue (invoices and
 * payments) is built separately and wires this function to it; until then the pack states what is missing.
 */
export async function moneyDocumentsForBooking(_bookingId: string): Promise<MoneyDocuments> {
  return {
    documents: [],
    note: "The proforma invoice and receipts are not yet available from this system: attach copies from the accounts office.",
  };
}
