import fsp from "node:fs/promises";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { findBookingByReference, lockBooking } from "#app/booking/index.server";
import { withholdingCertificates } from "#app/money/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import type { Executor } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { detectDocumentType } from "#app/platform/files/file-types.server";
import { deleteQuietly, newKey, storage } from "#app/platform/files/storage.server";
import { type TempFile, UploadError } from "#app/platform/files/upload.server";
import { formatKes, parseCents } from "#app/utils/cents";
import { today } from "#app/utils/dates";
import { openProforma } from "../documents/finance-document.server";
import { bookingBalance, settleBooking } from "../payments/payment.server";
import { WITHHOLDING_RATES, type WithholdingCertificateInput, type WithholdingKind } from "./withholding";

export type WithholdingCertificate = typeof withholdingCertificates.$inferSelect;

export type CertificateOutcome =
  | { ok: true; message: string }
  | { ok: false; status: number; message: string };

const alreadyRecorded = (number: string): CertificateOutcome => ({
  ok: false,
  status: 409,
  message: `Certificate ${number} is already recorded: a certificate settles one booking once.`,
});

const NOT_A_PDF = "The certificate must be the PDF iTax issued (a .pdf file).";

/** A booking's withholding certificates, voided ones included, in the order recorded. */
export function bookingCertificates(executor: Executor, bookingId: string) {
  return executor
    .select()
    .from(withholdingCertificates)
    .where(eq(withholdingCertificates.bookingId, bookingId))
    .orderBy(asc(withholdingCertificates.certificateDate), asc(withholdingCertificates.createdAt));
}

/** What live certificates of one kind already settled of a booking. */
async function certifiedOfKind(tx: Executor, bookingId: string, kind: WithholdingKind) {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${withholdingCertificates.amountCents}), 0)` })
    .from(withholdingCertificates)
    .where(
      and(
        eq(withholdingCertificates.bookingId, bookingId),
        eq(withholdingCertificates.kind, kind),
        isNull(withholdingCertificates.voidedAt),
      ),
    );
  return Number(row?.cents ?? 0);
}

/**
 * Records one iTax withholding certificate against a booking (decision 0746): the PDF is checked (a PDF, under
 * the upload limit the route's reader applied) and stored first, then, under the booking's lock, the row, its
 * audit and the booking settled again: certificates covering what was withheld settle it. Refused, with nothing
 * changed: a booking with no open invoice, a date after today, an amount above what the booking still owes, a
 * certificate number already recorded for that kind.
 */
export async function recordCertificate(
  actor: AuditActor,
  input: WithholdingCertificateInput,
  file: TempFile | null,
): Promise<CertificateOutcome> {
  if (!file) return { ok: false, status: 400, message: "Attach the certificate's PDF from iTax." };
  const type = await detectDocumentType(file.path);
  if (type?.ext !== "pdf") throw new UploadError(NOT_A_PDF, 415);
  const amountCents = parseCents(input.amount) ?? 0;
  if (input.certificateDate > today()) {
    return { ok: false, status: 400, message: "The certificate's date is after today: check it on the PDF." };
  }
  const key = newKey("withholding-certificates", "pdf");
  await storage().put(key, await fsp.readFile(file.path), "application/pdf");
  const outcome = await moneyTransaction(async (tx): Promise<CertificateOutcome> => {
    const bookingId = await findBookingByReference(tx, input.reference);
    const booking = bookingId ? await lockBooking(tx, bookingId) : null;
    if (!booking) {
      return { ok: false, status: 400, message: `No booking has the reference "${input.reference}".` };
    }
    const proforma = await openProforma(tx, booking.id);
    if (!proforma) {
      return { ok: false, status: 409, message: `${booking.reference} has no open invoice to settle.` };
    }
    const number = input.certificateNumber.toUpperCase();
    const [recorded] = await tx
      .select({ id: withholdingCertificates.id })
      .from(withholdingCertificates)
      .where(
        and(
          eq(withholdingCertificates.kind, input.kind),
          eq(withholdingCertificates.certificateNumber, number),
          isNull(withholdingCertificates.voidedAt),
        ),
      );
    if (recorded) return alreadyRecorded(number);
    const balance = await bookingBalance(tx, booking.id, proforma);
    const owed = balance.invoicedCents - balance.paidCents - balance.certifiedCents;
    if (amountCents > owed) {
      return {
        ok: false,
        status: 409,
        message:
          owed > 0
            ? `${formatKes(amountCents)} is more than ${booking.reference} still owes (${formatKes(owed)}): check the amount on the certificate.`
            : `${booking.reference} owes nothing more: no certificate can settle it.`,
      };
    }
    const [certificate] = await tx
      .insert(withholdingCertificates)
      .values({
        bookingId: booking.id,
        kind: input.kind,
        certificateNumber: number,
        certificateDate: input.certificateDate,
        amountCents,
        storageKey: key,
        fileName: file.name.slice(0, 200) || `${input.certificateNumber}.pdf`,
        recordedBy: actor.email ?? "system",
      })
      .onConflictDoNothing()
      .returning();
    // recorded meanwhile by another request: the unique index decides
    if (!certificate) return alreadyRecorded(number);
    const expected = input.kind === "wht" ? proforma.whtCents : proforma.whvatCents;
    const certified = await certifiedOfKind(tx, booking.id, input.kind);
    await recordAudit(tx, actor, {
      action: "Recorded withholding certificate",
      tableName: "withholding_certificates",
      recordId: certificate.id,
      newValues: {
        booking: booking.reference,
        kind: input.kind,
        number: certificate.certificateNumber,
        date: certificate.certificateDate,
        amount_cents: amountCents,
        expected_cents: expected,
      },
    });
    await settleBooking(tx, booking.id, actor);
    const after = await bookingBalance(tx, booking.id);
    const label = WITHHOLDING_RATES[input.kind].short;
    const differs =
      expected !== certified
        ? ` The invoice expected ${formatKes(expected)} of ${label.toLowerCase()}; certificates now cover ${formatKes(certified)}.`
        : "";
    return {
      ok: true,
      message: `${label} certificate ${certificate.certificateNumber} (${formatKes(amountCents)}) recorded for ${booking.reference}.${differs}${after.state === "paid" ? ` ${booking.reference} is settled.` : ""}`,
    };
  }).catch(async (error: unknown) => {
    // the row was never written: the stored PDF goes with it
    await deleteQuietly([key]);
    throw error;
  });
  if (!outcome.ok) await deleteQuietly([key]);
  return outcome;
}

/** Voids a certificate recorded in error, with the reason; it stays on record and stops settling its booking. */
export async function voidCertificate(
  actor: AuditActor,
  id: string,
  reason: string,
): Promise<CertificateOutcome> {
  return moneyTransaction(async (tx) => {
    // the booking before the certificate: every money transaction locks in that order
    const [owner] = await tx
      .select({ bookingId: withholdingCertificates.bookingId })
      .from(withholdingCertificates)
      .where(eq(withholdingCertificates.id, id));
    if (!owner) return { ok: false, status: 404, message: "That certificate is not in the register." };
    await lockBooking(tx, owner.bookingId);
    const [voided] = await tx
      .update(withholdingCertificates)
      .set({ voidedAt: new Date(), voidedBy: actor.email ?? "system", voidReason: reason })
      .where(and(eq(withholdingCertificates.id, id), isNull(withholdingCertificates.voidedAt)))
      .returning();
    if (!voided) return { ok: false, status: 409, message: "This certificate was already voided." };
    await recordAudit(tx, actor, {
      action: "Voided withholding certificate",
      tableName: "withholding_certificates",
      recordId: voided.id,
      oldValues: { number: voided.certificateNumber, amount_cents: voided.amountCents },
      newValues: { reason },
    });
    await settleBooking(tx, voided.bookingId, actor);
    return {
      ok: true,
      message: `Certificate ${voided.certificateNumber} (${formatKes(voided.amountCents)}) is void; it no longer settles its booking.`,
    };
  });
}

/** A certificate's PDF, for finance and the statement (by its id). */
export async function certificateFile(executor: Executor, id: string) {
  const [row] = await executor
    .select()
    .from(withholdingCertificates)
    .where(eq(withholdingCertificates.id, id));
  return row ?? null;
}
