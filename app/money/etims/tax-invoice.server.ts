import { and, desc, eq, inArray, ne, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { bookings } from "#app/booking/tables.server";
import {
  etimsDevice,
  type FinanceLine,
  financeDocuments,
  type TaxInvoiceLine,
  taxInvoices,
} from "#app/money/tables.server";
import type { AuditActor } from "#app/platform/audit.server";
import { recordAudit } from "#app/platform/audit.server";
import type { Executor } from "#app/platform/db/client.server";
import { courses } from "#app/site/tables.server";
import { divideRoundHalfUp } from "#app/utils/cents";
import { now } from "#app/utils/clock";
import { nextDocumentNumber } from "../documents/document-sequence.server";
import type { FinanceDocument } from "../documents/finance-document.server";
import { DEFAULT_ITEM_CLASS_CODE, ETIMS_TAX_RATES } from "./etims";
import { GENERAL_ITEM_KEY, itemCodeFor } from "./etims-items.server";

export type TaxInvoice = typeof taxInvoices.$inferSelect;
type Booking = typeof bookings.$inferSelect;

/** One continuous sequence (the year 0): OSCU invoice numbers count up for the branch, not per year. */
const SEQUENCE = { kind: "etims", year: 0 } as const;

/**
 * The lines as eTIMS takes them: the proforma's lines with each course's tax type and classification, at the
 * amounts the client was invoiced, tax included (OSCU's taxable amount includes the tax, which is worked out
 * from it per tax type, rounded half up to the cent). Each line sells a registered OSCU item: its course's own
 * (decision 0690), under the course's classification or the default one for training services; a line without
 * a course sells the firm's general training-services item.
 */
export async function taxLinesOf(tx: Executor, proforma: FinanceDocument): Promise<TaxInvoiceLine[]> {
  const ids = [...new Set(proforma.lines.map((line) => line.courseId).filter((id): id is string => !!id))];
  const codes = ids.length
    ? await tx
        .select({
          id: courses.id,
          title: courses.title,
          itemClassCode: courses.etimsItemClassCode,
          taxType: courses.etimsTaxType,
        })
        .from(courses)
        .where(inArray(courses.id, ids))
    : [];
  const byId = new Map(codes.map((c) => [c.id, c]));
  const rate = BigInt(proforma.vatRatePercent);
  const lines: TaxInvoiceLine[] = [];
  for (const line of proforma.lines as FinanceLine[]) {
    const course = line.courseId ? byId.get(line.courseId) : undefined;
    const amount = BigInt(line.amountCents);
    // what the client pays for the line: the proforma's VAT added when its prices were quoted without it
    const gross =
      proforma.pricesIncludeVat || rate === 0n ? amount : amount + divideRoundHalfUp(amount * rate, 100n);
    const taxType = course?.taxType ?? "B";
    const taxRate = BigInt(ETIMS_TAX_RATES[taxType]);
    const itemClassCode = course?.itemClassCode || DEFAULT_ITEM_CLASS_CODE;
    const itemCode = await itemCodeFor(
      tx,
      course
        ? { key: course.id, name: course.title, itemClassCode, taxType }
        : { key: GENERAL_ITEM_KEY, name: "Training services", itemClassCode, taxType },
    );
    // a discounted line declares its list price and the discount off the supply (decision 0750): the list price
    // with the proforma's VAT added per participant, the supply quantity × that, the discount what the supply
    // exceeds the line's taxable amount by, so supply − discount = taxable amount to the cent
    const listGross =
      line.listUnitCents === undefined
        ? null
        : proforma.pricesIncludeVat || rate === 0n
          ? BigInt(line.listUnitCents)
          : BigInt(line.listUnitCents) + divideRoundHalfUp(BigInt(line.listUnitCents) * rate, 100n);
    const supply = listGross === null ? null : listGross * BigInt(line.quantity);
    lines.push({
      description: line.description,
      itemClassCode,
      itemCode,
      taxType,
      quantity: line.quantity,
      unitCents:
        listGross !== null
          ? Number(listGross)
          : line.quantity > 0
            ? Number(gross / BigInt(line.quantity))
            : 0,
      amountCents: Number(gross),
      taxCents: taxRate === 0n ? 0 : Number(divideRoundHalfUp(gross * taxRate, 100n + taxRate)),
      ...(supply !== null && supply > gross
        ? { supplyCents: Number(supply), discountCents: Number(supply - gross) }
        : {}),
    });
  }
  return lines;
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

/** The booking's sale that no credit note has cancelled and that was not withdrawn, if any. */
export async function liveSale(tx: Executor, bookingId: string): Promise<TaxInvoice | null> {
  const credit = alias(taxInvoices, "credit");
  const [sale] = await tx
    .select()
    .from(taxInvoices)
    .where(
      and(
        eq(taxInvoices.bookingId, bookingId),
        eq(taxInvoices.receiptType, "S"),
        ne(taxInvoices.state, "withdrawn"),
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
 * An LPO booking: the buyer ordered by local purchase order and pays after the invoice, and its accounts office
 * (IFMIS for a county or ministry) pays only against the eTIMS tax invoice, so the sale is declared when the
 * booking is confirmed, whatever the "send on" setting says (decision 0755).
 */
export const isLpoBooking = (booking: Pick<Booking, "lpoNumber">) => Boolean(booking.lpoNumber?.trim());

/**
 * Brings a booking's eTIMS sale in line with it, in the transaction that changed its money (the booking is
 * locked): a sale is queued once the booking is due one (paid in full, or confirmed when the firm sends on
 * confirmation or the booking is an LPO booking) for its open proforma; a cancelled booking, a refund or reversal that leaves it unpaid, or a
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
    proforma !== null &&
    booking.status !== "cancelled" &&
    (device.sendOn === "confirmed" || isLpoBooking(booking) || paidInFull);
  const sale = await liveSale(tx, booking.id);
  // KRA refused it, so it was never declared (decision 0692): nothing to credit. Corrected data re-sends the
  // same invoice; a booking no longer due withdraws it.
  if (sale?.state === "refused" && (!due || sale.proformaId !== proforma?.id)) {
    await reviseRefusedSale(tx, sale, booking, due ? proforma : null, actor);
    return;
  }
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
 * A refused sale whose booking changed: re-pointed at the booking's new proforma with its data as it is now
 * and sent again under the same number, or, when no sale is due any more, withdrawn. Never a credit note:
 * KRA holds nothing to credit.
 */
async function reviseRefusedSale(
  tx: Executor,
  sale: TaxInvoice,
  booking: Booking,
  proforma: FinanceDocument | null,
  actor: AuditActor,
) {
  const lines = proforma ? await taxLinesOf(tx, proforma) : null;
  await tx
    .update(taxInvoices)
    .set(
      proforma && lines
        ? {
            proformaId: proforma.id,
            lines,
            ...sums(lines),
            buyer: buyerOf(booking),
            state: "waiting",
            attempts: 0,
            nextAttemptAt: now(),
          }
        : { state: "withdrawn" },
    )
    .where(eq(taxInvoices.id, sale.id));
  await recordAudit(tx, actor, {
    action: proforma ? "Corrected refused eTIMS tax invoice" : "Withdrew refused eTIMS tax invoice",
    tableName: "tax_invoices",
    recordId: sale.id,
    oldValues: { state: sale.state, last_error: sale.lastError, buyer_pin: sale.buyer.kraPin },
    newValues: { state: proforma ? "waiting" : "withdrawn", buyer_pin: booking.kraPin },
  });
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
