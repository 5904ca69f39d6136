import { desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { bookings } from "#app/booking/tables.server";
import { financeDocuments, payments } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import type { SearchText } from "#app/platform/search/search-text.server";

const LIMIT = 10;

/**
 * Payments by their M-PESA receipt, bank reference or cheque number, the account reference the payer gave, the
 * payer's name, or the payer's phone (as it came, or as M-PESA's SHA-256 of it).
 */
export async function searchPayments(search: SearchText) {
  const conditions: (SQL | undefined)[] = [
    ilike(payments.transactionCode, search.pattern),
    ilike(payments.accountReference, search.pattern),
    ilike(payments.payer, search.pattern),
    search.msisdn ? eq(payments.payerPhone, search.msisdn) : undefined,
    search.phoneSha256 ? eq(payments.payerPhone, search.phoneSha256) : undefined,
  ];
  return db()
    .select({
      id: payments.id,
      method: payments.method,
      transactionCode: payments.transactionCode,
      amountCents: payments.amountCents,
      receivedOn: payments.receivedOn,
      payer: payments.payer,
      bookingReference: bookings.reference,
    })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(or(...conditions))
    .orderBy(desc(payments.createdAt))
    .limit(LIMIT);
}

/** Invoices, receipts and credit notes by their number ("PRO-2026-0001", or any part of it). */
export async function searchFinanceDocuments(search: SearchText) {
  return db()
    .select({
      id: financeDocuments.id,
      kind: financeDocuments.kind,
      number: financeDocuments.number,
      issuedOn: financeDocuments.issuedOn,
      totalCents: financeDocuments.totalCents,
      currency: financeDocuments.currency,
      bookingReference: bookings.reference,
    })
    .from(financeDocuments)
    .innerJoin(bookings, eq(bookings.id, financeDocuments.bookingId))
    .where(ilike(financeDocuments.number, search.pattern))
    .orderBy(desc(financeDocuments.createdAt))
    .limit(LIMIT);
}
