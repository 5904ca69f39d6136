import { and, asc, desc, eq, gte, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { seatsForRuns } from "#app/booking/index.server";
import { bookings, courseRegistrations as r } from "#app/booking/tables.server";
import { runDatesText, runDays } from "#app/delivery/index.server";
import { attendanceMarks, certificates, runReminders } from "#app/delivery/tables.server";
import { bookingBalance, documentPath, listedDocuments } from "#app/money/index.server";
import { cheques, financeDocuments, payments } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs, emailOutbox, smsOutbox, whatsappOutbox } from "#app/platform/db/tables.server";
import { maskedIdNumberColumns } from "#app/platform/personal-data/id-number.server";
import { getSetting } from "#app/platform/settings/setting.server";
import { smsAllowed } from "#app/platform/sms/sms-outbox.server";
import { WHATSAPP_TEMPLATES } from "#app/platform/whatsapp/templates";
import { whatsappAllowed } from "#app/platform/whatsapp/whatsapp-outbox.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { today } from "#app/utils/dates";
import { maskedIdNumber } from "#app/utils/id-number";
import { mobileNumber } from "#app/utils/phone";
import { bookingChangeRules, substitutionDeadline } from "./booking-rules";

/** The timeline shows this many of the newest entries; the audit log holds the rest. */
const TIMELINE_LIMIT = 100;

/** A booking with its course date, as every booking change reads it first. */
export async function findBooking(reference: string) {
  const [row] = await db()
    .select({
      id: bookings.id,
      reference: bookings.reference,
      status: bookings.status,
      contactName: bookings.contactName,
      contactEmail: bookings.contactEmail,
      contactPhone: bookings.contactPhone,
      contactSmsConsentAt: bookings.contactSmsConsentAt,
      contactWhatsappConsentAt: bookings.contactWhatsappConsentAt,
      organization: bookings.organization,
      kraPin: bookings.kraPin,
      lpoNumber: bookings.lpoNumber,
      nitaLevyNumber: bookings.nitaLevyNumber,
      participants: bookings.participants,
      createdAt: bookings.createdAt,
      courseId: courses.id,
      courseTitle: courses.title,
      courseSlug: courses.slug,
      runId: courseRuns.id,
      label: courseRuns.label,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
      venue: courseRuns.venue,
      country: courseRuns.country,
      runStatus: courseRuns.status,
    })
    .from(bookings)
    .leftJoin(courses, eq(courses.id, bookings.courseId))
    .leftJoin(courseRuns, eq(courseRuns.id, bookings.runId))
    .where(eq(bookings.reference, reference));
  if (!row) return null;
  return { ...row, dates: runDatesText(row) };
}

/** The other dates of the course a booking can move to: upcoming and not cancelled. */
async function otherRunsOf(courseId: string, runId: string | null) {
  const rows = await db()
    .select({
      id: courseRuns.id,
      label: courseRuns.label,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
      venue: courseRuns.venue,
    })
    .from(courseRuns)
    .where(
      and(
        eq(courseRuns.courseId, courseId),
        runId ? ne(courseRuns.id, runId) : undefined,
        ne(courseRuns.status, "cancelled"),
        or(isNull(courseRuns.startDate), gte(courseRuns.startDate, today())),
        eq(courseRuns.private, false),
      ),
    )
    .orderBy(asc(courseRuns.startDate));
  const seats = await seatsForRuns(rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    title: [runDatesText(row), row.venue].filter(Boolean).join(" · "),
    left: seats.get(row.id)?.left ?? null,
  }));
}

/**
 * Everything a booking's page shows: who booked, for whom, what was issued and paid, what was e-mailed, what
 * happened to it, and what it may still become (the dates to move to, the seats left, the substitution deadline).
 */
export async function getBookingPage(reference: string) {
  const booking = await findBooking(reference);
  if (!booking) return null;
  const participants = await db()
    .select({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      ...maskedIdNumberColumns(r),
      status: r.status,
      daysPresent: sql<number>`(select count(*) from ${attendanceMarks} m where m.registration_id = ${r.id} and m.run_id = ${r.runId} and m.present)`,
      certificateCode: certificates.code,
      certificateRevoked: sql<boolean>`(${certificates.revokedAt} is not null)`,
    })
    .from(r)
    .leftJoin(certificates, and(eq(certificates.registrationId, r.id), eq(certificates.runId, r.runId)))
    .where(and(eq(r.bookingId, booking.id), isNull(r.deletedAt)))
    .orderBy(asc(r.createdAt), asc(r.id));
  const [documents, ledger, balance, noticeDays, chequesHeld] = await Promise.all([
    db()
      .select({
        id: financeDocuments.id,
        kind: financeDocuments.kind,
        number: financeDocuments.number,
        version: financeDocuments.version,
        issuedOn: financeDocuments.issuedOn,
        totalCents: financeDocuments.totalCents,
        paidCents: financeDocuments.paidCents,
        relatesToId: financeDocuments.relatesToId,
      })
      .from(financeDocuments)
      .where(eq(financeDocuments.bookingId, booking.id))
      .orderBy(asc(financeDocuments.createdAt)),
    db()
      .select({
        id: payments.id,
        method: payments.method,
        amountCents: payments.amountCents,
        receivedOn: payments.receivedOn,
        transactionCode: payments.transactionCode,
        reason: payments.reason,
      })
      .from(payments)
      .where(eq(payments.bookingId, booking.id))
      .orderBy(asc(payments.receivedOn), asc(payments.createdAt)),
    bookingBalance(db(), booking.id),
    getSetting("substitution_notice_days"),
    // cheques not yet money, or returned unpaid: shown beside the balance, never in it (decision 0756)
    db()
      .select({
        id: cheques.id,
        number: cheques.number,
        bank: cheques.bank,
        amountCents: cheques.amountCents,
        state: cheques.state,
        clearsOn: cheques.clearsOn,
        settledOn: cheques.settledOn,
      })
      .from(cheques)
      .where(and(eq(cheques.bookingId, booking.id), ne(cheques.state, "cleared")))
      .orderBy(asc(cheques.receivedOn), asc(cheques.createdAt)),
  ]);
  const registrationIds = participants.map((p) => p.id);
  const documentIds = documents.map((d) => d.id);
  // the participants' reminders, by e-mail and SMS, are messages of the booking too
  const reminderIds =
    registrationIds.length > 0
      ? (
          await db()
            .select({ id: runReminders.id })
            .from(runReminders)
            .where(inArray(runReminders.registrationId, registrationIds))
        ).map((reminder) => reminder.id)
      : [];
  const relatedTo = (outbox: typeof emailOutbox | typeof smsOutbox | typeof whatsappOutbox) => {
    const one = (table: string, ids: string[]) =>
      ids.length > 0 ? and(eq(outbox.relatedTable, table), inArray(outbox.relatedId, ids)) : undefined;
    return or(
      one("bookings", [booking.id]),
      one("course_registrations", registrationIds),
      one("finance_documents", documentIds),
      one("run_reminders", reminderIds),
    );
  };
  const recordIds = [booking.id, ...registrationIds, ...documentIds, ...ledger.map((p) => p.id)];
  const [emails, texts, whatsapp, timeline, otherRuns, seats, smsAllowedToPhone, whatsappAllowedToPhone] =
    await Promise.all([
      db()
        .select({
          id: emailOutbox.id,
          to: emailOutbox.toAddress,
          subject: emailOutbox.subject,
          status: emailOutbox.status,
          createdAt: emailOutbox.createdAt,
          sentAt: emailOutbox.sentAt,
        })
        .from(emailOutbox)
        .where(relatedTo(emailOutbox))
        .orderBy(desc(emailOutbox.createdAt)),
      db()
        .select({
          id: smsOutbox.id,
          to: smsOutbox.toNumber,
          body: smsOutbox.body,
          segments: smsOutbox.segments,
          status: smsOutbox.status,
          providerStatus: smsOutbox.providerStatus,
          lastError: smsOutbox.lastError,
          createdAt: smsOutbox.createdAt,
          sentAt: smsOutbox.sentAt,
          deliveredAt: smsOutbox.deliveredAt,
          nextAttemptAt: smsOutbox.nextAttemptAt,
        })
        .from(smsOutbox)
        .where(relatedTo(smsOutbox))
        .orderBy(desc(smsOutbox.createdAt)),
      db()
        .select({
          id: whatsappOutbox.id,
          to: whatsappOutbox.toNumber,
          moment: whatsappOutbox.moment,
          variables: whatsappOutbox.variables,
          templateName: whatsappOutbox.templateName,
          status: whatsappOutbox.status,
          lastError: whatsappOutbox.lastError,
          createdAt: whatsappOutbox.createdAt,
          sentAt: whatsappOutbox.sentAt,
          deliveredAt: whatsappOutbox.deliveredAt,
          readAt: whatsappOutbox.readAt,
          nextAttemptAt: whatsappOutbox.nextAttemptAt,
        })
        .from(whatsappOutbox)
        .where(relatedTo(whatsappOutbox))
        .orderBy(desc(whatsappOutbox.createdAt)),
      db()
        .select({
          id: adminAuditLogs.id,
          action: adminAuditLogs.action,
          actorEmail: adminAuditLogs.actorEmail,
          actorRoles: adminAuditLogs.actorRoles,
          createdAt: adminAuditLogs.createdAt,
        })
        .from(adminAuditLogs)
        .where(inArray(adminAuditLogs.recordId, recordIds))
        .orderBy(desc(adminAuditLogs.createdAt))
        .limit(TIMELINE_LIMIT),
      booking.courseId ? otherRunsOf(booking.courseId, booking.runId) : [],
      booking.runId ? seatsForRuns([booking.runId]) : new Map(),
      smsAllowed(booking.contactPhone),
      whatsappAllowed(booking.contactPhone),
    ]);
  return {
    booking,
    participants: participants.map(({ hasIdNumber, idNumberLast4, ...person }) => ({
      ...person,
      daysPresent: Number(person.daysPresent),
      maskedIdNumber: maskedIdNumber({ hasIdNumber, idNumberLast4 }),
    })),
    documents: listedDocuments(documents).map((doc) => ({ ...doc, url: documentPath(doc.id) })),
    payments: ledger,
    cheques: chequesHeld,
    balance,
    emails,
    texts,
    /** the WhatsApp template messages (decision 0769), with their moment's label */
    whatsapp: whatsapp.map((message) => ({ ...message, label: WHATSAPP_TEMPLATES[message.moment].label })),
    /** the contact's SMS (decision 0767): on when they agreed and the number has not said STOP since */
    sms: {
      phone: mobileNumber(booking.contactPhone),
      on: booking.contactSmsConsentAt !== null && smsAllowedToPhone,
      since: booking.contactSmsConsentAt,
    },
    /** the contact's WhatsApp (decision 0772): on when they agreed and the number has not said STOP since */
    whatsappConsent: {
      phone: mobileNumber(booking.contactPhone),
      on: booking.contactWhatsappConsentAt !== null && whatsappAllowedToPhone,
      since: booking.contactWhatsappConsentAt,
    },
    timeline,
    otherRuns,
    seatsLeft: booking.runId ? (seats.get(booking.runId)?.left ?? null) : null,
    noticeDays,
    substitutionDeadline: booking.startDate ? substitutionDeadline(booking.startDate, noticeDays) : null,
    /** what may change today, by the one rule every screen asks (booking-rules.ts) */
    rules: bookingChangeRules(booking, today()),
    /** The firm's date, against which the page states its rules (the browser's clock may differ). */
    today: today(),
    // the run's sessions, not the calendar days between its dates (DESIGN §9)
    runDays: booking.runId ? (await runDays({ ...booking, id: booking.runId })).length : 0,
  };
}

export type BookingPage = NonNullable<Awaited<ReturnType<typeof getBookingPage>>>;
