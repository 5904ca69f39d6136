import { and, desc, eq, inArray, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AuditActor } from "#app/platform/audit.server";
import { recordAudit } from "#app/platform/audit.server";
import type { Executor } from "#app/platform/db/client.server";
import {
  type bookings,
  courses,
  etimsDevice,
  type FinanceLine,
  financeDocuments,
  type TaxInvoiceLine,
  taxInvoices,
} from "#app/platform/db/schema";
import { divideRoundHalfUp } from "#app/utils/cents";
import { now } from "#app/utils/clock";
import { nextDocumentNumber } from "../documents/document-sequence.server";
import type { FinanceDocument } from "../documents/finance-document.server";
import { ETIMS_TAX_RATES } from "./etims";

export type TaxInvoice = typeof taxInvoices.$inferSelect;
type Booking = typeof bookings.$inferSelect;

/** One continuous sequence (the year 0): OSCU invoice numbers count up for the branch, not per year. */
const SEQUENCE = { kind: "etims", year: 0 } as const;

/**
 * The lines as eTIMS takes them: the proforma's lines with each course's tax type and classification, at the
 * amounts the client was invoiced, tax included (OSCU's taxable amount includes the tax, which is worked out
 * from it per tax type, rounded half up to the cent). A line without a course (a proforma issued before eTIMS)
 * carries no classification: sending it is refused with a message saying what to correct.
 */
export async function taxLinesOf(tx: Executor, proforma: FinanceDocument): Promise<TaxInvoiceLine[]> {
  const ids = [...new Set(proforma.lines.map((line) => line.courseId).filter((id): id is string => !!id))];
  const codes = ids.length
    ? await tx
        .select({ id: courses.id, itemClassCode: courses.etimsItemClassCode, taxType: courses.etimsTaxType })
        .from(courses)
        .where(inArray(courses.id, ids))
    : [];
  const byId = new Map(codes.map((c) => [c.id, c]));
  const rate = BigInt(proforma.vatRatePercent);
  return proforma.lines.map((line: FinanceLine) => {
    const course = line.courseId ? byId.get(line.courseId) : undefined;
    const amount = BigInt(line.amountCents);
    // what the client pays for the line: the proforma's VAT added when its prices were quoted without it
    const gross =
      proforma.pricesIncludeVat || rate === 0n ? amount : amount + divideRoundHalfUp(amount * rate, 100n);
    const taxType = course?.taxType ?? "B";
    const taxRate = BigInt(ETIMS_TAX_RATES[taxType]);
    return {
      description: line.description,
      itemClassCode: course?.itemClassCode ?? "",
      taxType,
      quantity: line.quantity,
      unitCents: line.quantity > 0 ? Number(gross / BigInt(line.quantity)) : 0,
      amountCents: Number(gross),
      taxCents: taxRate === 0n ? 0 : Number(divideRoundHalfUp(gross * taxRate, 100n + taxRate)),
    };
  });
}

const buyerOf = (booking: Booking) => ({
  name: booking.organization || booking.contactName,
  kraPin: booking.kraPin,
  email: booking.contactEmail,
});

const sums = (lines: TaxInvoiceLine[]) => ({
  totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
  taxCents: lines.reduce((sum, line) => sum + line.taxCents, 0),
});

/** The booking's sale that no credit note has cancelled yet, if any. */
async function liveSale(tx: Executor, bookingId: string): Promise<TaxInvoice | null> {
  const credit = alias(taxInvoices, "credit");
  const [sale] = await tx
    .select()
    .from(taxInvoices)
    .where(
      and(
        eq(taxInvoices.bookingId, bookingId),
        eq(taxInvoices.receiptType, "S"),
        notExists(tx.select({ one: sql`1` }).from(credit).where(eq(credit.originalId, taxInvoices.id))),
      ),
    )
    .orderBy(desc(taxInvoices.createdAt))
    .limit(1);
  return sale ?? null;
}

async function insertTaxInvoice(
  tx: Executor,
  actor: AuditActor,
  values: Omit<typeof taxInvoices.$inferInsert, "invoiceNo">,
  booking: Booking,
) {
  const invoiceNo = await nextDocumentNumber(tx, SEQUENCE.kind, SEQUENCE.year);
  const [row] = await tx
    .insert(taxInvoices)
    .values({ ...values, invoiceNo, nextAttemptAt: now() })
    .returning();
  if (!row) throw new Error("The tax invoice was not stored");
  await recordAudit(tx, actor, {
    action: values.receiptType === "S" ? "Queued eTIMS tax invoice" : "Queued eTIMS credit note",
    tableName: "tax_invoices",
    recordId: row.id,
    newValues: { invoice_no: invoiceNo, booking: booking.reference, total_cents: row.totalCents },
  });
  return row;
}

/**
 * Brings a booking's eTIMS sale in line with it, in the transaction that changed its money (the booking is
 * locked): a sale is queued once the booking is due one (paid in full, or confirmed when the firm sends on
 * confirmation) for its open proforma; a cancelled booking, a refund or reversal that leaves it unpaid, or a
 * proforma replaced by a new version, queues a credit note (receipt type R) for the sale that no longer holds.
 * Nothing happens until the firm has set eTIMS up. Queued means numbered and waiting: the outbox sends it.
 */
export async function syncTaxInvoice(
  tx: Executor,
  booking: Booking,
  proforma: FinanceDocument | null,
  paidInFull: boolean,
  actor: AuditActor,
) {
  const [device] = await tx.select({ sendOn: etimsDevice.sendOn }).from(etimsDevice);
  if (!device) return;
  const due =
    proforma !== null && booking.status !== "cancelled" && (device.sendOn === "confirmed" || paidInFull);
  const sale = await liveSale(tx, booking.id);
  if (sale && (!due || sale.proformaId !== proforma?.id)) {
    await insertTaxInvoice(
      tx,
      actor,
      {
        receiptType: "R",
        bookingId: booking.id,
        proformaId: sale.proformaId,
        originalId: sale.id,
        buyer: sale.buyer,
        lines: sale.lines,
        totalCents: sale.totalCents,
        taxCents: sale.taxCents,
      },
      booking,
    );
  }
  if (!due || !proforma || sale?.proformaId === proforma.id) return;
  const lines = await taxLinesOf(tx, proforma);
  await insertTaxInvoice(
    tx,
    actor,
    {
      receiptType: "S",
      bookingId: booking.id,
      proformaId: proforma.id,
      buyer: buyerOf(booking),
      lines,
      ...sums(lines),
    },
    booking,
  );
}

/**
 * Finance sends a refused tax invoice again after correcting what KRA refused (the buyer's PIN on the booking,
 * a course's classification or tax type, the device): a sale takes the booking's and courses' data as they
 * are now, under the same invoice number (KRA recorded nothing under it). A credit note repeats its sale.
 */
export async function retryTaxInvoice(tx: Executor, id: string, booking: Booking, actor: AuditActor) {
  const [row] = await tx.select().from(taxInvoices).where(eq(taxInvoices.id, id)).for("update");
  if (!row || row.bookingId !== booking.id)
    return { ok: false as const, message: "That tax invoice is not on the list." };
  if (row.state !== "refused") {
    return {
      ok: false as const,
      message: `Tax invoice ${row.invoiceNo} is ${row.state}, not refused: there is nothing to retry.`,
    };
  }
  let fresh: Partial<TaxInvoice> = {};
  if (row.receiptType === "S") {
    const [proforma] = await tx
      .select()
      .from(financeDocuments)
      .where(eq(financeDocuments.id, row.proformaId));
    if (proforma) {
      const lines = await taxLinesOf(tx, proforma);
      fresh = { lines, ...sums(lines), buyer: buyerOf(booking) };
    }
  }
  await tx
    .update(taxInvoices)
    .set({ ...fresh, state: "waiting", attempts: 0, nextAttemptAt: now() })
    .where(eq(taxInvoices.id, row.id));
  await recordAudit(tx, actor, {
    action: "Retried eTIMS tax invoice",
    tableName: "tax_invoices",
    recordId: row.id,
    oldValues: { state: row.state, last_error: row.lastError },
    newValues: { state: "waiting" },
  });
  return { ok: true as const, message: `Tax invoice ${row.invoiceNo} waits to be sent to eTIMS again.` };
}
