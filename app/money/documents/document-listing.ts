/** A booking's document as the office's page and the client's portal list it. */
type Issued = {
  id: string;
  kind: "proforma" | "credit_note" | "receipt";
  number: string;
  totalCents: number;
  /** receipts: the payment they acknowledge */
  paidCents: number | null;
  relatesToId: string | null;
};

/**
 * Each document with its own amount and what became of it (issue 45): a receipt shows the payment it
 * acknowledges (it carries its invoice's total as well, which is not what was paid); a receipt with no
 * invoice is an advance; a proforma another version replaced, or a credit note cancelled, says so.
 */
export function listedDocuments<T extends Issued>(documents: T[]) {
  const byId = new Map(documents.map((doc) => [doc.id, doc]));
  const laterOf = new Map<string, T>();
  for (const doc of documents) {
    if (doc.relatesToId && doc.kind !== "receipt") laterOf.set(doc.relatesToId, doc);
  }
  return documents.map((doc) => {
    const later = laterOf.get(doc.id);
    const note =
      doc.kind === "proforma" && later
        ? later.kind === "credit_note"
          ? `cancelled by ${later.number}`
          : `replaced by ${later.number}`
        : doc.kind === "receipt"
          ? doc.relatesToId
            ? `for ${byId.get(doc.relatesToId)?.number ?? "its invoice"}`
            : "advance payment, before any invoice"
          : null;
    return {
      ...doc,
      amountCents: doc.kind === "receipt" ? (doc.paidCents ?? doc.totalCents) : doc.totalCents,
      note,
    };
  });
}
