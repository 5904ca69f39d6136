import { desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { lockBooking } from "#app/booking/index.server";
import { bookings } from "#app/booking/tables.server";
import { taxInvoices } from "#app/money/tables.server";
import type { AuditActor } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { now } from "#app/utils/clock";
import { liveSale, retryTaxInvoice } from "./tax-invoice.server";

export type TaxInvoiceRow = {
  id: string;
  invoiceNo: number;
  receiptType: "S" | "R";
  originalInvoiceNo: number | null;
  reference: string;
  buyer: string;
  totalCents: number;
  state: "waiting" | "sent" | "refused" | "withdrawn";
  attempts: number;
  lastError: string | null;
  /** KRA's result code when KRA answered; null when the refusal is our own check's (nothing reached KRA) */
  resultCode: string | null;
  receiptNo: number | null;
  createdAt: Date;
  sentAt: Date | null;
};

/**
 * The newest tax invoices first, each with its state and KRA's last word: all of them for the Tax invoices
 * screen, or one booking's for its page.
 */
export async function listTaxInvoices({
  bookingId,
  limit = 200,
}: {
  bookingId?: string;
  limit?: number;
} = {}): Promise<TaxInvoiceRow[]> {
  const original = alias(taxInvoices, "original");
  const rows = await db()
    .select({
      id: taxInvoices.id,
      invoiceNo: taxInvoices.invoiceNo,
      receiptType: taxInvoices.receiptType,
      originalInvoiceNo: original.invoiceNo,
      reference: bookings.reference,
      buyer: taxInvoices.buyer,
      totalCents: taxInvoices.totalCents,
      state: taxInvoices.state,
      attempts: taxInvoices.attempts,
      lastError: taxInvoices.lastError,
      resultCode: taxInvoices.resultCode,
      receiptNo: taxInvoices.receiptNo,
      createdAt: taxInvoices.createdAt,
      sentAt: taxInvoices.sentAt,
    })
    .from(taxInvoices)
    .innerJoin(bookings, eq(bookings.id, taxInvoices.bookingId))
    .leftJoin(original, eq(original.id, taxInvoices.originalId))
    .where(bookingId ? eq(taxInvoices.bookingId, bookingId) : undefined)
    .orderBy(desc(taxInvoices.invoiceNo))
    .limit(limit);
  return rows.map((row) => ({ ...row, buyer: row.buyer.name }));
}

/** A sent tax invoice's stored PDF and the name it is downloaded under; null for any other id. */
export async function findTaxInvoiceFile(id: string) {
  const [row] = await db()
    .select({
      invoiceNo: taxInvoices.invoiceNo,
      type: taxInvoices.receiptType,
      storageKey: taxInvoices.storageKey,
    })
    .from(taxInvoices)
    .where(eq(taxInvoices.id, id));
  if (!row?.storageKey) return null;
  const name = row.type === "S" ? "tax-invoice" : "tax-credit-note";
  return { storageKey: row.storageKey, filename: `${name}-${row.invoiceNo}.pdf` };
}

/** Finance's "Retry" on a refused tax invoice: the booking locked first, as every money change does. */
export function retryRefusedTaxInvoice(actor: AuditActor, id: string) {
  return moneyTransaction(async (tx) => {
    const [row] = await tx
      .select({ bookingId: taxInvoices.bookingId })
      .from(taxInvoices)
      .where(eq(taxInvoices.id, id));
    const booking = row ? await lockBooking(tx, row.bookingId) : null;
    if (!booking) return { ok: false as const, message: "That tax invoice is not on the list." };
    return retryTaxInvoice(tx, id, booking, actor);
  });
}

/** A tax invoice waiting longer than this for KRA is trouble finance should see (KRA down, or unanswered). */
export const LONG_WAIT_HOURS = 4;

/**
 * Tax invoices that need finance: refused (by KRA or our check) and waiting longer than LONG_WAIT_HOURS.
 * "What needs doing today" shows them.
 */
export async function taxInvoiceTrouble() {
  const since = new Date(now().getTime() - LONG_WAIT_HOURS * 3_600_000);
  const [row] = await db()
    .select({
      refused: sql<number>`count(*) filter (where ${taxInvoices.state} = 'refused')`.mapWith(Number),
      waiting:
        sql<number>`count(*) filter (where ${taxInvoices.state} = 'waiting' and ${taxInvoices.createdAt} < ${since})`.mapWith(
          Number,
        ),
    })
    .from(taxInvoices)
    .where(inArray(taxInvoices.state, ["refused", "waiting"]));
  return { refused: row?.refused ?? 0, waiting: row?.waiting ?? 0 };
}

export type ClientTaxInvoice =
  | { state: "issued"; invoiceNo: number; receiptNo: number | null }
  | { state: "pending"; invoiceNo: number; reason: string };

/**
 * The booking's tax invoice as its client may know it (the portal's line): issued with KRA's receipt number,
 * or pending with the reason in the client's words; null when none is due yet. Our own check's wording is
 * the office's: the client reads that finance is completing the details.
 */
export async function clientTaxInvoice(bookingId: string): Promise<ClientTaxInvoice | null> {
  const sale = await liveSale(db(), bookingId);
  if (!sale) return null;
  if (sale.state === "sent") return { state: "issued", invoiceNo: sale.invoiceNo, receiptNo: sale.receiptNo };
  const reason =
    sale.state === "waiting"
      ? "It is waiting for KRA's eTIMS to record it and goes out by itself; you will receive it by e-mail."
      : sale.resultCode === null
        ? "Our finance team is completing the course's tax details before sending it to KRA; you will receive it by e-mail."
        : `KRA's eTIMS did not accept it (KRA's answer: ${sale.lastError ?? sale.resultCode}). Our finance team has been told and is correcting it.`;
  return { state: "pending", invoiceNo: sale.invoiceNo, reason };
}
