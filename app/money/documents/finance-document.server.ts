import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { type LockedBooking, lockBooking } from "#app/booking/index.server";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { type FinanceLine, financeDocuments, payments } from "#app/money/tables.server";
import type { AuditActor } from "#app/platform/audit.server";
import { recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { enqueueEmails } from "#app/platform/email/outbox.server";
import { storage } from "#app/platform/files/storage.server";
import { FINANCE_PROFILE_INCOMPLETE } from "#app/platform/settings/settings";
import { signedPath, signedUrl } from "#app/platform/signed-link.server";
import { enqueueSms } from "#app/platform/sms/sms-outbox.server";
import { enqueueWhatsApp } from "#app/platform/whatsapp/whatsapp-outbox.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { formatKes, parseCents } from "#app/utils/cents";
import { addDays, formatLongDate, today } from "#app/utils/dates";
import { priceParticipant } from "#app/utils/discounts";
import { type MinorCurrency, parseMinor } from "#app/utils/minor-units";
import { PAYMENT_METHOD_LABELS } from "#app/utils/payment-state";
import { computeVat, type PricedLine } from "#app/utils/vat";
import { discountsFor, redeemedCode, SEAT_HOLDING } from "../discounts/discount-pricing.server";
import { mpesaPayUrl } from "../mpesa/stk-setup.server";
import { computeWithholding } from "../withholding/withholding";
import { withholdingChoiceFor } from "../withholding/withholding-choice.server";
import { financeDocumentPdf } from "./document-drawn-first.server";
import { documentOffice, documentSeller } from "./document-office.server";
import { formatDocumentNumber, nextDocumentNumber } from "./document-sequence.server";
import { financeDocumentMessage } from "./emails.server";
import {
  type FinanceProfile,
  financeProfileGaps,
  getFinanceProfile,
  paymentInstructions,
} from "./finance-profile.server";
import { quoteTerms } from "./quote-terms.server";
import { balanceAfterText, paymentReceivedSms, paymentWithCode } from "./receipt-balance";

export type FinanceDocument = typeof financeDocuments.$inferSelect;
export type FinanceDocumentKind = FinanceDocument["kind"];

/** Registrations that hold a seat are the ones a booking pays for. */
const BILLED_STATUSES = SEAT_HOLDING;
const DOCUMENT_PREFIX = { credit_note: "CN", receipt: "RCT" } as const;
export const DOCUMENT_LINK_PURPOSE = "finance-document";
export const DOCUMENT_LINK_BASE = "/billing";

export const documentUrl = (id: string) => signedUrl(DOCUMENT_LINK_PURPOSE, DOCUMENT_LINK_BASE, id);
export const documentPath = (id: string) => signedPath(DOCUMENT_LINK_PURPOSE, DOCUMENT_LINK_BASE, id);

function runText(run: { label: string | null; startDate: string | null; venue: string | null }) {
  const when = run.label ?? (run.startDate ? formatLongDate(run.startDate) : null);
  return [when, run.venue].filter(Boolean).join(", ");
}

/**
 * A run's list price in the minor unit of its currency (decision 0792): a KES run falls back to the course's price;
 * a run sold in another currency has its own (the run form requires it), or is unpriced.
 */
function listPriceMinor(row: {
  costOverride: string | null;
  courseCost: string | null;
  currency: string | null;
}) {
  const currency = (row.currency ?? "KES") as MinorCurrency;
  if (currency === "KES") return parseCents(row.costOverride ?? row.courseCost);
  // the column keeps two decimals ("1500000.00"); UGX and RWF have none to keep
  return parseMinor(row.costOverride?.replace(/\.0+$/, ""), currency);
}

/**
 * One line per run: the booking's participants holding a seat on it × the run's (or course's) price, less the
 * discounts that apply to each participant (decision 0750: list → early bird → group → code, per participant).
 */
async function billableLines(
  tx: Executor,
  booking: Pick<LockedBooking, "id" | "createdAt" | "organisationId" | "organization">,
) {
  const bookingId = booking.id;
  const rows = await tx
    .select({
      courseId: courses.id,
      title: courses.title,
      courseCost: courses.cost,
      runId: courseRegistrations.runId,
      label: courseRuns.label,
      startDate: courseRuns.startDate,
      venue: courseRuns.venue,
      costOverride: courseRuns.costOverride,
      currency: courseRuns.currency,
      quantity: count(),
      participants: sql<
        string[]
      >`array_agg(${courseRegistrations.name} order by ${courseRegistrations.name})`,
    })
    .from(courseRegistrations)
    .innerJoin(courses, eq(courses.id, courseRegistrations.courseId))
    .leftJoin(courseRuns, eq(courseRuns.id, courseRegistrations.runId))
    .where(
      and(
        eq(courseRegistrations.bookingId, bookingId),
        inArray(courseRegistrations.status, [...BILLED_STATUSES]),
        isNull(courseRegistrations.deletedAt),
      ),
    )
    .groupBy(
      courses.id,
      courseRegistrations.runId,
      courseRuns.label,
      courseRuns.startDate,
      courseRuns.venue,
      courseRuns.costOverride,
      courseRuns.currency,
    )
    .orderBy(asc(courseRuns.startDate), asc(courses.title));
  const lines: (PricedLine &
    Pick<FinanceLine, "participants" | "listUnitCents" | "discountUnitCents" | "discounts">)[] = [];
  const unpriced: string[] = [];
  const code = rows.length > 0 ? await redeemedCode(tx, bookingId) : null;
  for (const row of rows) {
    const description = [row.title, runText(row)].filter(Boolean).join(" — ");
    const listCents = listPriceMinor(row);
    if (listCents === null) {
      unpriced.push(row.title);
      continue;
    }
    const price = priceParticipant(listCents, await discountsFor(tx, booking, row.courseId, row.runId, code));
    lines.push({
      description,
      quantity: Number(row.quantity),
      unitCents: price.netCents,
      courseId: row.courseId,
      participants: row.participants,
      ...(price.discountCents > 0
        ? {
            listUnitCents: listCents,
            discountUnitCents: price.discountCents,
            discounts: price.steps.map((step) => step.label),
          }
        : {}),
    });
  }
  return { lines, unpriced };
}

/**
 * What a booking's invoice charges, and under which VAT rule. A booking made from an accepted quote charges the
 * quote's lines under the quote's rule, as sales reads them (decisions 0672, 0726): the quote is the contract, so
 * the proforma equals it whoever fills its seats; with no participant left holding a seat it charges nothing, as any booking. Any other
 * booking charges its participants at the run's (or course's) price under the finance profile's rule.
 */
async function invoiceLines(
  tx: Executor,
  booking: Pick<LockedBooking, "id" | "quoteId" | "createdAt" | "organisationId" | "organization" | "runId">,
) {
  const billed = await billableLines(tx, booking);
  if (!booking.quoteId || billed.lines.length + billed.unpriced.length === 0) {
    // the selling office's VAT rate (Uganda and Rwanda 18 %); Nairobi's is the finance settings' (decision 0791)
    const { vat } = await getFinanceProfile(tx);
    const office = await documentOffice(tx, booking);
    return {
      ...billed,
      rule: office.code === "nairobi" ? vat : { ...vat, ratePercent: office.vatRatePercent },
    };
  }
  const terms = await quoteTerms(tx, booking.quoteId);
  return { ...terms, unpriced: [] as string[] };
}

/** The booking's newest proforma, unless a credit note has cancelled it. */
export async function openProforma(tx: Executor, bookingId: string): Promise<FinanceDocument | null> {
  const [latest] = await tx
    .select()
    .from(financeDocuments)
    .where(and(eq(financeDocuments.bookingId, bookingId), eq(financeDocuments.kind, "proforma")))
    .orderBy(desc(financeDocuments.version))
    .limit(1);
  if (!latest) return null;
  const [credit] = await tx
    .select({ id: financeDocuments.id })
    .from(financeDocuments)
    .where(and(eq(financeDocuments.kind, "credit_note"), eq(financeDocuments.relatesToId, latest.id)));
  return credit ? null : latest;
}

/**
 * What the booking's invoice comes to: its open proforma, or, before the office has invoiced it, what the
 * proforma would say (the billable lines with VAT as the profile sets it); null when a price is missing.
 */
export async function bookingInvoiceTotal(tx: Executor, bookingId: string): Promise<number | null> {
  const open = await openProforma(tx, bookingId);
  if (open) return open.totalCents;
  const [booking] = await tx
    .select({
      id: bookings.id,
      quoteId: bookings.quoteId,
      createdAt: bookings.createdAt,
      organisationId: bookings.organisationId,
      organization: bookings.organization,
      runId: bookings.runId,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) return null;
  const { lines, unpriced, rule } = await invoiceLines(tx, booking);
  if (unpriced.length > 0 || lines.length === 0) return null;
  return computeVat(lines, rule).totalCents;
}

/**
 * What a booking's contact should hold now: the open proforma with its receipt once paid, or, once it was
 * cancelled, the credit note that cancels the last proforma.
 */
export async function currentDocuments(tx: Executor, bookingId: string): Promise<FinanceDocument[]> {
  const open = await openProforma(tx, bookingId);
  const related = (kind: FinanceDocumentKind, to: string) =>
    tx
      .select()
      .from(financeDocuments)
      .where(and(eq(financeDocuments.kind, kind), eq(financeDocuments.relatesToId, to)));
  if (open) return [open, ...(await related("receipt", open.id))];
  const [credit] = await tx
    .select()
    .from(financeDocuments)
    .where(and(eq(financeDocuments.bookingId, bookingId), eq(financeDocuments.kind, "credit_note")))
    .orderBy(desc(financeDocuments.createdAt))
    .limit(1);
  return credit ? [credit] : [];
}

async function latestVersion(tx: Executor, bookingId: string, kind: FinanceDocumentKind) {
  const [row] = await tx
    .select({ version: sql<number>`coalesce(max(${financeDocuments.version}), 0)` })
    .from(financeDocuments)
    .where(and(eq(financeDocuments.bookingId, bookingId), eq(financeDocuments.kind, kind)));
  return Number(row?.version ?? 0);
}

/** Who a document is made out to, from the booking as it stands. */
function buyerOf(booking: LockedBooking) {
  return {
    name: booking.organization || booking.contactName,
    kraPin: booking.kraPin,
    lpoNumber: booking.lpoNumber,
    lines: [
      booking.organization ? `Attn: ${booking.contactName}` : null,
      booking.contactEmail,
      booking.contactPhone,
    ].filter((line): line is string => Boolean(line)),
  };
}

/** A changed KRA PIN, LPO number or name makes the issued invoice wrong: a new version is due. */
const sameBuyer = (issued: FinanceDocument["buyer"], now: ReturnType<typeof buyerOf>) =>
  issued.name === now.name &&
  (issued.kraPin ?? null) === now.kraPin &&
  (issued.lpoNumber ?? null) === now.lpoNumber;

const sent = (booking: LockedBooking) => ({ sentTo: booking.contactEmail, reference: booking.reference });

type IssueInput = {
  kind: FinanceDocumentKind;
  booking: LockedBooking;
  profile: FinanceProfile;
  lines: FinanceLine[];
  totals: { netCents: number; vatCents: number; totalCents: number; ratePercent: number };
  pricesIncludeVat: boolean;
  /** proformas, and the receipts that reprint them: what the buyer is expected to withhold (decision 0745) */
  withholding?: { whtCents: number; whvatCents: number };
  relatesTo: FinanceDocument | null;
  version: number;
  actor: AuditActor;
  payments?: { receivedOn: string; method: string; code: string | null; amountCents: number }[];
  /** receipts: the payment acknowledged and the booking's balance after it */
  received?: { paymentId: string; paidCents: number; balanceAfterCents: number };
  /** the caller sends the document attached to its own message (a booking change that names it) */
  quiet?: boolean;
};

/**
 * Numbers, renders, stores and records one document, and queues its e-mail, all in the caller's transaction.
 * The PDF is written before the row: a rolled-back issue leaves at most an unreferenced file, never a row
 * without its PDF.
 */
export async function issueDocument(tx: Executor, input: IssueInput): Promise<FinanceDocument> {
  const { booking, profile, kind } = input;
  const issuedOn = today();
  const year = Number(issuedOn.slice(0, 4));
  const prefix = kind === "proforma" ? profile.invoicePrefix : DOCUMENT_PREFIX[kind];
  // the run's office numbers it in its own series (decision 0791); Nairobi's prefix is empty
  const office = await documentOffice(tx, booking);
  const sequence = await nextDocumentNumber(tx, kind, year, office.code);
  const number = formatDocumentNumber(prefix, year, sequence, office.numberPrefix);
  const id = crypto.randomUUID();
  const storageKey = `finance/${id}.pdf`;
  const paymentNote = paymentInstructions(profile, booking.reference);
  const buyer = buyerOf(booking);
  const dueOn = kind === "proforma" ? addDays(issuedOn, profile.paymentTermsDays) : null;
  // what the PDF prints is what the row keeps
  const figures = {
    kind,
    number,
    issuedOn,
    dueOn,
    office: office.code,
    currency: office.runCurrency,
    seller: documentSeller(profile, office),
    buyer,
    lines: input.lines,
    vatRatePercent: input.totals.ratePercent,
    pricesIncludeVat: input.pricesIncludeVat,
    netCents: input.totals.netCents,
    vatCents: input.totals.vatCents,
    totalCents: input.totals.totalCents,
    whtCents: input.withholding?.whtCents ?? 0,
    whvatCents: input.withholding?.whvatCents ?? 0,
    paymentNote,
    paidCents: input.received?.paidCents ?? null,
    balanceAfterCents: input.received?.balanceAfterCents ?? null,
  };
  // the PDF libraries load with the first PDF asked for, not in every process (decision 0603), on a render
  // thread when the server runs the pool (decision 0653), drawn before the transaction when the caller asks
  // (withDocumentDrawnFirst, decision 0668)
  const pdf = await financeDocumentPdf(
    {
      ...figures,
      bookingReference: booking.reference,
      relatesToNumber: input.relatesTo?.number ?? null,
      payments: input.payments,
    },
    profile.firm,
  );
  await storage().put(storageKey, Buffer.from(pdf), "application/pdf");
  const [doc] = await tx
    .insert(financeDocuments)
    .values({
      ...figures,
      id,
      bookingId: booking.id,
      paymentId: input.received?.paymentId ?? null,
      relatesToId: input.relatesTo?.id ?? null,
      version: input.version,
      storageKey,
      issuedBy: input.actor.email ?? "system",
    })
    .returning();
  if (!doc) throw new Error("The document was not stored");
  await recordAudit(tx, input.actor, {
    action: `Issued ${kind === "proforma" ? "proforma invoice" : kind === "credit_note" ? "credit note" : "receipt"}`,
    tableName: "finance_documents",
    recordId: doc.id,
    newValues: { number, booking: booking.reference, total_cents: doc.totalCents },
  });
  if (!input.quiet) await sendDocument(tx, doc, booking);
  return doc;
}

/** The document as an e-mail attachment: the PDF stored when it was issued. */
export const documentAttachment = (doc: Pick<FinanceDocument, "number" | "storageKey">) => ({
  filename: `${doc.number}.pdf`,
  contentType: "application/pdf",
  storageKey: doc.storageKey,
});

/** Queues the document's e-mail to the booking's contact, the PDF attached and linked. */
export async function sendDocument(
  tx: Executor,
  doc: FinanceDocument,
  booking: Pick<LockedBooking, "contactName" | "contactEmail" | "reference"> &
    Partial<
      Pick<LockedBooking, "status" | "contactPhone" | "contactSmsConsentAt" | "contactWhatsappConsentAt">
    >,
  daysOverdue?: number,
) {
  const [paid] =
    doc.kind === "receipt" && doc.paymentId
      ? await tx
          .select({ method: payments.method, code: payments.transactionCode })
          .from(payments)
          .where(eq(payments.id, doc.paymentId))
      : [];
  const withheld = doc.kind === "proforma" ? doc.whtCents + doc.whvatCents : 0;
  const message = financeDocumentMessage({
    kind: doc.kind,
    number: doc.number,
    name: booking.contactName,
    reference: booking.reference,
    // a proforma asks its cash part; what the payer withholds is named beside it (decision 0745)
    total: formatKes(doc.totalCents - withheld),
    withheld: withheld > 0 ? formatKes(withheld) : null,
    dueOn: doc.dueOn ? formatLongDate(doc.dueOn) : null,
    paymentNote: doc.paymentNote,
    // an invoice (or its reminder) offers the quickest way to pay it
    payUrl: doc.kind === "proforma" ? await mpesaPayUrl(tx, booking.reference) : null,
    url: documentUrl(doc.id),
    daysOverdue,
    // a proforma of a confirmed booking is the client's word that their places are confirmed
    confirmed: doc.kind === "proforma" && booking.status === "confirmed",
    received:
      doc.paidCents !== null && doc.balanceAfterCents !== null
        ? {
            paid: formatKes(doc.paidCents),
            by: paid ? paymentWithCode(PAYMENT_METHOD_LABELS[paid.method], paid.code) : null,
            balance: balanceAfterText(doc.balanceAfterCents, {
              advance: doc.relatesToId === null,
              withheldCents: doc.whtCents + doc.whvatCents,
            }),
          }
        : undefined,
    advance: doc.kind === "receipt" && doc.relatesToId === null,
  });
  await enqueueEmails(tx, [
    {
      to: booking.contactEmail,
      ...message,
      kind: daysOverdue !== undefined ? "payment_reminder" : `finance_${doc.kind}`,
      relatedTable: "finance_documents",
      relatedId: doc.id,
      attachments: [documentAttachment(doc)],
    },
  ]);
  // "payment received" by SMS too, to a contact who agreed to it (decision 0767)
  if (
    doc.kind === "receipt" &&
    doc.paidCents !== null &&
    booking.contactSmsConsentAt &&
    booking.contactPhone
  ) {
    await enqueueSms(tx, [
      {
        to: booking.contactPhone,
        body: paymentReceivedSms({
          paid: formatKes(doc.paidCents),
          reference: booking.reference,
          receipt: doc.number,
          code: paid?.code ?? null,
        }),
        kind: "payment_received",
        relatedTable: "finance_documents",
        relatedId: doc.id,
      },
    ]);
  }
  // and as the approved template on WhatsApp to a contact who agreed to that (decision 0772)
  if (
    doc.kind === "receipt" &&
    doc.paidCents !== null &&
    booking.contactWhatsappConsentAt &&
    booking.contactPhone
  ) {
    await enqueueWhatsApp(tx, [
      {
        to: booking.contactPhone,
        moment: "payment_received",
        variables: [formatKes(doc.paidCents), doc.number],
        relatedTable: "finance_documents",
        relatedId: doc.id,
      },
    ]);
  }
}

export type InvoiceOutcome =
  /** `sentTo`: the address the document was e-mailed to, when this call issued or re-sent one. */
  | { ok: true; message: string; document: FinanceDocument | null; sentTo?: string; reference?: string }
  | { ok: false; message: string; profileIncomplete?: true };

/**
 * The refusal to issue while the firm's finance profile is incomplete (the document could never be corrected),
 * or null. Whatever changed the booking stands: a confirmed seat stays confirmed, a payment stays recorded.
 */
export function profileRefusal(profile: FinanceProfile) {
  const gaps = financeProfileGaps(profile);
  if (gaps.length === 0) return null;
  const missing = gaps.map((gap) => gap.label).join(", ");
  return {
    ok: false as const,
    profileIncomplete: true as const,
    message: `${FINANCE_PROFILE_INCOMPLETE} Missing: ${missing}.`,
  };
}

// field by field: jsonb does not keep the key order the lines were written with
const sameLines = (a: FinanceLine[], b: FinanceLine[]) =>
  a.length === b.length &&
  a.every(
    (line, i) =>
      line.description === b[i]?.description &&
      line.quantity === b[i]?.quantity &&
      line.unitCents === b[i]?.unitCents &&
      line.amountCents === b[i]?.amountCents &&
      (line.listUnitCents ?? null) === (b[i]?.listUnitCents ?? null) &&
      (line.discounts ?? []).join("|") === (b[i]?.discounts ?? []).join("|"),
  );

/**
 * Brings a booking's invoice in line with the booking (DESIGN §7): a confirmed booking gets a proforma; one
 * whose participants or prices changed gets a new version (a new number; the old one is never edited); a
 * cancelled one gets a credit note for its open proforma. `onDemand` issues for a booking not yet confirmed,
 * and re-sends an invoice that is already up to date. Call it inside the transaction that changed the booking.
 */
export async function reviseBookingInvoice(
  tx: Executor,
  bookingId: string,
  actor: AuditActor,
  { onDemand = false, quiet = false } = {},
): Promise<InvoiceOutcome> {
  const booking = await lockBooking(tx, bookingId);
  if (!booking) return { ok: false, message: "This booking no longer exists." };
  const open = await openProforma(tx, bookingId);
  // a milestone's invoice bills the milestone, not participants: it has none to revise it from (decision 0673)
  if (booking.kind === "milestone") {
    if (!open) return { ok: false, message: `${booking.reference} is invoiced from its engagement.` };
    if (!onDemand) return { ok: true, message: `${open.number} is up to date.`, document: open };
    await sendDocument(tx, open, booking);
    return { ok: true, message: `${open.number} was sent again.`, document: open, ...sent(booking) };
  }
  const { lines, unpriced, rule } = await invoiceLines(tx, booking);
  const profile = await getFinanceProfile(tx);

  if (booking.status === "cancelled" || lines.length + unpriced.length === 0) {
    if (!open) {
      return onDemand
        ? { ok: false, message: `Booking ${booking.reference} has no participants to invoice.` }
        : { ok: true, message: "Nothing to invoice.", document: null };
    }
    const refused = profileRefusal(profile);
    if (refused) return refused;
    const credit = await issueDocument(tx, {
      kind: "credit_note",
      booking,
      profile,
      lines: open.lines,
      totals: { ...open, ratePercent: open.vatRatePercent },
      pricesIncludeVat: open.pricesIncludeVat,
      relatesTo: open,
      version: open.version,
      actor,
      quiet,
    });
    return {
      ok: true,
      message: `Credit note ${credit.number} cancels ${open.number}.`,
      document: credit,
      ...sent(booking),
    };
  }
  if (!onDemand && !open && booking.status !== "confirmed") {
    return { ok: true, message: "Not confirmed yet.", document: null };
  }
  if (unpriced.length > 0) {
    return {
      ok: false,
      message: `Set a price for ${unpriced.join(", ")} (on the course or its date) before invoicing ${booking.reference}.`,
    };
  }
  const totals = computeVat(lines, rule);
  const withholding = computeWithholding(
    totals.netCents,
    totals.vatCents,
    await withholdingChoiceFor(tx, booking),
  );
  if (
    open &&
    sameLines(open.lines, totals.lines) &&
    open.totalCents === totals.totalCents &&
    sameBuyer(open.buyer, buyerOf(booking)) &&
    // what the buyer withholds changes what the invoice asks in cash: a new version
    open.whtCents === withholding.whtCents &&
    open.whvatCents === withholding.whvatCents
  ) {
    if (!onDemand) return { ok: true, message: `${open.number} is up to date.`, document: open };
    await sendDocument(tx, open, booking);
    return {
      ok: true,
      message: `${open.number} is up to date and was sent again.`,
      document: open,
      ...sent(booking),
    };
  }
  const refused = profileRefusal(profile);
  if (refused) return refused;
  const proforma = await issueDocument(tx, {
    kind: "proforma",
    booking,
    profile,
    lines: totals.lines,
    totals,
    pricesIncludeVat: rule.pricesIncludeVat,
    withholding,
    relatesTo: open,
    version: (await latestVersion(tx, bookingId, "proforma")) + 1,
    actor,
    quiet,
  });
  return {
    ok: true,
    message: open
      ? `Proforma invoice ${proforma.number} replaces ${open.number}.`
      : `Proforma invoice ${proforma.number} was issued and e-mailed.`,
    document: proforma,
    ...sent(booking),
  };
}

/** A payment a receipt acknowledges, as the receipt prints it. */
export type ReceivedPayment = {
  id: string;
  receivedOn: string;
  method: string;
  code: string | null;
  amountCents: number;
};

/**
 * The receipt of one payment towards an open proforma, part payments included (once per payment: the unique
 * payment_id makes a second one impossible), with the balance after it. Without a proforma (money paid before
 * the booking is invoiced) it is an advance receipt: one line, the payment itself, held against the booking
 * (issue 45). None while the finance profile is incomplete: the payment is recorded all the same, and the
 * receipt follows with the next settling once the profile is complete ("Send invoice again" on the run page
 * settles the booking).
 */
export async function issueReceipt(
  tx: Executor,
  booking: LockedBooking,
  proforma: FinanceDocument | null,
  payment: ReceivedPayment,
  balanceAfterCents: number,
  actor: AuditActor,
) {
  const profile = await getFinanceProfile(tx);
  if (profileRefusal(profile)) return null;
  const advance = advanceLine(booking, payment);
  return issueDocument(tx, {
    kind: "receipt",
    booking,
    profile,
    lines: proforma?.lines ?? [advance],
    totals: proforma
      ? { ...proforma, ratePercent: proforma.vatRatePercent }
      : { netCents: advance.amountCents, vatCents: 0, totalCents: advance.amountCents, ratePercent: 0 },
    pricesIncludeVat: proforma?.pricesIncludeVat ?? true,
    // the receipt reprints its invoice's withholding: its balance is the cash part's (decision 0745)
    withholding: proforma ? { whtCents: proforma.whtCents, whvatCents: proforma.whvatCents } : undefined,
    relatesTo: proforma,
    version: (await latestVersion(tx, booking.id, "receipt")) + 1,
    actor,
    payments: [payment],
    received: { paymentId: payment.id, paidCents: payment.amountCents, balanceAfterCents },
  });
}

/** An advance receipt's one line: the payment, held against the booking until its invoice is issued. */
const advanceLine = (booking: LockedBooking, payment: ReceivedPayment): FinanceLine => ({
  description: `Advance payment towards booking ${booking.reference}, held until its invoice is issued`,
  quantity: 1,
  unitCents: payment.amountCents,
  amountCents: payment.amountCents,
});

export async function findFinanceDocument(id: string, executor: Executor = db()) {
  const [doc] = await executor.select().from(financeDocuments).where(eq(financeDocuments.id, id));
  return doc ?? null;
}
