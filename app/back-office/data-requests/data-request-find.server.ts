import { bookingsPersonalData } from "#app/bookings/index.server";
import { deliveryPersonalData } from "#app/delivery/index.server";
import { moneyPersonalData } from "#app/money/index.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { countAuditRows, outboxPersonalData } from "#app/platform/personal-data/platform-records.server";
import type { Subject } from "#app/platform/personal-data/subject";
import { salesPersonalData } from "#app/sales/index.server";
import type { FoundKind } from "./data-request-kinds";

// Everything the firm holds about one person, found by the e-mail address or the phone number they gave (decision
// 0637), each feature finding its own rows (decision 0715). Only what carries that address or number, and what
// stands on it (a registration's feedback and certificate, a booking's invoices and payments), is theirs. A person
// known by both is searched for twice.

/**
 * Asks each feature for its part. Bookings' part goes first: money finds the invoices and payments of the bookings
 * it found, delivery the feedback and certificates of its registrations; the audit rows are about them all.
 */
export async function findPersonalData(subject: Subject, executor: Executor = db()) {
  const booked = await bookingsPersonalData.find(subject, undefined, executor);
  const [money, delivery, sales, outbox] = await Promise.all([
    moneyPersonalData.find(subject, { bookings: booked.bookings }, executor),
    deliveryPersonalData.find(subject, { registrationIds: booked.registrations.map((r) => r.id) }, executor),
    salesPersonalData.find(subject, undefined, executor),
    outboxPersonalData.find(subject, undefined, executor),
  ]);
  const recordIds = [
    ...[...booked.registrations, ...booked.bookings].map((r) => r.id),
    ...[...sales.enquiries, ...booked.interests].map((r) => r.id),
    ...[...sales.salesEnquiries, ...sales.quotes, ...sales.engagements].map((r) => r.id),
  ];
  const auditRows = await countAuditRows(recordIds, executor);
  return { subject, ...booked, ...delivery, ...money, ...outbox, ...sales, auditRows };
}

export type PersonalData = Awaited<ReturnType<typeof findPersonalData>>;

/** How many records of each kind were found (what the request's record keeps, never the records). */
export function countFound(found: PersonalData): Record<FoundKind, number> {
  return {
    registrations: found.registrations.length,
    bookings: found.bookings.length,
    enquiries: found.enquiries.length,
    interests: found.interests.length,
    feedback: found.feedback.length,
    certificates: found.certificates.length,
    financeDocuments: found.financeDocuments.length,
    payments: found.payments.length,
    paymentReviews: found.paymentReviews.length,
    cheques: found.cheques.length,
    emails: found.emails.length,
    texts: found.texts.length,
    whatsapp: found.whatsapp.length,
    salesEnquiries: found.salesEnquiries.length,
    quotes: found.quotes.length,
    engagements: found.engagements.length,
    auditRows: found.auditRows,
  };
}
