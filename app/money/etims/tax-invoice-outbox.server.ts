import { and, asc, eq, exists, inArray, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { bookings } from "#app/booking/tables.server";
import { financeDocuments, taxInvoices } from "#app/money/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { enqueueEmails, retryDelayMs } from "#app/platform/email/outbox.server";
import { env } from "#app/platform/env.server";
import { storage } from "#app/platform/files/storage.server";
import { logger } from "#app/platform/logger.server";
import { formatKes } from "#app/utils/cents";
import { now } from "#app/utils/clock";
import { getFinanceProfile } from "../documents/finance-profile.server";
import type { FiscalAnswer, FiscalDocument, FiscalReceipt, FiscalTaxBand } from "../fiscal/fiscal";
import { kraEtimsAdapter } from "../fiscal/kra-etims-adapter.server";
import { OUR_CHECK_PREFIX } from "./etims";
import { type ReadyDevice, readyDevice } from "./etims-device.server";
import { registerItems } from "./etims-items.server";
import { etimsBaseUrl, verificationUrl } from "./oscu.server";
import type { TaxInvoice } from "./tax-invoice.server";
import { taxInvoiceMessage } from "./tax-invoice-email.server";
import { financeTaxInvoicesLink, tellFinance } from "./tax-invoice-trouble.server";

const SYSTEM: AuditActor = { id: null, email: "system", ip: "127.0.0.1", userAgent: "eTIMS outbox" };

const BAND_OF: Record<TaxInvoice["lines"][number]["taxType"], FiscalTaxBand> = {
  A: "exempt",
  B: "standard",
  C: "zero",
};

/** A stored tax invoice as the fiscal adapter takes it (decision 0835), in shillings' cents. */
function fiscalDocumentOf(
  row: TaxInvoice,
  original: TaxInvoice | null,
  at: Date,
  reference: string,
): FiscalDocument {
  return {
    kind: row.receiptType === "R" ? "credit" : "sale",
    number: row.invoiceNo,
    reference: String(row.invoiceNo),
    bookingReference: reference,
    original: original ? { number: original.invoiceNo, authorityId: null, authorityNumber: null } : null,
    issuedAt: at,
    currency: "KES",
    exchangeRate: null,
    buyer: {
      name: row.buyer.name,
      kind: row.buyer.kraPin ? "business" : "consumer",
      taxId: row.buyer.kraPin ?? null,
      email: row.buyer.email,
      phone: null,
      purchaseCode: null,
    },
    lines: row.lines.map((line) => ({
      description: line.description,
      itemCode: line.itemCode ?? "",
      classCode: line.itemClassCode,
      taxBand: BAND_OF[line.taxType],
      quantity: line.quantity,
      unitMinor: line.unitCents,
      supplyMinor: line.supplyCents,
      discountMinor: line.discountCents,
      amountMinor: line.amountCents,
      taxMinor: line.taxCents,
    })),
    totalMinor: row.totalCents,
    taxMinor: row.taxCents,
  };
}

/**
 * Takes up to `limit` due tax invoices for this process (SKIP LOCKED, and a lease past which another process
 * may take one whose sender died), lowest number first. A credit note waits until its sale was sent: KRA
 * refuses a credit note for an invoice it does not hold.
 */
async function claimDue(limit: number, leaseMs: number) {
  const at = now();
  const original = alias(taxInvoices, "original");
  return db().transaction(async (tx) => {
    const due = await tx
      .select({ id: taxInvoices.id })
      .from(taxInvoices)
      .where(
        and(
          eq(taxInvoices.state, "waiting"),
          lte(taxInvoices.nextAttemptAt, at),
          or(
            eq(taxInvoices.receiptType, "S"),
            exists(
              tx
                .select({ one: sql`1` })
                .from(original)
                .where(and(eq(original.id, taxInvoices.originalId), eq(original.state, "sent"))),
            ),
          ),
        ),
      )
      .orderBy(asc(taxInvoices.invoiceNo))
      .limit(limit)
      .for("update", { of: taxInvoices, skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(taxInvoices)
      .set({ attempts: sql`${taxInvoices.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + leaseMs) })
      .where(
        inArray(
          taxInvoices.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/**
 * What our own check finds wrong before anything goes to KRA, in words finance can act on; null when nothing.
 * It says it is ours (decision 0691): KRA never saw the invoice.
 */
function localRefusal(row: TaxInvoice) {
  const unclassified = row.lines.filter((line) => !/^\d{8,10}$/.test(line.itemClassCode) || !line.itemCode);
  if (unclassified.length === 0) return null;
  return `${OUR_CHECK_PREFIX} ${unclassified.map((line) => `"${line.description}"`).join(", ")} has no KRA item classification or registered item yet. Check the course's classification in the course editor, then retry.`;
}

/** Records a refusal (KRA's, or our own check's) and e-mails finance, who must correct it before a retry. */
async function refuse(row: TaxInvoice, code: string | null, message: string, reference: string) {
  await db().transaction(async (tx) => {
    const [refused] = await tx
      .update(taxInvoices)
      .set({ state: "refused", resultCode: code, lastError: message.slice(0, 1000) })
      .where(and(eq(taxInvoices.id, row.id), eq(taxInvoices.state, "waiting")))
      .returning({ id: taxInvoices.id });
    if (!refused) return;
    await recordAudit(tx, SYSTEM, {
      action: "Refused eTIMS tax invoice",
      tableName: "tax_invoices",
      recordId: row.id,
      newValues: { invoice_no: row.invoiceNo, code, message },
    });
    await tellFinance(tx, row.id, "etims_refused", {
      receiptType: row.receiptType,
      invoiceNo: row.invoiceNo,
      reference,
      total: formatKes(row.totalCents),
      state: "refused",
      reason: message,
      link: financeTaxInvoicesLink(),
    });
  });
}

/** Sends one claimed tax invoice and records what became of it; never throws for KRA's sake. */
async function sendOne(
  row: TaxInvoice,
  device: ReadyDevice,
  retryBaseMs: number,
): Promise<"sent" | "refused" | "unreachable"> {
  const [booking] = await db()
    .select({ reference: bookings.reference })
    .from(bookings)
    .where(eq(bookings.id, row.bookingId));
  const reference = booking?.reference ?? "";
  const problem = localRefusal(row);
  if (problem) {
    await refuse(row, null, problem, reference);
    return "refused";
  }
  const [original] = row.originalId
    ? await db().select().from(taxInvoices).where(eq(taxInvoices.id, row.originalId))
    : [];
  // KRA takes a sale only for items it holds: each is registered first, once
  const items = await registerItems(
    device,
    row.lines.map((line) => line.itemCode ?? ""),
    new Map(row.lines.map((line) => [line.itemCode ?? "", line.unitCents])),
  );
  const doc = fiscalDocumentOf(row, original ?? null, now(), reference);
  const kra = kraEtimsAdapter({
    ...device,
    baseUrl: etimsBaseUrl(device.environment),
    timeoutSeconds: env().ETIMS_TIMEOUT_SECONDS,
  });
  const answer: FiscalAnswer<FiscalReceipt> = !items.ok
    ? items.kind === "refused"
      ? { kind: "refused", code: items.code, message: items.message }
      : { kind: "unreachable", message: items.message }
    : doc.kind === "credit"
      ? await kra.sendCreditNote(doc)
      : await kra.sendSale(doc);
  if (answer.kind === "unreachable") {
    await db()
      .update(taxInvoices)
      .set({
        lastError: answer.message,
        nextAttemptAt: new Date(now().getTime() + retryDelayMs(row.attempts, retryBaseMs)),
      })
      .where(and(eq(taxInvoices.id, row.id), eq(taxInvoices.state, "waiting")));
    logger.warn(
      { taxInvoice: row.invoiceNo, attempts: row.attempts, err: answer.message },
      "eTIMS: will retry",
    );
    return "unreachable";
  }
  if (answer.kind === "refused") {
    await refuse(row, answer.code, answer.message, reference);
    return "refused";
  }
  // the KRA adapter answers ok only with KRA's signature of the receipt
  const signed = answer.value.signed;
  if (!signed) throw new Error(`eTIMS answered tax invoice ${row.invoiceNo} without a signature`);
  await recordSent(row, original ?? null, device, signed);
  return "sent";
}

/**
 * Stores KRA's signature, draws the TAX INVOICE PDF with its QR code and e-mails it. The PDF is written before
 * the row changes: a failure between leaves an unreferenced file, never a sent row without its PDF.
 */
async function recordSent(
  row: TaxInvoice,
  original: TaxInvoice | null,
  device: ReadyDevice,
  kraSigned: NonNullable<FiscalReceipt["signed"]>,
) {
  const [context] = await db()
    .select({
      reference: bookings.reference,
      contactName: bookings.contactName,
      contactEmail: bookings.contactEmail,
      proformaNumber: financeDocuments.number,
      whtCents: financeDocuments.whtCents,
      whvatCents: financeDocuments.whvatCents,
    })
    .from(bookings)
    .innerJoin(financeDocuments, eq(financeDocuments.id, row.proformaId))
    .where(eq(bookings.id, row.bookingId));
  if (!context) throw new Error(`Tax invoice ${row.invoiceNo} has no booking`);
  const profile = await getFinanceProfile(db());
  // KRA's signature of the sale, as the row keeps it and the PDF prints it
  const signed = {
    ...kraSigned,
    sdcId: device.sdcId,
    mrcNo: device.mrcNo,
  };
  const verifyUrl = verificationUrl(device.environment, device.tin, device.branchId, signed.signature);
  const { renderTaxInvoicePdf } = await import("./tax-invoice-pdf.server");
  const pdf = await renderTaxInvoicePdf(
    {
      receiptType: row.receiptType,
      invoiceNo: row.invoiceNo,
      originalInvoiceNo: original?.invoiceNo ?? null,
      bookingReference: context.reference,
      proformaNumber: context.proformaNumber,
      seller: { ...profile.seller, kraPin: device.tin },
      buyer: row.buyer,
      lines: row.lines,
      totalCents: row.totalCents,
      taxCents: row.taxCents,
      // what the buyer withholds and settles by certificate, as its proforma states it (decision 0745)
      whtCents: context.whtCents,
      whvatCents: context.whvatCents,
      kra: { ...signed, verifyUrl },
    },
    profile.firm,
  );
  const storageKey = `tax-invoices/${row.id}.pdf`;
  await storage().put(storageKey, Buffer.from(pdf), "application/pdf");
  await db().transaction(async (tx) => {
    const [sent] = await tx
      .update(taxInvoices)
      .set({
        state: "sent",
        resultCode: "000",
        lastError: null,
        ...signed,
        sentAt: now(),
        storageKey,
      })
      .where(and(eq(taxInvoices.id, row.id), eq(taxInvoices.state, "waiting")))
      .returning({ id: taxInvoices.id });
    if (!sent) return;
    await recordAudit(tx, SYSTEM, {
      action: row.receiptType === "S" ? "Sent eTIMS tax invoice" : "Sent eTIMS credit note",
      tableName: "tax_invoices",
      recordId: row.id,
      newValues: { invoice_no: row.invoiceNo, receipt_no: signed.receiptNo },
    });
    const message = taxInvoiceMessage({
      receiptType: row.receiptType,
      invoiceNo: row.invoiceNo,
      originalInvoiceNo: original?.invoiceNo ?? null,
      name: context.contactName,
      reference: context.reference,
      total: formatKes(row.totalCents),
      receiptNo: signed.receiptNo,
      verifyUrl,
    });
    await enqueueEmails(tx, [
      {
        to: row.buyer.email,
        ...message,
        kind: row.receiptType === "S" ? "etims_tax_invoice" : "etims_credit_note",
        relatedTable: "tax_invoices",
        relatedId: row.id,
        attachments: [
          { filename: `tax-invoice-${row.invoiceNo}.pdf`, contentType: "application/pdf", storageKey },
        ],
      },
    ]);
  });
}

export type TaxOutboxOptions = { limit?: number; retryBaseMs?: number };

/**
 * One pass of the eTIMS outbox: sends what is due while the device is ready, one at a time. A tax invoice is
 * never lost (it waits, retried with a doubling wait up to an hour, for as long as KRA does not answer) and
 * never sent twice: one process holds it at a time (its lease outlasts a request's timeout), a sent one is never
 * claimed again, and a retry carries the same invoice number, which KRA refuses to record twice. When KRA does
 * not answer, the pass ends: the others would only wait for the same timeout.
 */
export async function sendDueTaxInvoices({
  limit = 20,
  retryBaseMs = env().ETIMS_RETRY_SECONDS * 1000,
}: TaxOutboxOptions = {}) {
  const device = await readyDevice();
  if (!device) return { sent: 0 };
  const leaseMs = env().ETIMS_TIMEOUT_SECONDS * 1000 * 2 + 60_000;
  let sent = 0;
  for (let i = 0; i < limit; i++) {
    const [row] = await claimDue(1, leaseMs);
    if (!row) break;
    const outcome = await sendOne(row, device, retryBaseMs);
    if (outcome === "unreachable") break;
    if (outcome === "sent") sent += 1;
  }
  return { sent };
}
