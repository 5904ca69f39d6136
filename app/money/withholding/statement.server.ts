import { asc, eq, inArray } from "drizzle-orm";
import { bookings } from "#app/booking/tables.server";
import { financeDocuments, payments, withholdingCertificates } from "#app/money/tables.server";
import { organisations } from "#app/organisations/tables.server";
import { db } from "#app/platform/db/client.server";
import { renderOffThread } from "#app/platform/pdf/render-pool.server";
import { formatKes } from "#app/utils/cents";
import { today } from "#app/utils/dates";
import { PAYMENT_METHOD_LABELS } from "#app/utils/payment-state";
import { getFinanceProfile } from "../documents/finance-profile.server";
import { paymentWithCode } from "../documents/receipt-balance";
import { bookingBalance } from "../payments/payment.server";
import { type Statement, type StatementLine, WITHHOLDING_RATES } from "./withholding";

type Entry = Omit<StatementLine, "balanceCents"> & { order: number; at: number };

const ORDER = { invoice: 0, replaced: 1, credit: 2, payment: 3, certificate: 4, void: 5 } as const;

/**
 * The statement of account of some bookings (decision 0748): every invoice (a replaced one taken back when its
 * new version is issued), credit note, payment (and reversal) and withholding certificate (and its voiding), by
 * date, with the running balance. Its closing balance is the bookings' balances summed, as `bookingBalance`
 * counts them, split into cash owed and certificates due.
 */
async function statementOf(bookingIds: string[], head: Pick<Statement, "name" | "kraPin" | "scope">) {
  const empty = bookingIds.length === 0;
  const [documents, ledger, certificates] = empty
    ? [[], [], []]
    : await Promise.all([
        db()
          .select({ doc: financeDocuments, reference: bookings.reference })
          .from(financeDocuments)
          .innerJoin(bookings, eq(bookings.id, financeDocuments.bookingId))
          .where(inArray(financeDocuments.bookingId, bookingIds))
          .orderBy(asc(financeDocuments.createdAt)),
        db()
          .select({ payment: payments, reference: bookings.reference })
          .from(payments)
          .innerJoin(bookings, eq(bookings.id, payments.bookingId))
          .where(inArray(payments.bookingId, bookingIds)),
        db()
          .select({ certificate: withholdingCertificates, reference: bookings.reference })
          .from(withholdingCertificates)
          .innerJoin(bookings, eq(bookings.id, withholdingCertificates.bookingId))
          .where(inArray(withholdingCertificates.bookingId, bookingIds)),
      ]);
  const byId = new Map(documents.map((row) => [row.doc.id, row.doc]));
  const receiptOf = new Map(
    documents.filter((row) => row.doc.paymentId).map((row) => [row.doc.paymentId as string, row.doc.number]),
  );
  const entries: Entry[] = [];
  for (const { doc, reference } of documents) {
    const at = doc.createdAt.getTime();
    if (doc.kind === "proforma") {
      const replaced = doc.relatesToId ? byId.get(doc.relatesToId) : undefined;
      if (replaced) {
        entries.push({
          date: doc.issuedOn,
          reference,
          description: `Invoice ${replaced.number} replaced by ${doc.number}`,
          debitCents: 0,
          creditCents: replaced.totalCents,
          order: ORDER.replaced,
          at,
        });
      }
      const withheld = doc.whtCents + doc.whvatCents;
      entries.push({
        date: doc.issuedOn,
        reference,
        description: `Invoice ${doc.number}${withheld > 0 ? ` (of which withholding settled by certificates, ${formatKes(withheld)})` : ""}`,
        debitCents: doc.totalCents,
        creditCents: 0,
        order: ORDER.invoice,
        at,
      });
    } else if (doc.kind === "credit_note") {
      const cancelled = doc.relatesToId ? byId.get(doc.relatesToId) : undefined;
      entries.push({
        date: doc.issuedOn,
        reference,
        description: `Credit note ${doc.number}${cancelled ? ` cancels invoice ${cancelled.number}` : ""}`,
        debitCents: 0,
        creditCents: doc.totalCents,
        order: ORDER.credit,
        at,
      });
    }
  }
  for (const { payment, reference } of ledger) {
    const how = paymentWithCode(PAYMENT_METHOD_LABELS[payment.method], payment.transactionCode);
    const receipt = receiptOf.get(payment.id);
    entries.push({
      date: payment.receivedOn,
      reference,
      description:
        payment.amountCents > 0
          ? `Payment, ${how}${receipt ? ` (receipt ${receipt})` : ""}`
          : `Payment reversed, ${how}${payment.reason ? `: ${payment.reason}` : ""}`,
      debitCents: payment.amountCents < 0 ? -payment.amountCents : 0,
      creditCents: payment.amountCents > 0 ? payment.amountCents : 0,
      order: ORDER.payment,
      at: payment.createdAt.getTime(),
    });
  }
  for (const { certificate, reference } of certificates) {
    const label = WITHHOLDING_RATES[certificate.kind].short.replace(/ \d+ %$/, "");
    entries.push({
      date: certificate.certificateDate,
      reference,
      description: `${label} certificate ${certificate.certificateNumber} (iTax)`,
      debitCents: 0,
      creditCents: certificate.amountCents,
      order: ORDER.certificate,
      at: certificate.createdAt.getTime(),
    });
    if (certificate.voidedAt) {
      entries.push({
        date: today(certificate.voidedAt),
        reference,
        description: `Certificate ${certificate.certificateNumber} void: ${certificate.voidReason ?? ""}`,
        debitCents: certificate.amountCents,
        creditCents: 0,
        order: ORDER.void,
        at: certificate.voidedAt.getTime(),
      });
    }
  }
  entries.sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order || a.at - b.at);
  let running = 0;
  const lines = entries.map(({ order: _order, at: _at, ...entry }) => {
    running += entry.debitCents - entry.creditCents;
    return { ...entry, balanceCents: running };
  });
  const balances = await Promise.all(bookingIds.map((id) => bookingBalance(db(), id)));
  const sum = (pick: (b: (typeof balances)[number]) => number) => balances.reduce((s, b) => s + pick(b), 0);
  return {
    ...head,
    asAt: today(),
    lines,
    invoicedCents: sum((b) => b.invoicedCents),
    paidCents: sum((b) => b.paidCents),
    certifiedCents: sum((b) => b.certifiedCents),
    balanceCents: running,
    certificatesDueCents: sum((b) => b.certificatesDueCents),
    cashOwedCents: sum((b) => Math.max(b.balanceCents, 0)),
  } satisfies Statement;
}

/** The statement of one booking, or null when there is none with that reference. */
export async function bookingStatement(reference: string): Promise<Statement | null> {
  const [booking] = await db()
    .select({
      id: bookings.id,
      reference: bookings.reference,
      organization: bookings.organization,
      contactName: bookings.contactName,
      kraPin: bookings.kraPin,
    })
    .from(bookings)
    .where(eq(bookings.reference, reference));
  if (!booking) return null;
  return statementOf([booking.id], {
    name: booking.organization || booking.contactName,
    kraPin: booking.kraPin,
    scope: `Booking ${booking.reference}`,
  });
}

/** The statement of every booking of one organisation, or null when there is no such organisation. */
export async function organisationStatement(organisationId: string): Promise<Statement | null> {
  const [organisation] = await db()
    .select({ id: organisations.id, name: organisations.name, kraPin: organisations.kraPin })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!organisation) return null;
  const rows = await db()
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.organisationId, organisationId));
  return statementOf(
    rows.map((row) => row.id),
    { name: organisation.name, kraPin: organisation.kraPin, scope: "All bookings of the organisation" },
  );
}

/** The statement as a PDF on the firm's letterhead, drawn off the request's thread. */
export async function statementPdf(statement: Statement) {
  const { firm } = await getFinanceProfile(db());
  return renderOffThread(
    "money",
    () => import("#app/money/pdf.server"),
    "renderStatementPdf",
    statement,
    firm,
  );
}

/** The statement's file name: the scope and the date it stands at. */
export const statementFileName = (statement: Statement) =>
  `statement-${statement.scope.startsWith("Booking ") ? statement.scope.slice(8) : statement.name.replace(/[^A-Za-z0-9]+/g, "-")}-${statement.asAt}.pdf`;
