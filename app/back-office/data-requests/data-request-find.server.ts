import crypto from "node:crypto";
import { and, asc, eq, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db, type Executor } from "#app/platform/db/client.server";
import {
  adminAuditLogs,
  bookings,
  certificates,
  contactSubmissions,
  courseFeedback,
  courseInterests,
  courseRegistrations,
  courseRuns,
  courses,
  emailOutbox,
  engagements,
  financeDocuments,
  paymentReviews,
  payments,
  quotes,
  enquiries as salesEnquiries,
} from "#app/platform/db/schema";
import { maskedIdNumberColumns } from "#app/platform/personal-data/id-number.server";
import { today } from "#app/utils/dates";
import { maskedIdNumber } from "#app/utils/id-number";
import type { Subject } from "./data-request";
import type { FoundKind } from "./data-request-kinds";

// Everything the firm holds about one person, found by the e-mail address or the phone number they gave (decision
// 0637). Only what carries that address or number, and what stands on it (a registration's feedback and
// certificate, a booking's invoices and payments), is theirs: a participant booked by their employer does not
// make the employer's booking theirs. A person known by both is searched for twice.

/**
 * A stored phone number in international digits, as `internationalDigits` (app/utils/phone.ts) writes it: "+"
 * keeps the digits, "00" drops, a leading "0" becomes Kenya's 254. A test keeps the two in step.
 */
export function internationalDigitsSql(column: AnyPgColumn | SQL): SQL {
  const digits = sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;
  return sql`(case
    when btrim(${column}) like '+%' then ${digits}
    when ${digits} like '00%' then substr(${digits}, 3)
    when ${digits} like '0%' then '254' || substr(${digits}, 2)
    else ${digits} end)`;
}

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

/** The stored value is the subject: the address in any case, or the number in any spelling M-PESA or a person uses. */
function matches(subject: Subject, column: AnyPgColumn): SQL {
  if (subject.kind === "email") return sql`lower(${column}) = ${subject.value}`;
  const same = sql`${internationalDigitsSql(column)} = ${subject.digits}`;
  // mpesa_msisdn_sha256 (migration 0013) reads 0712…, 712…, 254712… and +254 712… as one number
  return subject.msisdn ? sql`(${same} or mpesa_msisdn_sha256(${column}) = ${sha256(subject.msisdn)})` : same;
}

/**
 * A place still in use: on a course date that has not ended (or has no dates yet) and was not cancelled, or on no
 * date at all yet (a booking waiting to be scheduled, `open` here, is still an order to deliver).
 */
const stillOn = (open: SQL) => sql<boolean>`(case when ${courseRuns.id} is null then ${open}
  else ${courseRuns.status} <> 'cancelled'
    and coalesce(${courseRuns.endDate}, ${courseRuns.startDate}, '9999-12-31') >= ${today()} end)`;

const none = <T>(): Promise<T[]> => Promise.resolve([]);

export async function findPersonalData(subject: Subject, executor: Executor = db()) {
  const byEmail = subject.kind === "email";
  const registrationRows = await executor
    .select({
      id: courseRegistrations.id,
      reference: sql<
        string | null
      >`coalesce(${courseRegistrations.bookingReference}, ${courseRegistrations.reference})`,
      name: courseRegistrations.name,
      email: courseRegistrations.email,
      phone: courseRegistrations.phone,
      organization: courseRegistrations.organization,
      ...maskedIdNumberColumns,
      courseName: courseRegistrations.courseName,
      courseDate: courseRegistrations.courseDate,
      courseVenue: courseRegistrations.courseVenue,
      specialRequirements: courseRegistrations.specialRequirements,
      status: courseRegistrations.status,
      bookingId: courseRegistrations.bookingId,
      ip: courseRegistrations.ip,
      createdAt: courseRegistrations.createdAt,
      deletedAt: courseRegistrations.deletedAt,
      // still needed to deliver the course: a live place on a date that has not ended
      live: sql<boolean>`(${courseRegistrations.status} <> 'cancelled' and ${courseRegistrations.deletedAt} is null
        and ${stillOn(sql`${courseRegistrations.status} <> 'attended'`)})`,
    })
    .from(courseRegistrations)
    .leftJoin(courseRuns, eq(courseRuns.id, courseRegistrations.runId))
    .where(matches(subject, byEmail ? courseRegistrations.email : courseRegistrations.phone))
    .orderBy(asc(courseRegistrations.createdAt), asc(courseRegistrations.id));
  const registrations = registrationRows.map(({ hasIdNumber, idNumberLast4, ...row }) => ({
    ...row,
    maskedIdNumber: maskedIdNumber({ hasIdNumber, idNumberLast4 }),
  }));
  const registrationIds = registrations.map((r) => r.id);

  const bookingRows = await executor
    .select({
      id: bookings.id,
      reference: bookings.reference,
      contactName: bookings.contactName,
      contactEmail: bookings.contactEmail,
      contactPhone: bookings.contactPhone,
      organization: bookings.organization,
      kraPin: bookings.kraPin,
      lpoNumber: bookings.lpoNumber,
      participants: bookings.participants,
      status: bookings.status,
      courseTitle: courses.title,
      ip: bookings.ip,
      createdAt: bookings.createdAt,
      // a milestone's billing booking delivers nothing: its engagement says whether it is still running
      live: sql<boolean>`(${bookings.kind} = 'course' and ${bookings.status} <> 'cancelled' and ${stillOn(sql`true`)})`,
    })
    .from(bookings)
    .leftJoin(courseRuns, eq(courseRuns.id, bookings.runId))
    .leftJoin(courses, eq(courses.id, bookings.courseId))
    .where(matches(subject, byEmail ? bookings.contactEmail : bookings.contactPhone))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
  const bookingIds = bookingRows.map((b) => b.id);

  const [enquiries, interests, feedback, certificateRows, financeRows, paymentRows, reviewRows, emailRows] =
    await Promise.all([
      executor
        .select({
          id: contactSubmissions.id,
          name: contactSubmissions.name,
          email: contactSubmissions.email,
          phone: contactSubmissions.phone,
          organization: contactSubmissions.organization,
          courseInterest: contactSubmissions.courseInterest,
          message: contactSubmissions.message,
          status: contactSubmissions.status,
          ip: contactSubmissions.ip,
          createdAt: contactSubmissions.createdAt,
          deletedAt: contactSubmissions.deletedAt,
        })
        .from(contactSubmissions)
        .where(matches(subject, byEmail ? contactSubmissions.email : contactSubmissions.phone))
        .orderBy(asc(contactSubmissions.createdAt)),
      byEmail
        ? executor
            .select({
              id: courseInterests.id,
              name: courseInterests.name,
              email: courseInterests.email,
              courseTitle: courses.title,
              ip: courseInterests.ip,
              createdAt: courseInterests.createdAt,
            })
            .from(courseInterests)
            .innerJoin(courses, eq(courses.id, courseInterests.courseId))
            .where(matches(subject, courseInterests.email))
            .orderBy(asc(courseInterests.createdAt))
        : none<never>(),
      registrationIds.length > 0
        ? executor
            .select({
              id: courseFeedback.id,
              registrationId: courseFeedback.registrationId,
              submittedAt: courseFeedback.submittedAt,
              courseRating: courseFeedback.courseRating,
              facilitatorRating: courseFeedback.facilitatorRating,
              mostUseful: courseFeedback.mostUseful,
              improve: courseFeedback.improve,
              consentToQuote: courseFeedback.consentToQuote,
              quoteName: courseFeedback.quoteName,
              quotePosition: courseFeedback.quotePosition,
              testimonialId: courseFeedback.testimonialId,
            })
            .from(courseFeedback)
            .where(inArray(courseFeedback.registrationId, registrationIds))
        : none<never>(),
      registrationIds.length > 0
        ? executor
            .select({
              id: certificates.id,
              registrationId: certificates.registrationId,
              code: certificates.code,
              recipientName: certificates.recipientName,
              courseTitle: certificates.courseTitle,
              dates: certificates.dates,
              issuedAt: certificates.issuedAt,
              revokedAt: certificates.revokedAt,
            })
            .from(certificates)
            .where(inArray(certificates.registrationId, registrationIds))
            .orderBy(asc(certificates.issuedAt))
        : none<never>(),
      bookingIds.length > 0
        ? executor
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
            .orderBy(asc(financeDocuments.issuedOn), asc(financeDocuments.number))
        : none<never>(),
      executor
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
            byEmail ? undefined : payerPhoneMatches(subject, payments.payerPhone),
          ) ?? sql`false`,
        )
        .orderBy(asc(payments.receivedOn), asc(payments.createdAt)),
      byEmail
        ? none<never>()
        : executor
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
            .orderBy(asc(paymentReviews.createdAt)),
      byEmail
        ? executor
            .select({
              id: emailOutbox.id,
              toAddress: emailOutbox.toAddress,
              subject: emailOutbox.subject,
              kind: emailOutbox.kind,
              status: emailOutbox.status,
              relatedTable: emailOutbox.relatedTable,
              relatedId: emailOutbox.relatedId,
              createdAt: emailOutbox.createdAt,
              sentAt: emailOutbox.sentAt,
            })
            .from(emailOutbox)
            .where(matches(subject, emailOutbox.toAddress))
            .orderBy(asc(emailOutbox.createdAt))
        : none<never>(),
    ]);

  const sales = await findSalesRecords(
    subject,
    enquiries.map((e) => e.id),
    executor,
  );

  const recordIds = [
    ...registrationIds,
    ...bookingIds,
    ...enquiries.map((e) => e.id),
    ...interests.map((i) => i.id),
    ...sales.salesEnquiries.map((e) => e.id),
    ...sales.quotes.map((q) => q.id),
    ...sales.engagements.map((e) => e.id),
  ];
  const [audit] =
    recordIds.length > 0
      ? await executor
          .select({ n: sql<number>`count(*)::int` })
          .from(adminAuditLogs)
          .where(and(isNotNull(adminAuditLogs.recordId), inArray(adminAuditLogs.recordId, recordIds)))
      : [{ n: 0 }];

  const referenceOf = new Map(bookingRows.map((b) => [b.id, b.reference]));
  return {
    subject,
    registrations,
    bookings: bookingRows,
    enquiries,
    interests,
    feedback,
    certificates: certificateRows,
    financeDocuments: financeRows.map((d) => ({
      ...d,
      bookingReference: referenceOf.get(d.bookingId) ?? null,
    })),
    payments: paymentRows.map((p) => ({
      ...p,
      bookingReference: p.bookingId ? (referenceOf.get(p.bookingId) ?? null) : null,
    })),
    paymentReviews: reviewRows,
    emails: emailRows,
    ...sales,
    auditRows: audit?.n ?? 0,
  };
}

/**
 * The office's sales records about the person: the enquiries they are the contact of (an in-house request, or
 * the follow-up of a contact-form message, `submissionIds`), the quotes sent for those enquiries (with who
 * answered them), and the consultancy engagements they are the contact of, with the billing bookings of their
 * invoiced milestones (whose invoices the bookings' rule keeps).
 */
async function findSalesRecords(subject: Subject, submissionIds: string[], executor: Executor) {
  const byEmail = subject.kind === "email";
  const enquiryRows = await executor
    .select({
      id: salesEnquiries.id,
      kind: salesEnquiries.kind,
      status: salesEnquiries.status,
      contactName: salesEnquiries.contactName,
      contactEmail: salesEnquiries.contactEmail,
      contactPhone: salesEnquiries.contactPhone,
      organisationName: salesEnquiries.organisationName,
      topic: salesEnquiries.topic,
      preferredDates: salesEnquiries.preferredDates,
      venue: salesEnquiries.venue,
      message: salesEnquiries.message,
      ip: salesEnquiries.ip,
      createdAt: salesEnquiries.createdAt,
      /** quotes and engagements stand on it: it is anonymised, not deleted */
      // written out: drizzle leaves a one-table select's columns unqualified, which the subquery would read as its own
      quoted: sql<boolean>`exists (select 1 from quotes q where q.enquiry_id = enquiries.id)`,
    })
    .from(salesEnquiries)
    .where(
      or(
        matches(subject, byEmail ? salesEnquiries.contactEmail : salesEnquiries.contactPhone),
        submissionIds.length > 0 ? inArray(salesEnquiries.contactSubmissionId, submissionIds) : undefined,
      ),
    )
    .orderBy(asc(salesEnquiries.createdAt), asc(salesEnquiries.id));
  const enquiryIds = enquiryRows.map((e) => e.id);
  const [quoteRows, engagementRows] = await Promise.all([
    enquiryIds.length > 0
      ? executor
          .select({
            id: quotes.id,
            enquiryId: quotes.enquiryId,
            kind: quotes.kind,
            version: quotes.version,
            status: quotes.status,
            totalCents: quotes.totalCents,
            answeredAt: quotes.answeredAt,
            answeredByName: quotes.answeredByName,
            answeredByPosition: quotes.answeredByPosition,
            lpoNumber: quotes.lpoNumber,
            createdAt: quotes.createdAt,
          })
          .from(quotes)
          .where(inArray(quotes.enquiryId, enquiryIds))
          .orderBy(asc(quotes.createdAt), asc(quotes.id))
      : none<never>(),
    executor
      .select({
        id: engagements.id,
        title: engagements.title,
        status: engagements.status,
        contactName: engagements.contactName,
        contactEmail: engagements.contactEmail,
        contactPhone: engagements.contactPhone,
        organisationName: engagements.organisationName,
        lpoNumber: engagements.lpoNumber,
        totalCents: engagements.totalCents,
        createdAt: engagements.createdAt,
        billingBookingIds: sql<
          string[]
        >`coalesce((select array_agg(m.booking_id::text) from engagement_milestones m
          where m.engagement_id = engagements.id and m.booking_id is not null), '{}')`,
      })
      .from(engagements)
      .where(matches(subject, byEmail ? engagements.contactEmail : engagements.contactPhone))
      .orderBy(asc(engagements.createdAt), asc(engagements.id)),
  ]);
  return { salesEnquiries: enquiryRows, quotes: quoteRows, engagements: engagementRows };
}

/** M-PESA sends the payer's number plain, masked or (since 2024) as the SHA-256 of its MSISDN. */
function payerPhoneMatches(subject: Subject, column: AnyPgColumn): SQL {
  if (subject.kind !== "phone") return sql`false`;
  const plain = matches(subject, column);
  return subject.msisdn ? sql`(${plain} or lower(${column}) = ${sha256(subject.msisdn)})` : plain;
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
    emails: found.emails.length,
    salesEnquiries: found.salesEnquiries.length,
    quotes: found.quotes.length,
    engagements: found.engagements.length,
    auditRows: found.auditRows,
  };
}

/** All the registrations' sealed ID numbers, for an export (which opens them). */
export async function sealedIdNumbers(registrationIds: string[], executor: Executor = db()) {
  if (registrationIds.length === 0) return new Map<string, string | null>();
  const rows = await executor
    .select({ id: courseRegistrations.id, idNumber: courseRegistrations.idNumber })
    .from(courseRegistrations)
    .where(inArray(courseRegistrations.id, registrationIds));
  return new Map(rows.map((row) => [row.id, row.idNumber]));
}
