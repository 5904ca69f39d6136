import { asc, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { cheques, financeDocuments, paymentReviews, payments } from "#app/money/tables.server";
import type { Executor } from "#app/platform/db/client.server";
import {
  copiedAmount,
  type ErasurePart,
  matchesSubject,
  none,
  type PersonalDataContributor,
  sha256,
} from "#app/platform/personal-data/contributor.server";
import type { KeptRecord, Subject } from "#app/platform/personal-data/subject";
import { formatKes } from "#app/utils/cents";
import { addYears, formatLongDate } from "#app/utils/dates";

// Money's part of a data request (decision 0715): the invoices, receipts and credit notes of the person's bookings,
// the payments and cheques on them or payments from their number, and payments from their number held for review. An erasure changes
// none of them: they are kept for the retention period after a booking's last record, and as issued after it.

/** The bookings the person made as the contact, found by bookings' part. */
export type BookingsFound = { bookings: { id: string; reference: string }[] };

/** M-PESA sends the payer's number plain, masked or (since 2024) as the SHA-256 of its MSISDN. */
function payerPhoneMatches(subject: Subject, column: AnyPgColumn): SQL {
  if (subject.kind !== "phone") return sql`false`;
  const plain = matchesSubject(subject, column);
  return subject.msisdn ? sql`(${plain} or lower(${column}) = ${sha256(subject.msisdn)})` : plain;
}

function findDocuments(bookingIds: string[], executor: Executor) {
  if (bookingIds.length === 0) return none<never>();
  return executor
    .select({
      id: financeDocuments.id,
      bookingId: financeDocuments.bookingId,
      kind: financeDocuments.kind,
      number: financeDocuments.number,
      issuedOn: financeDocuments.issuedOn,
      totalCents: financeDocuments.totalCents,
      buyerName: sql<string>`${financeDocuments.buyer}->>'name'`,
    })
    .from(financeDocuments)
    .where(inArray(financeDocuments.bookingId, bookingIds))
    .orderBy(asc(financeDocuments.issuedOn), asc(financeDocuments.number));
}

function findPayments(subject: Subject, bookingIds: string[], executor: Executor) {
  return executor
    .select({
      id: payments.id,
      bookingId: payments.bookingId,
      method: payments.method,
      amountCents: payments.amountCents,
      receivedOn: payments.receivedOn,
      transactionCode: payments.transactionCode,
      payer: payments.payer,
      payerPhone: payments.payerPhone,
    })
    .from(payments)
    .where(
      or(
        bookingIds.length > 0 ? inArray(payments.bookingId, bookingIds) : undefined,
        subject.kind === "email" ? undefined : payerPhoneMatches(subject, payments.payerPhone),
      ) ?? sql`false`,
    )
    .orderBy(asc(payments.receivedOn), asc(payments.createdAt));
}

/** Cheques given for the person's bookings, cleared, waiting or returned (decision 0756). */
function findCheques(bookingIds: string[], executor: Executor) {
  if (bookingIds.length === 0) return none<never>();
  return executor
    .select({
      id: cheques.id,
      bookingId: cheques.bookingId,
      number: cheques.number,
      bank: cheques.bank,
      amountCents: cheques.amountCents,
      receivedOn: cheques.receivedOn,
      payer: cheques.payer,
      state: cheques.state,
    })
    .from(cheques)
    .where(inArray(cheques.bookingId, bookingIds))
    .orderBy(asc(cheques.receivedOn), asc(cheques.createdAt));
}

function findReviews(subject: Subject, executor: Executor) {
  if (subject.kind === "email") return none<never>();
  return executor
    .select({
      id: paymentReviews.id,
      transactionCode: paymentReviews.transactionCode,
      amountCents: paymentReviews.amountCents,
      receivedOn: paymentReviews.receivedOn,
      payer: paymentReviews.payer,
      state: paymentReviews.state,
    })
    .from(paymentReviews)
    .where(payerPhoneMatches(subject, paymentReviews.payerPhone))
    .orderBy(asc(paymentReviews.createdAt));
}

async function findMoney(subject: Subject, { bookings }: BookingsFound, executor: Executor) {
  const bookingIds = bookings.map((b) => b.id);
  const [documentRows, paymentRows, paymentReviewRows, chequeRows] = await Promise.all([
    findDocuments(bookingIds, executor),
    findPayments(subject, bookingIds, executor),
    findReviews(subject, executor),
    findCheques(bookingIds, executor),
  ]);
  const referenceOf = new Map(bookings.map((b) => [b.id, b.reference]));
  return {
    financeDocuments: documentRows.map((d) => ({
      ...d,
      bookingReference: referenceOf.get(d.bookingId) ?? null,
    })),
    payments: paymentRows.map((p) => ({
      ...p,
      bookingReference: p.bookingId ? (referenceOf.get(p.bookingId) ?? null) : null,
    })),
    paymentReviews: paymentReviewRows,
    cheques: chequeRows.map((c) => ({ ...c, bookingReference: referenceOf.get(c.bookingId) ?? null })),
  };
}
export type MoneyFound = Awaited<ReturnType<typeof findMoney>>;

/**
 * The date until which each of `bookingIds`' financial records are kept: the retention period after the last of
 * them. Bookings' and sales' parts keep a buyer's details on the invoices for as long.
 */
export function financialRetention(found: MoneyFound, bookingIds: string[], retentionYears: number) {
  const retainedUntil = new Map<string, string>();
  for (const id of bookingIds) {
    const dates = [
      ...found.financeDocuments.filter((d) => d.bookingId === id).map((d) => d.issuedOn),
      ...found.payments.filter((p) => p.bookingId === id).map((p) => p.receivedOn),
      ...found.cheques.filter((c) => c.bookingId === id).map((c) => c.receivedOn),
    ].sort();
    const last = dates.at(-1);
    if (last) retainedUntil.set(id, addYears(last, retentionYears));
  }
  return retainedUntil;
}

export type MoneyErasureContext = { on: string; retentionYears: number; retainedUntil: Map<string, string> };

const DOCUMENT_LABELS: Record<string, string> = {
  proforma: "Proforma invoice",
  receipt: "Receipt",
  credit_note: "Credit note",
};

/** Nothing of money's is erased: each record is kept, and the plan says for how long and why. */
function planMoney(
  found: MoneyFound,
  { on, retentionYears, retainedUntil }: MoneyErasureContext,
): ErasurePart<Record<string, never>> {
  /** A record kept for the retention period after its booking's last record, or after its own date. */
  const taxReason = (what: string, record: { bookingId: string | null; on: string }, unchanged: string) => {
    const until =
      (record.bookingId && retainedUntil.get(record.bookingId)) || addYears(record.on, retentionYears);
    return until > on
      ? `Tax law requires ${what} to be kept for ${retentionYears} years (here until ${formatLongDate(until)}). ${unchanged}`
      : `The ${retentionYears}-year retention period has ended, but issued records are never altered or destroyed (decision 0630): it stays as it is.`;
  };
  const kept: KeptRecord[] = [
    ...found.financeDocuments.map((d) => ({
      what: `${DOCUMENT_LABELS[d.kind] ?? d.kind} ${d.number} of ${formatLongDate(d.issuedOn)} (${formatKes(d.totalCents)}, booking ${d.bookingReference ?? "unknown"})`,
      why: taxReason(
        "invoices, receipts and credit notes",
        { bookingId: d.bookingId, on: d.issuedOn },
        "Issued documents are never altered, so the buyer's details printed on it stay.",
      ),
    })),
    ...found.payments.map((p) => ({
      what: `Payment of ${formatKes(p.amountCents)} by ${p.method} on ${formatLongDate(p.receivedOn)}${p.transactionCode ? ` (${p.transactionCode})` : ""}`,
      why: taxReason(
        "payment records",
        { bookingId: p.bookingId, on: p.receivedOn },
        "The payments ledger is never altered, so the payer's name and number stay on it.",
      ),
    })),
    ...found.cheques.map((c) => ({
      what: `Cheque ${c.number} (${c.bank}) of ${formatKes(c.amountCents)} received ${formatLongDate(c.receivedOn)}, booking ${c.bookingReference ?? "unknown"}`,
      why: taxReason(
        "payment records",
        { bookingId: c.bookingId, on: c.receivedOn },
        "A cheque's record is never altered or deleted (decision 0756), so the drawer's name stays on it.",
      ),
    })),
    ...found.paymentReviews.map((r) => ({
      what: `Payment ${r.transactionCode} held for review`,
      why: "Money that arrived is kept whole until a person records or dismisses it, and then as the payments ledger is.",
    })),
  ];
  return { plan: {}, kept, redactAuditOf: [] };
}

function copyMoney(found: MoneyFound) {
  return {
    financeDocuments: found.financeDocuments.map((d) => ({
      kind: d.kind,
      number: d.number,
      issuedOn: d.issuedOn,
      buyer: d.buyerName,
      total: copiedAmount(d.totalCents),
      bookingReference: d.bookingReference,
    })),
    payments: found.payments.map((p) => ({
      method: p.method,
      amount: copiedAmount(p.amountCents),
      receivedOn: p.receivedOn,
      transactionCode: p.transactionCode,
      payer: p.payer,
      payerPhone: p.payerPhone,
      bookingReference: p.bookingReference,
    })),
    cheques: found.cheques.map((c) => ({
      number: c.number,
      bank: c.bank,
      amount: copiedAmount(c.amountCents),
      receivedOn: c.receivedOn,
      drawer: c.payer,
      state: c.state,
      bookingReference: c.bookingReference,
    })),
    paymentsHeldForReview: found.paymentReviews.map((r) => ({
      transactionCode: r.transactionCode,
      amount: copiedAmount(r.amountCents),
      receivedOn: r.receivedOn,
      payer: r.payer,
      state: r.state,
    })),
  };
}

export const moneyPersonalData = {
  find: findMoney,
  plan: planMoney,
  erase: async () => ({}),
  copy: copyMoney,
} satisfies PersonalDataContributor<MoneyFound, BookingsFound, MoneyErasureContext, Record<string, never>>;
