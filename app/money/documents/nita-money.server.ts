import { buffer } from "node:stream/consumers";
import { and, asc, eq, inArray } from "drizzle-orm";
import { financeDocuments } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { storage } from "#app/platform/files/storage.server";
import { formatKes } from "#app/utils/cents";
import { formatLongDate } from "#app/utils/dates";
import { openProforma } from "./finance-document.server";

/** A money document of a booking (proforma invoice, receipt) as the NITA pack includes it. */
export type MoneyDocument = {
  title: string;
  /** One line for the pack's contents: number, date, amount. */
  summary: string;
  filename: string;
  pdf: Uint8Array;
};

export type MoneyDocuments = { documents: MoneyDocument[]; note: string | null };

const TITLES = { proforma: "Proforma invoice", receipt: "Receipt" } as const;

/**
 * The booking's open proforma invoice and its receipts, as issued (the stored PDFs), for its NITA claim pack.
 * What is missing is said: no invoice yet, or not paid in full (no receipt).
 */
export async function moneyDocumentsForBooking(bookingId: string): Promise<MoneyDocuments> {
  const proforma = await openProforma(db(), bookingId);
  if (!proforma) {
    return { documents: [], note: "No proforma invoice has been issued for this booking yet." };
  }
  const receipts = await db()
    .select()
    .from(financeDocuments)
    .where(
      and(
        eq(financeDocuments.bookingId, bookingId),
        inArray(financeDocuments.kind, ["receipt"]),
        eq(financeDocuments.relatesToId, proforma.id),
      ),
    )
    .orderBy(asc(financeDocuments.createdAt));
  const documents: MoneyDocument[] = [];
  for (const doc of [proforma, ...receipts]) {
    const object = await storage().get(doc.storageKey);
    if (!object) continue;
    documents.push({
      title: `${TITLES[doc.kind as keyof typeof TITLES]} ${doc.number}`,
      summary: `${doc.number} · ${formatLongDate(doc.issuedOn)} · ${formatKes(doc.totalCents)}`,
      filename: `${doc.number}.pdf`,
      pdf: new Uint8Array(await buffer(object.body)),
    });
  }
  return {
    documents,
    note:
      receipts.length === 0
        ? `${proforma.number} is not paid in full yet: no receipt has been issued.`
        : null,
  };
}
