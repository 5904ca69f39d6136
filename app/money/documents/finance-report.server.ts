import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { lockBooking } from "#app/booking/index.server";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { financeDocuments, payments, withholdingCertificates } from "#app/money/tables.server";
import { organisations as organisationsTable } from "#app/organisations/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { smsOutbox } from "#app/platform/db/tables.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { formatKes } from "#app/utils/cents";
import { formatLongDate, today } from "#app/utils/dates";
import { settlement } from "#app/utils/payment-state";
import { isHashedMsisdn } from "#app/utils/phone";
import { bookingBalance } from "../payments/payment.server";
import { documentPath, openProforma, sendDocument } from "./finance-document.server";

// "a newer version of this document exists" / "a credit note cancels it", as correlated subqueries
const superseded = sql<boolean>`exists (select 1 from finance_documents newer where newer.booking_id = ${financeDocuments.bookingId} and newer.kind = ${financeDocuments.kind} and newer.version > ${financeDocuments.version})`;
const credited = sql<boolean>`exists (select 1 from finance_documents credit where credit.kind = 'credit_note' and credit.relates_to_id = ${financeDocuments.id})`;

/** What each booking has been paid, net of reversals. */
const paidByBooking = () =>
  db()
    .select({ bookingId: payments.bookingId, paid: sql<string>`sum(${payments.amountCents})`.as("paid") })
    .from(payments)
    .groupBy(payments.bookingId)
    .as("paid");

/** What live withholding certificates settled of each booking (decision 0746). */
const certifiedByBooking = () =>
  db()
    .select({
      bookingId: withholdingCertificates.bookingId,
      certified: sql<string>`sum(${withholdingCertificates.amountCents})`.as("certified"),
    })
    .from(withholdingCertificates)
    .where(isNull(withholdingCertificates.voidedAt))
    .groupBy(withholdingCertificates.bookingId)
    .as("certified");

/** A proforma still open: the newest version of its booking's, not cancelled by a credit note. */
const openProformaWhere = () =>
  and(eq(financeDocuments.kind, "proforma"), sql`not ${superseded}`, sql`not ${credited}`);

/**
 * Each booking's open proforma (newest version, not cancelled by a credit note) with what has been paid; only
 * the bookings of one organisation when `organisationId` is given.
 */
async function openInvoices(organisationId?: string) {
  const paid = paidByBooking();
  const certified = certifiedByBooking();
  const rows = await db()
    .select({
      id: financeDocuments.id,
      number: financeDocuments.number,
      issuedOn: financeDocuments.issuedOn,
      dueOn: financeDocuments.dueOn,
      totalCents: financeDocuments.totalCents,
      whtCents: financeDocuments.whtCents,
      whvatCents: financeDocuments.whvatCents,
      bookingId: bookings.id,
      reference: bookings.reference,
      contactName: bookings.contactName,
      contactEmail: bookings.contactEmail,
      organization: bookings.organization,
      organisationId: bookings.organisationId,
      runId: bookings.runId,
      paid: paid.paid,
      certified: certified.certified,
    })
    .from(financeDocuments)
    .innerJoin(bookings, eq(bookings.id, financeDocuments.bookingId))
    .leftJoin(paid, eq(paid.bookingId, financeDocuments.bookingId))
    .leftJoin(certified, eq(certified.bookingId, financeDocuments.bookingId))
    .where(and(openProformaWhere(), organisationId ? eq(bookings.organisationId, organisationId) : undefined))
    .orderBy(asc(financeDocuments.dueOn));
  return rows.map((row) => {
    const paidCents = Number(row.paid ?? 0);
    const certifiedCents = Number(row.certified ?? 0);
    const settled = settlement(row.totalCents, paidCents, row.whtCents + row.whvatCents, certifiedCents);
    // outstanding is cash owed: what waits for withholding certificates is not debt (decision 0745)
    return {
      ...row,
      paidCents,
      certifiedCents,
      certificatesDueCents: settled.certificatesDueCents,
      outstandingCents: Math.max(settled.balanceCents, 0),
    };
  });
}

type MoneyFigures = { invoicedCents: number; receivedCents: number; outstandingCents: number };

/** Invoiced, received and outstanding over open invoices, grouped by `keyOf` (invoices it gives no key skipped). */
function totalsBy(
  invoices: Awaited<ReturnType<typeof openInvoices>>,
  keyOf: (i: (typeof invoices)[number]) => string | null,
) {
  const totals = new Map<string, MoneyFigures>();
  for (const invoice of invoices) {
    const key = keyOf(invoice);
    if (!key) continue;
    const entry = totals.get(key) ?? { invoicedCents: 0, receivedCents: 0, outstandingCents: 0 };
    entry.invoicedCents += invoice.totalCents;
    entry.receivedCents += invoice.paidCents;
    entry.outstandingCents += invoice.outstandingCents;
    totals.set(key, entry);
  }
  return totals;
}

/** One organisation's money as the finance overview counts it: its bookings' open invoices and their payments. */
export async function organisationMoney(organisationId: string): Promise<MoneyFigures> {
  return (
    totalsBy(await openInvoices(organisationId), () => organisationId).get(organisationId) ?? {
      invoicedCents: 0,
      receivedCents: 0,
      outstandingCents: 0,
    }
  );
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const AGE_BUCKETS = [
  { key: "0-30", label: "0–30 days", from: 1, to: 30 },
  { key: "31-60", label: "31–60 days", from: 31, to: 60 },
  { key: "60+", label: "Over 60 days", from: 61, to: Number.POSITIVE_INFINITY },
] as const;

/** The finance overview: per month and per run invoiced, received and outstanding; overdue by age. */
export async function getFinanceOverview() {
  const day = today();
  const invoices = await openInvoices();
  const received = await db()
    .select({
      month: sql<string>`to_char(${payments.receivedOn}, 'YYYY-MM')`,
      cents: sql<string>`sum(${payments.amountCents})`,
    })
    .from(payments)
    .groupBy(sql`1`);
  const months = new Map<
    string,
    { invoicedCents: number; receivedCents: number; outstandingCents: number }
  >();
  const monthOf = (key: string) => {
    let entry = months.get(key);
    if (!entry) {
      entry = { invoicedCents: 0, receivedCents: 0, outstandingCents: 0 };
      months.set(key, entry);
    }
    return entry;
  };
  for (const invoice of invoices) {
    const entry = monthOf(invoice.issuedOn.slice(0, 7));
    entry.invoicedCents += invoice.totalCents;
    entry.outstandingCents += invoice.outstandingCents;
  }
  for (const row of received) monthOf(row.month).receivedCents += Number(row.cents);

  const runRows = await db()
    .select({
      runId: courseRuns.id,
      courseId: courses.id,
      title: courses.title,
      label: courseRuns.label,
      startDate: courseRuns.startDate,
    })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId));
  const runInfo = new Map(runRows.map((run) => [run.runId, run]));
  const runs = totalsBy(invoices, (invoice) => invoice.runId);
  const organisations = totalsBy(invoices, (invoice) => invoice.organisationId);
  const organisationRows = organisations.size
    ? await db()
        .select({ id: organisationsTable.id, name: organisationsTable.name })
        .from(organisationsTable)
        .where(inArray(organisationsTable.id, [...organisations.keys()]))
    : [];

  const overdue = invoices
    .filter((invoice) => invoice.dueOn && invoice.dueOn < day && invoice.outstandingCents > 0)
    .map((invoice) => ({ ...invoice, daysOverdue: daysBetween(invoice.dueOn as string, day) }))
    .sort((a, b) => b.daysOverdue - a.daysOverdue);
  const [unmatched] = await db()
    .select({ n: sql<number>`count(*)::int`, cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
    .from(payments)
    .where(sql`${payments.bookingId} is null`);

  return {
    today: day,
    months: [...months.entries()]
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([month, v]) => ({ month, ...v })),
    runs: [...runs.entries()]
      .map(([runId, v]) => {
        const run = runInfo.get(runId);
        return {
          runId,
          courseId: run?.courseId ?? null,
          title: run?.title ?? "Course date",
          when: run?.label ?? (run?.startDate ? formatLongDate(run.startDate) : "Date to be confirmed"),
          startDate: run?.startDate ?? null,
          ...v,
        };
      })
      .sort((a, b) => (b.startDate ?? "").localeCompare(a.startDate ?? "")),
    organisations: organisationRows
      .map((organisation) => ({ ...organisation, ...(organisations.get(organisation.id) as MoneyFigures) }))
      .sort((a, b) => b.invoicedCents - a.invoicedCents || a.name.localeCompare(b.name)),
    overdue,
    buckets: AGE_BUCKETS.map((bucket) => {
      const inBucket = overdue.filter((o) => o.daysOverdue >= bucket.from && o.daysOverdue <= bucket.to);
      return {
        key: bucket.key,
        label: bucket.label,
        count: inBucket.length,
        cents: inBucket.reduce((sum, o) => sum + o.outstandingCents, 0),
      };
    }),
    unmatched: { count: Number(unmatched?.n ?? 0), cents: Number(unmatched?.cents ?? 0) },
    smsCosts: await smsCostsByMonth(),
  };
}

/**
 * What the SMS cost each month (Nairobi), as Africa's Talking reported it message by message (decision 0765):
 * ten-thousandths of the currency, summed in the database, per currency, newest month first.
 */
async function smsCostsByMonth() {
  const rows = await db()
    .select({
      month: sql<string>`to_char(${smsOutbox.sentAt} at time zone 'Africa/Nairobi', 'YYYY-MM')`,
      currency: smsOutbox.costCurrency,
      messages: sql<number>`count(*)::int`,
      segments: sql<number>`sum(${smsOutbox.segments})::int`,
      costE4: sql<string>`sum(${smsOutbox.costE4})`,
    })
    .from(smsOutbox)
    .where(sql`${smsOutbox.sentAt} is not null and ${smsOutbox.costE4} is not null`)
    .groupBy(sql`1`, smsOutbox.costCurrency)
    .orderBy(sql`1 desc`);
  return rows.map((row) => ({ ...row, currency: row.currency ?? "", costE4: Number(row.costE4) }));
}

/**
 * The dashboard's money line: received this month (Nairobi) and what is overdue. Both are summed by the
 * database (the dashboard is read often; open invoices grow with the bookings), the month as a date range so
 * the index on the payment date answers it.
 */
export async function getMoneySummary() {
  const day = today();
  const month = `${day.slice(0, 7)}-01`;
  const paid = paidByBooking();
  const certified = certifiedByBooking();
  // the cash owed, as `settlement` computes it: total less payments less the larger of the withheld and the
  // certified amounts (decision 0745)
  const outstanding = sql`greatest(${financeDocuments.totalCents} - coalesce(${paid.paid}, 0) - greatest(${financeDocuments.whtCents} + ${financeDocuments.whvatCents}, coalesce(${certified.certified}, 0)), 0)`;
  const [[received], [overdue]] = await Promise.all([
    db()
      .select({ cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
      .from(payments)
      .where(
        sql`${payments.receivedOn} >= ${month}::date and ${payments.receivedOn} < ${month}::date + interval '1 month'`,
      ),
    db()
      .select({ count: sql<number>`count(*)::int`, cents: sql<string>`coalesce(sum(${outstanding}), 0)` })
      .from(financeDocuments)
      .innerJoin(bookings, eq(bookings.id, financeDocuments.bookingId))
      .leftJoin(paid, eq(paid.bookingId, financeDocuments.bookingId))
      .leftJoin(certified, eq(certified.bookingId, financeDocuments.bookingId))
      .where(and(openProformaWhere(), lt(financeDocuments.dueOn, day), sql`${outstanding} > 0`)),
  ]);
  return {
    receivedThisMonthCents: Number(received?.cents ?? 0),
    overdueCents: Number(overdue?.cents ?? 0),
    overdueCount: overdue?.count ?? 0,
  };
}

export type MoneySummary = Awaited<ReturnType<typeof getMoneySummary>>;

export type ReminderOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

/** E-mails the booking's contact a reminder with the invoice attached and linked; audited. */
export async function sendPaymentReminder(actor: AuditActor, bookingId: string): Promise<ReminderOutcome> {
  return db().transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    const invoice = booking && (await openProforma(tx, bookingId));
    if (!booking || !invoice) return { ok: false, status: 404, message: "This booking has no open invoice." };
    const balance = await bookingBalance(tx, bookingId, invoice);
    const day = today();
    if (balance.balanceCents <= 0) {
      const certificates =
        balance.certificatesDueCents > 0
          ? ` (in cash; withholding certificates for ${formatKes(balance.certificatesDueCents)} are due, which is not debt)`
          : "";
      return {
        ok: false,
        status: 409,
        message: `${booking.reference} is paid${certificates}; no reminder was sent.`,
      };
    }
    if (!invoice.dueOn || invoice.dueOn >= day) {
      return { ok: false, status: 409, message: `${invoice.number} is not due yet; no reminder was sent.` };
    }
    await sendDocument(tx, invoice, booking, daysBetween(invoice.dueOn, day));
    await recordAudit(tx, actor, {
      action: "Sent payment reminder",
      tableName: "finance_documents",
      recordId: invoice.id,
      newValues: {
        booking: booking.reference,
        to: booking.contactEmail,
        balance_cents: balance.balanceCents,
      },
    });
    return { ok: true, message: `A reminder for ${invoice.number} was sent to ${booking.contactEmail}.` };
  });
}

/** Every document, newest first, for the accountant's CSV. */
export async function listFinanceDocuments(kind: "proforma" | "credit_note" | "receipt") {
  const related = alias(financeDocuments, "related");
  return db()
    .select({
      doc: financeDocuments,
      reference: bookings.reference,
      relatedNumber: related.number,
      superseded,
      credited,
    })
    .from(financeDocuments)
    .innerJoin(bookings, eq(bookings.id, financeDocuments.bookingId))
    .leftJoin(related, eq(related.id, financeDocuments.relatesToId))
    .where(eq(financeDocuments.kind, kind))
    .orderBy(desc(financeDocuments.issuedOn), desc(financeDocuments.number));
}

const LEDGER_PAGE = 200;

type Suggestion = { reference: string; who: string };

/**
 * The bookings whose contact's or a participant's phone is the one M-PESA names by its SHA-256, for each such
 * digest: a payment with a mistyped account number still came from a phone the firm knows.
 */
async function bookingsByPhoneHash(hashes: string[]) {
  const found = new Map<string, Suggestion[]>();
  if (hashes.length === 0) return found;
  const rows = await db()
    .selectDistinct({
      contactHash: bookings.contactPhoneSha256,
      participantHash: courseRegistrations.phoneSha256,
      reference: bookings.reference,
      contactName: bookings.contactName,
      organization: bookings.organization,
    })
    .from(bookings)
    .leftJoin(
      courseRegistrations,
      and(eq(courseRegistrations.bookingId, bookings.id), inArray(courseRegistrations.phoneSha256, hashes)),
    )
    .where(
      or(inArray(bookings.contactPhoneSha256, hashes), inArray(courseRegistrations.phoneSha256, hashes)),
    );
  for (const row of rows) {
    for (const hash of new Set([row.contactHash, row.participantHash])) {
      if (!hash || !hashes.includes(hash)) continue;
      const list = found.get(hash) ?? [];
      if (!list.some((s) => s.reference === row.reference)) {
        list.push({
          reference: row.reference,
          who: `${row.organization ?? row.contactName} · phone matches`,
        });
      }
      found.set(hash, list);
    }
  }
  return found;
}

/**
 * The newest payments (or only those waiting for a booking), each with its booking, whether it was reversed,
 * and for an unassigned one the bookings it may pay: first those whose phone M-PESA names (by its hash), then
 * those whose outstanding amount it equals: the usual two-click match.
 */
export async function listPayments(view: "all" | "unmatched", limit: number | null = LEDGER_PAGE) {
  const reversal = alias(payments, "reversal");
  const rows = await db()
    .select({
      payment: payments,
      reference: bookings.reference,
      reversedBy: reversal.id,
    })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(reversal, eq(reversal.reversesId, payments.id))
    .where(view === "unmatched" ? sql`${payments.bookingId} is null` : undefined)
    .orderBy(desc(payments.receivedOn), desc(payments.createdAt))
    .limit(limit ?? Number.MAX_SAFE_INTEGER);
  const waiting = rows.filter((row) => !row.payment.bookingId && !row.payment.reversesId);
  const owing = waiting.length > 0 ? (await openInvoices()).filter((i) => i.outstandingCents > 0) : [];
  const byPhone = await bookingsByPhoneHash([
    ...new Set(
      waiting.map((row) => row.payment.payerPhone).filter((p): p is string => !!p && isHashedMsisdn(p)),
    ),
  ]);
  return rows.map((row) => {
    const byAmount = owing
      .filter((invoice) => invoice.outstandingCents === row.payment.amountCents)
      .map((invoice) => ({ reference: invoice.reference, who: invoice.organization ?? invoice.contactName }));
    const candidates = [...(byPhone.get(row.payment.payerPhone ?? "") ?? []), ...byAmount];
    return {
      ...row.payment,
      reference: row.reference,
      reversed: row.reversedBy !== null,
      suggestions: row.payment.bookingId
        ? []
        : candidates
            .filter((c, i) => candidates.findIndex((o) => o.reference === c.reference) === i)
            .slice(0, 3),
    };
  });
}

/**
 * The money side of a run page: each booking with a participant on the run (waiting list aside), its open
 * invoice with the client's link, and its payment state.
 */
export async function runBookingMoney(runId: string) {
  const rows = await db()
    .selectDistinct({
      id: bookings.id,
      reference: bookings.reference,
      contactName: bookings.contactName,
      organization: bookings.organization,
      status: bookings.status,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .innerJoin(courseRegistrations, eq(courseRegistrations.bookingId, bookings.id))
    .where(and(eq(courseRegistrations.runId, runId), sql`${bookings.status} <> 'waitlisted'`))
    .orderBy(asc(bookings.createdAt));
  const result = [];
  for (const booking of rows) {
    const invoice = await openProforma(db(), booking.id);
    const balance = await bookingBalance(db(), booking.id, invoice);
    result.push({
      ...booking,
      invoice: invoice && {
        number: invoice.number,
        url: documentPath(invoice.id),
        totalCents: invoice.totalCents,
      },
      balance,
    });
  }
  return result;
}
