import { and, asc, desc, eq, isNull, max } from "drizzle-orm";
import { bookings } from "#app/booking/tables.server";
import { runDatesText } from "#app/delivery/index.server";
import { organisations } from "#app/organisations/tables.server";
import type { AuditActor } from "#app/platform/audit.server";
import { auditedInsert, auditedUpdate, lockRow } from "#app/platform/audited-change.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { enqueueEmails } from "#app/platform/email/outbox.server";
import { getSettings } from "#app/platform/settings/setting.server";
import { signedPath, signedUrl, verifySignature } from "#app/platform/signed-link.server";
import { enquiries, quoteLines, quotes } from "#app/sales/tables.server";
import { getSiteContentValue } from "#app/site/index.server";
import { courses } from "#app/site/tables.server";
import { now } from "#app/utils/clock";
import { formatLongDate, today } from "#app/utils/dates";
import type { VatRule } from "#app/utils/vat";
import { openEngagement } from "../engagements/engagement.server";
import { bookAcceptedQuote } from "./private-run.server";
import { QUOTABLE_STATUSES, type QuoteAcceptance, type QuoteInput } from "./quote";
import { quoteEmail } from "./quote-emails.server";
import { priceQuote } from "./quote-pricing";
import { quoteEndDate, quoteLineRecords, quoteRecord } from "./quote-record";

const LINK_PURPOSE = "quote";
const LINK_BASE = "/quote";
export const quoteUrl = (id: string) => signedUrl(LINK_PURPOSE, LINK_BASE, id);
export const quotePath = (id: string) => signedPath(LINK_PURPOSE, LINK_BASE, id);
export const quoteSignatureValid = (id: string, signature: string) =>
  verifySignature(LINK_PURPOSE, id, signature);

export type QuoteOutcome =
  | { ok: true; message: string; id: string }
  | { ok: false; status: number; message: string };

const ENQUIRY_ROW = (id: string) => ({
  table: enquiries,
  columns: {
    status: enquiries.status,
    followUpOn: enquiries.followUpOn,
    closedOn: enquiries.closedOn,
    courseId: enquiries.courseId,
    contactName: enquiries.contactName,
    contactEmail: enquiries.contactEmail,
    contactPhone: enquiries.contactPhone,
    topic: enquiries.topic,
    organisationName: enquiries.organisationName,
    organisationId: enquiries.organisationId,
  },
  where: eq(enquiries.id, id),
  recordId: id,
});

const QUOTE_ROW = (id: string) => ({
  table: quotes,
  columns: {
    status: quotes.status,
    validUntil: quotes.validUntil,
    answeredAt: quotes.answeredAt,
    answeredByName: quotes.answeredByName,
    answeredByPosition: quotes.answeredByPosition,
    lpoNumber: quotes.lpoNumber,
    declineReason: quotes.declineReason,
    kind: quotes.kind,
    totalCents: quotes.totalCents,
    vatRatePercent: quotes.vatRatePercent,
  },
  where: eq(quotes.id, id),
  recordId: id,
});

/** The invoices' VAT rule as it stands: what a quote is priced with. */
export async function quoteVatRule(executor: Executor = db()): Promise<VatRule> {
  const settings = await getSettings(executor);
  return {
    registered: settings.vat_registered,
    ratePercent: settings.vat_rate,
    pricesIncludeVat: settings.prices_include_vat,
  };
}

/**
 * Sends a new version of an enquiry's quote: priced with the invoices' VAT rule as it stands, e-mailed to the
 * enquiry's contact with its signed link. An unanswered earlier version is replaced (its link then says so), and
 * the enquiry becomes quoted. The enquiry's row is locked first, so two offices sending at once number their
 * versions one after the other. Audited.
 */
export async function sendQuote(
  actor: AuditActor,
  enquiryId: string,
  input: QuoteInput,
): Promise<QuoteOutcome> {
  if (input.validUntil < today()) {
    return { ok: false, status: 400, message: "The validity date has passed: choose today or a later day." };
  }
  const { schedule } = input;
  if (schedule && schedule.startDate < today()) {
    return { ok: false, status: 400, message: "The start date has passed: choose today or a later day." };
  }
  return db().transaction(async (tx) => {
    let endDate: string | null = null;
    if (schedule) {
      const [course] = await tx
        .select({ durationDays: courses.durationDays })
        .from(courses)
        .where(and(eq(courses.id, schedule.courseId), isNull(courses.archivedAt)));
      if (!course) {
        return { ok: false, status: 400, message: "Choose the course to schedule from the list." };
      }
      // left empty: as many days as the course lasts
      endDate = quoteEndDate(schedule, course.durationDays);
    }
    const row = ENQUIRY_ROW(enquiryId);
    const enquiry = await lockRow(tx, row);
    if (!enquiry) return { ok: false, status: 404, message: "This enquiry does not exist." };
    if (!QUOTABLE_STATUSES.includes(enquiry.status)) {
      return {
        ok: false,
        status: 409,
        message: `This enquiry is ${enquiry.status}: it takes no more quotes.`,
      };
    }
    const rule = await quoteVatRule(tx);
    const totals = priceQuote(input.lines, rule);
    const [last] = await tx
      .select({ version: max(quotes.version) })
      .from(quotes)
      .where(eq(quotes.enquiryId, enquiryId));
    const replaced = await tx
      .update(quotes)
      .set({ status: "replaced", updatedAt: new Date() })
      .where(and(eq(quotes.enquiryId, enquiryId), eq(quotes.status, "open")))
      .returning({ id: quotes.id });
    const version = (last?.version ?? 0) + 1;
    const quote = await auditedInsert(tx, actor, {
      action:
        replaced.length > 0 ? `Sent quote version ${version} (replacing an unanswered one)` : "Sent quote",
      table: quotes,
      columns: { id: quotes.id, version: quotes.version, totalCents: quotes.totalCents },
      values: { enquiryId, version, ...quoteRecord(input, endDate, totals, rule), createdById: actor.id },
    });
    await tx.insert(quoteLines).values(quoteLineRecords(quote.id, input, totals));
    if (enquiry.status !== "quoted") {
      await auditedUpdate(tx, actor, {
        action: "Updated enquiry",
        row,
        before: enquiry,
        values: { status: "quoted" },
      });
    }
    const contact = await getSiteContentValue(tx, "contact");
    await enqueueEmails(tx, [
      {
        to: enquiry.contactEmail,
        kind: "quote",
        relatedTable: "quotes",
        relatedId: quote.id,
        ...quoteEmail(
          {
            contactName: enquiry.contactName,
            organisation: enquiry.organisationName,
            version,
            totalCents: totals.totalCents,
            validUntil: input.validUntil,
            replacesEarlier: replaced.length > 0,
            url: quoteUrl(quote.id),
          },
          contact,
        ),
      },
    ]);
    return {
      ok: true,
      id: quote.id,
      message: `Quote version ${version} was sent to ${enquiry.contactEmail}.`,
    };
  });
}

/** The courses a quote may schedule: every course not archived, an inactive one included (in-house only). */
export async function listQuotableCourses() {
  return db()
    .select({ id: courses.id, title: courses.title, durationDays: courses.durationDays })
    .from(courses)
    .where(isNull(courses.archivedAt))
    .orderBy(asc(courses.title));
}

/** What a quote's page and PDF show of its enquiry and organisation (a sent quote's, or one previewed). */
export const QUOTE_PARTY_COLUMNS = {
  enquiry: {
    id: enquiries.id,
    contactName: enquiries.contactName,
    contactEmail: enquiries.contactEmail,
    organisationName: enquiries.organisationName,
    topic: enquiries.topic,
  },
  organisation: { name: organisations.name },
};

/** A quote with its lines, enquiry, course and organisation: what its page and PDF show. */
export async function getQuote(id: string, executor: Executor = db()) {
  const [row] = await executor
    .select({
      quote: quotes,
      ...QUOTE_PARTY_COLUMNS,
      courseTitle: courses.title,
    })
    .from(quotes)
    .innerJoin(enquiries, eq(enquiries.id, quotes.enquiryId))
    .leftJoin(organisations, eq(organisations.id, enquiries.organisationId))
    .leftJoin(courses, eq(courses.id, quotes.courseId))
    .where(eq(quotes.id, id));
  if (!row) return null;
  const lines = await executor
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, id))
    .orderBy(asc(quoteLines.position));
  const { startDate, endDate, venue } = row.quote;
  // older quotes scheduled nothing
  const schedule = startDate
    ? [runDatesText({ label: null, startDate, endDate }), venue].filter(Boolean).join(", ")
    : null;
  return { ...row, lines, schedule };
}
export type QuoteView = NonNullable<Awaited<ReturnType<typeof getQuote>>>;

/** An enquiry's quotes, newest version first, with the booking an accepted one made, for its page. */
export async function listEnquiryQuotes(enquiryId: string) {
  return db()
    .select({
      id: quotes.id,
      version: quotes.version,
      kind: quotes.kind,
      status: quotes.status,
      totalCents: quotes.totalCents,
      validUntil: quotes.validUntil,
      answeredByName: quotes.answeredByName,
      declineReason: quotes.declineReason,
      createdAt: quotes.createdAt,
      /** the booking its acceptance made, on its private run */
      bookingReference: bookings.reference,
    })
    .from(quotes)
    .leftJoin(bookings, eq(bookings.quoteId, quotes.id))
    .where(eq(quotes.enquiryId, enquiryId))
    .orderBy(desc(quotes.version));
}

/** Why a quote cannot be answered now, in the client's words; null when it can. */
function refusal(quote: { status: string; validUntil: string; answeredAt: Date | null }): string | null {
  const on = quote.answeredAt ? ` on ${formatLongDate(today(quote.answeredAt))}` : "";
  if (quote.status === "accepted") return `This quote was already accepted${on}. Nothing was changed.`;
  if (quote.status === "declined") return `This quote was declined${on}. Ask us for a new one.`;
  if (quote.status === "replaced") {
    return "This quote was replaced by a newer version, sent to you by e-mail. Please answer that one.";
  }
  if (quote.validUntil < today()) {
    return `This quote was valid until ${formatLongDate(quote.validUntil)}. Ask us for a new one.`;
  }
  return null;
}

/** Whether a quote can still be answered, and if not why, for its public page. */
export const quoteRefusal = refusal;

/**
 * The client's answer through the signed link. The enquiry is locked before the quote (the order sendQuote
 * takes), and the quote's status and validity are read under that lock, so of two answers at once one wins and
 * the other is told; a late, replaced or answered quote changes nothing. Accepting wins the enquiry and books
 * the quote's private run in the same transaction (a money transaction: the proforma is issued in it, and a
 * deadlock lost to another booking's payment runs it again).
 */
async function answerQuote(
  actor: AuditActor,
  id: string,
  answer: { accept: QuoteAcceptance } | { declineReason: string },
): Promise<QuoteOutcome> {
  return moneyTransaction(async (tx) => {
    const [found] = await tx.select({ enquiryId: quotes.enquiryId }).from(quotes).where(eq(quotes.id, id));
    if (!found) return { ok: false, status: 404, message: "This quote does not exist." };
    const enquiryRow = ENQUIRY_ROW(found.enquiryId);
    const enquiry = await lockRow(tx, enquiryRow);
    const row = QUOTE_ROW(id);
    const before = await lockRow(tx, row);
    if (!enquiry || !before) return { ok: false, status: 404, message: "This quote does not exist." };
    const refused = refusal(before);
    if (refused) return { ok: false, status: 409, message: refused };
    const answeredAt = now();
    if ("accept" in answer) {
      await auditedUpdate(tx, actor, {
        action: "Quote accepted",
        row,
        before,
        values: {
          status: "accepted",
          answeredAt,
          answeredByName: answer.accept.name,
          answeredByPosition: answer.accept.position,
          lpoNumber: answer.accept.lpoNumber,
        },
      });
      if (before.kind === "consultancy") {
        await openEngagement(tx, actor, {
          quoteId: id,
          enquiryId: found.enquiryId,
          organisationId: enquiry.organisationId,
          organisationName: enquiry.organisationName,
          topic: enquiry.topic,
          contactName: enquiry.contactName,
          contactEmail: enquiry.contactEmail,
          contactPhone: enquiry.contactPhone,
          lpoNumber: answer.accept.lpoNumber,
          totalCents: before.totalCents,
          vatRatePercent: before.vatRatePercent,
        });
      }
      const booked =
        before.kind === "training" ? await bookAcceptedQuote(tx, actor, id, answer.accept) : null;
      if (enquiry.status !== "won") {
        await auditedUpdate(tx, actor, {
          action: "Updated enquiry",
          row: enquiryRow,
          before: enquiry,
          values: { status: "won", followUpOn: null, closedOn: today(answeredAt) },
        });
      }
      return {
        ok: true,
        id,
        message:
          before.kind === "consultancy"
            ? "Thank you: you accepted this quote. We will be in touch to agree the milestones."
            : booked
              ? `Thank you: you accepted this quote. Your booking ${booked.reference} is confirmed${
                  booked.invoiced?.ok && booked.invoiced.document
                    ? " and its proforma invoice is on its way by e-mail"
                    : ""
                }; we will ask you for the participants' names.`
              : "Thank you: you accepted this quote. We will be in touch to confirm the dates.",
      };
    }
    await auditedUpdate(tx, actor, {
      action: "Quote declined",
      row,
      before,
      values: { status: "declined", answeredAt, declineReason: answer.declineReason },
    });
    return { ok: true, id, message: "Thank you: we recorded that you declined this quote, and why." };
  });
}

export const acceptQuote = (actor: AuditActor, id: string, input: QuoteAcceptance) =>
  answerQuote(actor, id, { accept: input });

export const declineQuote = (actor: AuditActor, id: string, reason: string) =>
  answerQuote(actor, id, { declineReason: reason });
