import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { bookings } from "#app/booking/tables.server";
import { financeDocuments, withholdingCertificates } from "#app/money/tables.server";
import { organisations } from "#app/organisations/tables.server";
import { db } from "#app/platform/db/client.server";
import { today } from "#app/utils/dates";
import { settlement } from "#app/utils/payment-state";
import type { WithholdingKind } from "./withholding";

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const certifiedOf = (kind: WithholdingKind) =>
  sql<string>`coalesce((select sum(w.amount_cents) from withholding_certificates w where w.booking_id = ${bookings.id} and w.kind = ${kind} and w.voided_at is null), 0)`;

/**
 * The certificates still due (decision 0746): each booking whose open invoice expects withholding that no
 * certificate has settled yet, once its cash is paid or partly paid, with its organisation, what is due per kind,
 * and the days since its last payment (the clock a buyer's iTax certificate runs against); oldest first.
 */
export async function certificatesDue() {
  const day = today();
  const rows = await db()
    .select({
      bookingId: bookings.id,
      reference: bookings.reference,
      organisationId: bookings.organisationId,
      organisationName: organisations.name,
      organization: bookings.organization,
      contactName: bookings.contactName,
      invoiceNumber: financeDocuments.number,
      totalCents: financeDocuments.totalCents,
      whtCents: financeDocuments.whtCents,
      whvatCents: financeDocuments.whvatCents,
      paid: sql<string>`coalesce((select sum(p.amount_cents) from payments p where p.booking_id = ${bookings.id}), 0)`,
      lastPaidOn: sql<
        string | null
      >`(select max(p.received_on)::text from payments p where p.booking_id = ${bookings.id} and p.amount_cents > 0)`,
      certifiedWht: certifiedOf("wht"),
      certifiedWhvat: certifiedOf("whvat"),
    })
    .from(financeDocuments)
    .innerJoin(bookings, eq(bookings.id, financeDocuments.bookingId))
    .leftJoin(organisations, eq(organisations.id, bookings.organisationId))
    .where(
      and(
        eq(financeDocuments.kind, "proforma"),
        sql`${financeDocuments.whtCents} + ${financeDocuments.whvatCents} > 0`,
        sql`not exists (select 1 from finance_documents newer where newer.booking_id = ${financeDocuments.bookingId} and newer.kind = 'proforma' and newer.version > ${financeDocuments.version})`,
        sql`not exists (select 1 from finance_documents credit where credit.kind = 'credit_note' and credit.relates_to_id = ${financeDocuments.id})`,
      ),
    );
  return rows
    .map((row) => {
      const certifiedWht = Number(row.certifiedWht);
      const certifiedWhvat = Number(row.certifiedWhvat);
      const settled = settlement(
        row.totalCents,
        Number(row.paid),
        row.whtCents + row.whvatCents,
        certifiedWht + certifiedWhvat,
      );
      const whtDue = Math.max(row.whtCents - certifiedWht, 0);
      const whvatDue = Math.max(row.whvatCents - certifiedWhvat, 0);
      return {
        bookingId: row.bookingId,
        reference: row.reference,
        organisationId: row.organisationId,
        organisation: row.organisationName ?? row.organization ?? row.contactName,
        invoiceNumber: row.invoiceNumber,
        whtDueCents: Math.min(whtDue, settled.certificatesDueCents),
        whvatDueCents: Math.min(whvatDue, Math.max(settled.certificatesDueCents - whtDue, 0)),
        dueCents: settled.certificatesDueCents,
        cashOwedCents: Math.max(settled.balanceCents, 0),
        lastPaidOn: row.lastPaidOn,
        daysSincePayment: row.lastPaidOn ? daysBetween(row.lastPaidOn, day) : null,
      };
    })
    .filter((row) => row.dueCents > 0 && row.lastPaidOn !== null)
    .sort(
      (a, b) =>
        (b.daysSincePayment ?? 0) - (a.daysSincePayment ?? 0) || a.reference.localeCompare(b.reference),
    );
}

/** How many bookings wait for certificates, and for how much: "What needs doing today". */
export async function certificatesDueSummary() {
  const due = await certificatesDue();
  return { count: due.length, cents: due.reduce((sum, row) => sum + row.dueCents, 0) };
}

/**
 * The firm's withholding credits per month of the certificates' dates (decision 0747): income tax withheld
 * (a credit against the firm's income tax) and VAT withheld (claimed in the VAT return), live certificates only.
 */
export async function withholdingCredits() {
  const rows = await db()
    .select({
      month: sql<string>`to_char(${withholdingCertificates.certificateDate}, 'YYYY-MM')`,
      kind: withholdingCertificates.kind,
      cents: sql<string>`sum(${withholdingCertificates.amountCents})`,
      count: sql<number>`count(*)::int`,
    })
    .from(withholdingCertificates)
    .where(isNull(withholdingCertificates.voidedAt))
    .groupBy(sql`1`, withholdingCertificates.kind)
    .orderBy(desc(sql`1`));
  const months = new Map<
    string,
    { month: string; whtCents: number; whvatCents: number; certificates: number }
  >();
  for (const row of rows) {
    const entry = months.get(row.month) ?? { month: row.month, whtCents: 0, whvatCents: 0, certificates: 0 };
    if (row.kind === "wht") entry.whtCents += Number(row.cents);
    else entry.whvatCents += Number(row.cents);
    entry.certificates += Number(row.count);
    months.set(row.month, entry);
  }
  return [...months.values()];
}

/** Every certificate, newest first, with its booking: the register on the finance screen and in the CSV. */
export async function listCertificates() {
  return db()
    .select({ certificate: withholdingCertificates, reference: bookings.reference })
    .from(withholdingCertificates)
    .innerJoin(bookings, eq(bookings.id, withholdingCertificates.bookingId))
    .orderBy(desc(withholdingCertificates.certificateDate), desc(withholdingCertificates.createdAt));
}
