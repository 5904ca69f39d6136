import { desc } from "drizzle-orm";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { dataRequests } from "#app/platform/db/schema";
import { openIdNumber } from "#app/platform/personal-data/id-number.server";
import { getSettings } from "#app/platform/settings/setting.server";
import { centsToDecimal } from "#app/utils/cents";
import { now } from "#app/utils/clock";
import type { Subject } from "./data-request";
import { countFound, findPersonalData, sealedIdNumbers } from "./data-request-find.server";

// A person's copy of what the firm holds about them (decision 0637): the records as they stand, ID numbers opened
// (the copy is theirs), money as integer cents beside the amount in KES. The JSON and the PDF say the same.

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const money = (cents: number | null) => (cents === null ? null : { cents, kes: centsToDecimal(cents) });

/** Everything found about `subject`, as the export hands it over. */
export async function personalDataCopy(subject: Subject) {
  const [found, settings] = await Promise.all([findPersonalData(subject), getSettings()]);
  const sealed = await sealedIdNumbers(found.registrations.map((r) => r.id));
  const copy = {
    heldBy: settings.finance_legal_name,
    subject: subject.value,
    exportedAt: now().toISOString(),
    retentionOfFinancialRecordsYears: settings.financial_records_retention_years,
    registrations: found.registrations.map((r) => ({
      reference: r.reference,
      name: r.name,
      email: r.email,
      phone: r.phone,
      organization: r.organization,
      idOrPassportNumber: openIdNumber(sealed.get(r.id) ?? null),
      course: r.courseName,
      courseDate: r.courseDate,
      venue: r.courseVenue,
      specialRequirements: r.specialRequirements,
      status: r.status,
      registeredAt: iso(r.createdAt),
      deletedAt: iso(r.deletedAt),
      ipAddress: r.ip,
    })),
    bookings: found.bookings.map((b) => ({
      reference: b.reference,
      course: b.courseTitle,
      contactName: b.contactName,
      contactEmail: b.contactEmail,
      contactPhone: b.contactPhone,
      organization: b.organization,
      kraPin: b.kraPin,
      lpoNumber: b.lpoNumber,
      participants: b.participants,
      status: b.status,
      bookedAt: iso(b.createdAt),
      ipAddress: b.ip,
    })),
    enquiries: found.enquiries.map((e) => ({
      name: e.name,
      email: e.email,
      phone: e.phone,
      organization: e.organization,
      courseInterest: e.courseInterest,
      message: e.message,
      status: e.status,
      sentAt: iso(e.createdAt),
      deletedAt: iso(e.deletedAt),
      ipAddress: e.ip,
    })),
    officeEnquiries: found.salesEnquiries.map((e) => ({
      kind: e.kind,
      status: e.status,
      contactName: e.contactName,
      contactEmail: e.contactEmail,
      contactPhone: e.contactPhone,
      organization: e.organisationName,
      topic: e.topic,
      preferredDates: e.preferredDates,
      venue: e.venue,
      message: e.message,
      sentAt: iso(e.createdAt),
      ipAddress: e.ip,
    })),
    quotes: found.quotes.map((q) => ({
      kind: q.kind,
      version: q.version,
      status: q.status,
      total: money(q.totalCents),
      answeredByName: q.answeredByName,
      answeredByPosition: q.answeredByPosition,
      lpoNumber: q.lpoNumber,
      answeredAt: iso(q.answeredAt),
      sentAt: iso(q.createdAt),
    })),
    engagements: found.engagements.map((e) => ({
      title: e.title,
      status: e.status,
      contactName: e.contactName,
      contactEmail: e.contactEmail,
      contactPhone: e.contactPhone,
      organization: e.organisationName,
      lpoNumber: e.lpoNumber,
      total: money(e.totalCents),
      openedAt: iso(e.createdAt),
    })),
    courseInterests: found.interests.map((i) => ({
      course: i.courseTitle,
      name: i.name,
      email: i.email,
      askedAt: iso(i.createdAt),
      ipAddress: i.ip,
    })),
    feedback: found.feedback.map((f) => ({
      submittedAt: iso(f.submittedAt),
      courseRating: f.courseRating,
      facilitatorRating: f.facilitatorRating,
      mostUseful: f.mostUseful,
      improve: f.improve,
      consentToQuote: f.consentToQuote,
      quoteName: f.quoteName,
      quotePosition: f.quotePosition,
    })),
    certificates: found.certificates.map((c) => ({
      code: c.code,
      recipientName: c.recipientName,
      course: c.courseTitle,
      dates: c.dates,
      issuedAt: iso(c.issuedAt),
      revokedAt: iso(c.revokedAt),
    })),
    financeDocuments: found.financeDocuments.map((d) => ({
      kind: d.kind,
      number: d.number,
      issuedOn: d.issuedOn,
      buyer: d.buyerName,
      total: money(d.totalCents),
      bookingReference: d.bookingReference,
    })),
    payments: found.payments.map((p) => ({
      method: p.method,
      amount: money(p.amountCents),
      receivedOn: p.receivedOn,
      transactionCode: p.transactionCode,
      payer: p.payer,
      payerPhone: p.payerPhone,
      bookingReference: p.bookingReference,
    })),
    paymentsHeldForReview: found.paymentReviews.map((r) => ({
      transactionCode: r.transactionCode,
      amount: money(r.amountCents),
      receivedOn: r.receivedOn,
      payer: r.payer,
      state: r.state,
    })),
    emails: found.emails.map((e) => ({
      to: e.toAddress,
      subject: e.subject,
      status: e.status,
      queuedAt: iso(e.createdAt),
      sentAt: iso(e.sentAt),
    })),
  };
  return { copy, found };
}

export type PersonalDataCopy = Awaited<ReturnType<typeof personalDataCopy>>["copy"];

/** Records a handed-over copy: the request's row and its audit line, which says the copy holds ID numbers. */
export async function recordExport(
  actor: AuditActor,
  subject: Subject,
  askedBy: string,
  format: "json" | "pdf",
  found: Awaited<ReturnType<typeof findPersonalData>>,
) {
  const counts = countFound(found);
  const withIdNumbers = found.registrations.filter((r) => r.maskedIdNumber !== null).length;
  await db().transaction(async (tx) => {
    const [request] = await tx
      .insert(dataRequests)
      .values({
        kind: "export",
        format,
        subject: subject.value,
        askedBy,
        found: counts,
        handledBy: actor.id,
        handledByEmail: actor.email,
      })
      .returning({ id: dataRequests.id });
    await recordAudit(tx, actor, {
      action: `Exported personal data (${format.toUpperCase()})${withIdNumbers > 0 ? " with full ID numbers" : ""}`,
      tableName: "data_requests",
      recordId: request?.id ?? null,
      newValues: { found: counts, withIdNumbers },
    });
  });
}

/** The requests handled lately, newest first, for the tool's page. */
export function listDataRequests(limit = 20) {
  return db()
    .select({
      id: dataRequests.id,
      kind: dataRequests.kind,
      format: dataRequests.format,
      subject: dataRequests.subject,
      askedBy: dataRequests.askedBy,
      found: dataRequests.found,
      erased: dataRequests.erased,
      kept: dataRequests.kept,
      handledByEmail: dataRequests.handledByEmail,
      createdAt: dataRequests.createdAt,
    })
    .from(dataRequests)
    .orderBy(desc(dataRequests.createdAt))
    .limit(limit);
}
