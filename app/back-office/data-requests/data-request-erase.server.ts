import { asc, eq, inArray, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import type { Executor, Tx } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import {
  adminAuditLogs,
  bookings,
  contactSubmissions,
  courseFeedback,
  courseInterests,
  courseRegistrations,
  dataRequests,
  emailOutbox,
  engagements,
  enquiries,
  quotes,
} from "#app/platform/db/schema";
import { getSettings } from "#app/platform/settings/setting.server";
import { formatKes } from "#app/utils/cents";
import { formatLongDate, today } from "#app/utils/dates";
import { addYears, type Subject } from "./data-request";
import { countFound, findPersonalData, type PersonalData } from "./data-request-find.server";
import type { ErasedKind, KeptRecord } from "./data-request-kinds";

// An erasure (decision 0637): what the law lets go is deleted (enquiries, "notify me" requests, e-mails) or
// anonymised where other records stand on it (registrations, bookings); what it requires, or what the house never
// destroys, is kept and said: a place on a course date still running, invoices, receipts, credit notes and
// payments within the retention period (and as issued after it: they are immutable), certificates.

export const ERASED_NAME = { participant: "Erased participant", contact: "Erased contact" } as const;
/** An address no mail can reach (RFC 2606 .invalid), unique per row so no two erased rows look alike. */
const erasedAddress = (id: string) => `erased-${id}@erased.invalid`;
/** What replaces a personal value in the audit log's before and after values. */
export const REDACTED = "[erased]";

const DOCUMENT_LABELS: Record<string, string> = {
  proforma: "Proforma invoice",
  receipt: "Receipt",
  credit_note: "Credit note",
};

export type ErasurePlan = {
  deleteEnquiries: string[];
  deleteInterests: string[];
  deleteEmails: string[];
  anonymiseRegistrations: string[];
  /** the office's enquiries: deleted, or anonymised when quotes stand on them */
  deleteSalesEnquiries: string[];
  anonymiseSalesEnquiries: string[];
  /** quotes whose answerer's name and position go */
  anonymiseQuotes: string[];
  anonymiseEngagements: string[];
  /** keepBuyer: within the retention period the buyer named on the booking's invoices stays; only the IP goes */
  anonymiseBookings: { id: string; keepBuyer: boolean }[];
  clearFeedbackQuotes: string[];
  /** the records whose audit rows have their personal values replaced */
  redactAuditOf: string[];
  kept: KeptRecord[];
};

const STILL_RUNNING =
  "Its course date has not ended (or is not set yet), so the booking is still needed to deliver the course. Cancel the place first, or erase again after the course date.";

/**
 * What an erasure of `found` would do today, without doing it: the page shows it before the owner confirms, and
 * the erasure applies the plan it makes again inside its transaction.
 */
export function planErasure(
  found: PersonalData,
  { on = today(), retentionYears }: { on?: string; retentionYears: number },
): ErasurePlan {
  const kept: KeptRecord[] = [];
  const liveRegistrations = found.registrations.filter((r) => r.live);
  for (const r of liveRegistrations) {
    kept.push({
      what: `Place of ${r.name} on ${r.courseName}${r.courseDate ? ` (${r.courseDate})` : ""}, booking ${r.reference ?? "without reference"}`,
      why: STILL_RUNNING,
    });
  }

  // a booking's financial records: kept for the retention period after the last of them
  const retainedUntil = new Map<string, string>();
  for (const b of found.bookings) {
    const dates = [
      ...found.financeDocuments.filter((d) => d.bookingId === b.id).map((d) => d.issuedOn),
      ...found.payments.filter((p) => p.bookingId === b.id).map((p) => p.receivedOn),
    ].sort();
    const last = dates.at(-1);
    if (last) retainedUntil.set(b.id, addYears(last, retentionYears));
  }
  const withinRetention = (bookingId: string | null) => {
    const until = bookingId ? retainedUntil.get(bookingId) : undefined;
    return until !== undefined && until > on ? until : null;
  };
  /** A record kept for the retention period after its booking's last record, or after its own date. */
  const taxReason = (what: string, record: { bookingId: string | null; on: string }, unchanged: string) => {
    const until =
      (record.bookingId && retainedUntil.get(record.bookingId)) || addYears(record.on, retentionYears);
    return until > on
      ? `Tax law requires ${what} to be kept for ${retentionYears} years (here until ${formatLongDate(until)}). ${unchanged}`
      : `The ${retentionYears}-year retention period has ended, but issued records are never altered or destroyed (decision 0630): it stays as it is.`;
  };

  const anonymiseBookings: ErasurePlan["anonymiseBookings"] = [];
  for (const b of found.bookings) {
    if (b.live) {
      kept.push({ what: `Booking ${b.reference} (${b.courseTitle ?? "no course"})`, why: STILL_RUNNING });
      continue;
    }
    const until = withinRetention(b.id);
    if (until) {
      kept.push({
        what: `Booking ${b.reference}: the buyer's name, organisation, KRA PIN, LPO number, e-mail and phone`,
        why: `They are the buyer printed on the booking's invoices, kept until ${formatLongDate(until)}: a receipt or credit note issued later must name the same buyer. Its IP address is erased.`,
      });
    }
    anonymiseBookings.push({ id: b.id, keepBuyer: until !== null });
  }
  for (const d of found.financeDocuments) {
    kept.push({
      what: `${DOCUMENT_LABELS[d.kind] ?? d.kind} ${d.number} of ${formatLongDate(d.issuedOn)} (${formatKes(d.totalCents)}, booking ${d.bookingReference ?? "unknown"})`,
      why: taxReason(
        "invoices, receipts and credit notes",
        { bookingId: d.bookingId, on: d.issuedOn },
        "Issued documents are never altered, so the buyer's details printed on it stay.",
      ),
    });
  }
  for (const p of found.payments) {
    kept.push({
      what: `Payment of ${formatKes(p.amountCents)} by ${p.method} on ${formatLongDate(p.receivedOn)}${p.transactionCode ? ` (${p.transactionCode})` : ""}`,
      why: taxReason(
        "payment records",
        { bookingId: p.bookingId, on: p.receivedOn },
        "The payments ledger is never altered, so the payer's name and number stay on it.",
      ),
    });
  }
  for (const r of found.paymentReviews) {
    kept.push({
      what: `Payment ${r.transactionCode} held for review`,
      why: "Money that arrived is kept whole until a person records or dismisses it, and then as the payments ledger is.",
    });
  }
  for (const c of found.certificates) {
    kept.push({
      what: `Certificate ${c.code} for ${c.courseTitle}, in the name of ${c.recipientName}`,
      why: "Issued certificates are never deleted, so that anyone holding one can check it at /verify (decision 0630).",
    });
  }
  for (const f of found.feedback.filter((f) => f.testimonialId)) {
    kept.push({
      what: `A testimonial quoted from feedback ${f.id.slice(0, 8)}`,
      why: "It was published with their consent and is site content: remove it on the Testimonials page if they withdraw that consent.",
    });
  }

  // e-mails still waiting belong to a booking that is still running; the rest have done their work
  const waiting = found.emails.filter((e) => e.status === "pending");
  const keepWaiting =
    waiting.length > 0 && (liveRegistrations.length > 0 || found.bookings.some((b) => b.live));
  if (keepWaiting) {
    kept.push({
      what: `${waiting.length} e-mail(s) waiting to be sent`,
      why: "They belong to the booking that is still running (joining instructions, reminders, its invoice).",
    });
  }

  // an engagement follows its billing bookings' rule: its contact is the buyer on their invoices
  const anonymiseEngagements: string[] = [];
  for (const e of found.engagements) {
    if (e.status === "active") {
      kept.push({
        what: `Engagement "${e.title}": the contact's name, e-mail and phone`,
        why: "The engagement is still running: its milestones' invoices go to this contact. Erase again once it is completed or cancelled.",
      });
      continue;
    }
    const until = e.billingBookingIds
      .map((id) => withinRetention(id))
      .filter((d): d is string => d !== null)
      .sort()
      .at(-1);
    if (until) {
      kept.push({
        what: `Engagement "${e.title}": the contact's name, e-mail and phone`,
        why: `They are the buyer printed on its milestones' invoices, kept until ${formatLongDate(until)}.`,
      });
      continue;
    }
    anonymiseEngagements.push(e.id);
  }
  const salesEnquiries = found.salesEnquiries.filter((e) => !e.quoted).map((e) => e.id);
  const anonymiseSalesEnquiries = found.salesEnquiries.filter((e) => e.quoted).map((e) => e.id);
  const anonymiseQuotes = found.quotes
    .filter((q) => q.answeredByName || q.answeredByPosition)
    .map((q) => q.id);

  const anonymiseRegistrations = found.registrations.filter((r) => !r.live).map((r) => r.id);
  const deleteEnquiries = found.enquiries.map((e) => e.id);
  const deleteInterests = found.interests.map((i) => i.id);
  return {
    deleteEnquiries,
    deleteSalesEnquiries: salesEnquiries,
    anonymiseSalesEnquiries,
    anonymiseQuotes,
    anonymiseEngagements,
    deleteInterests,
    deleteEmails: found.emails.filter((e) => !keepWaiting || e.status !== "pending").map((e) => e.id),
    anonymiseRegistrations,
    anonymiseBookings,
    clearFeedbackQuotes: found.feedback
      .filter((f) => anonymiseRegistrations.includes(f.registrationId) && (f.quoteName || f.quotePosition))
      .map((f) => f.id),
    redactAuditOf: [
      ...anonymiseRegistrations,
      ...anonymiseBookings.filter((b) => !b.keepBuyer).map((b) => b.id),
      ...deleteEnquiries,
      ...deleteInterests,
      ...salesEnquiries,
      ...anonymiseSalesEnquiries,
      ...anonymiseQuotes,
      ...anonymiseEngagements,
    ],
    kept,
  };
}

/** The keys of personal values in audit rows' before and after values, in both spellings. */
const PERSONAL_KEYS = new Set(
  [
    "name",
    "email",
    "phone",
    "organization",
    "message",
    "ip",
    "idNumber",
    "idNumberLast4",
    "specialRequirements",
    "contactName",
    "contactEmail",
    "contactPhone",
    "contactPhoneSha256",
    "phoneSha256",
    "kraPin",
    "lpoNumber",
    "courseInterest",
    "quoteName",
    "quotePosition",
    "answeredByName",
    "answeredByPosition",
  ].flatMap((key) => [key, key.replace(/[A-Z0-9]/g, (c) => `_${c.toLowerCase()}`)]),
);

/** A copy of an audit value with every personal field's value replaced, at any depth. */
export function redactPersonal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactPersonal);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      PERSONAL_KEYS.has(key) && inner !== null ? REDACTED : redactPersonal(inner),
    ]),
  );
}

async function redactAuditRows(tx: Executor, recordIds: string[]) {
  if (recordIds.length === 0) return 0;
  const rows = await tx
    .select({
      id: adminAuditLogs.id,
      oldValues: adminAuditLogs.oldValues,
      newValues: adminAuditLogs.newValues,
    })
    .from(adminAuditLogs)
    .where(inArray(adminAuditLogs.recordId, recordIds));
  let changed = 0;
  for (const row of rows) {
    const oldValues = redactPersonal(row.oldValues);
    const newValues = redactPersonal(row.newValues);
    if (
      JSON.stringify(oldValues) === JSON.stringify(row.oldValues) &&
      JSON.stringify(newValues) === JSON.stringify(row.newValues)
    )
      continue;
    await tx.update(adminAuditLogs).set({ oldValues, newValues }).where(eq(adminAuditLogs.id, row.id));
    changed++;
  }
  return changed;
}

/** Locks what the erasure changes, in the house order (bookings before their participants), then re-reads it. */
async function lockAndFind(tx: Tx, subject: Subject) {
  const first = await findPersonalData(subject, tx);
  const bookingIds = [...new Set([...first.bookings.map((b) => b.id)])].sort();
  if (bookingIds.length > 0) {
    await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(inArray(bookings.id, bookingIds))
      .orderBy(asc(bookings.id))
      .for("update");
  }
  const registrationIds = first.registrations.map((r) => r.id).sort();
  if (registrationIds.length > 0) {
    await tx
      .select({ id: courseRegistrations.id })
      .from(courseRegistrations)
      .where(inArray(courseRegistrations.id, registrationIds))
      .orderBy(asc(courseRegistrations.id))
      .for("update");
  }
  return findPersonalData(subject, tx);
}

async function applyPlan(tx: Tx, plan: ErasurePlan): Promise<Record<ErasedKind, number>> {
  const at = new Date();
  // the office's follow-up of a message carries the same name, address and words: it goes with it (found with
  // the message), or, once quoted, loses them
  if (plan.deleteSalesEnquiries.length > 0)
    await tx.delete(enquiries).where(inArray(enquiries.id, plan.deleteSalesEnquiries));
  if (plan.deleteEnquiries.length > 0)
    await tx.delete(contactSubmissions).where(inArray(contactSubmissions.id, plan.deleteEnquiries));
  if (plan.anonymiseSalesEnquiries.length > 0) {
    await tx
      .update(enquiries)
      .set({
        contactName: ERASED_NAME.contact,
        contactEmail: sql`'erased-' || ${enquiries.id}::text || '@erased.invalid'`,
        contactPhone: null,
        message: null,
        preferredDates: null,
        ip: null,
        updatedAt: at,
      })
      .where(inArray(enquiries.id, plan.anonymiseSalesEnquiries));
  }
  if (plan.anonymiseQuotes.length > 0) {
    // an accepted quote must name who accepted (its check constraint): the name becomes the erased one
    await tx
      .update(quotes)
      .set({
        answeredByName: sql`case when ${quotes.answeredByName} is null then null else ${ERASED_NAME.contact} end`,
        answeredByPosition: null,
        updatedAt: at,
      })
      .where(inArray(quotes.id, plan.anonymiseQuotes));
  }
  if (plan.anonymiseEngagements.length > 0) {
    await tx
      .update(engagements)
      .set({
        contactName: ERASED_NAME.contact,
        contactEmail: sql`'erased-' || ${engagements.id}::text || '@erased.invalid'`,
        contactPhone: null,
        updatedAt: at,
      })
      .where(inArray(engagements.id, plan.anonymiseEngagements));
  }
  if (plan.deleteInterests.length > 0)
    await tx.delete(courseInterests).where(inArray(courseInterests.id, plan.deleteInterests));
  if (plan.deleteEmails.length > 0)
    await tx.delete(emailOutbox).where(inArray(emailOutbox.id, plan.deleteEmails));
  if (plan.anonymiseRegistrations.length > 0) {
    await tx
      .update(courseRegistrations)
      .set({
        name: ERASED_NAME.participant,
        email: sql`'erased-' || ${courseRegistrations.id}::text || '@erased.invalid'`,
        phone: null,
        organization: null,
        idNumber: null,
        idNumberLast4: null,
        specialRequirements: null,
        ip: null,
        updatedAt: at,
      })
      .where(inArray(courseRegistrations.id, plan.anonymiseRegistrations));
  }
  for (const { id, keepBuyer } of plan.anonymiseBookings) {
    await tx
      .update(bookings)
      .set(
        keepBuyer
          ? { ip: null, updatedAt: at }
          : {
              contactName: ERASED_NAME.contact,
              contactEmail: erasedAddress(id),
              contactPhone: null,
              organization: null,
              kraPin: null,
              lpoNumber: null,
              ip: null,
              updatedAt: at,
            },
      )
      .where(eq(bookings.id, id));
  }
  if (plan.clearFeedbackQuotes.length > 0) {
    await tx
      .update(courseFeedback)
      .set({ quoteName: null, quotePosition: null, consentToQuote: false })
      .where(inArray(courseFeedback.id, plan.clearFeedbackQuotes));
  }
  return {
    enquiriesDeleted: plan.deleteEnquiries.length,
    interestsDeleted: plan.deleteInterests.length,
    emailsDeleted: plan.deleteEmails.length,
    salesEnquiriesDeleted: plan.deleteSalesEnquiries.length,
    salesEnquiriesAnonymised: plan.anonymiseSalesEnquiries.length,
    quotesAnonymised: plan.anonymiseQuotes.length,
    engagementsAnonymised: plan.anonymiseEngagements.length,
    registrationsAnonymised: plan.anonymiseRegistrations.length,
    bookingsAnonymised: plan.anonymiseBookings.filter((b) => !b.keepBuyer).length,
    feedbackQuotesRemoved: plan.clearFeedbackQuotes.length,
    auditRowsRedacted: await redactAuditRows(tx, plan.redactAuditOf),
  };
}

export type ErasureOutcome = {
  requestId: string;
  erased: Record<ErasedKind, number>;
  kept: KeptRecord[];
};

/**
 * Erases what may go of everything held about `subject`, in one transaction that also records the request and
 * its audit row: the records are locked and read again first, so what is erased is what the plan saw.
 */
export async function erasePersonalData(
  actor: AuditActor,
  subject: Subject,
  askedBy: string,
): Promise<ErasureOutcome> {
  const { financial_records_retention_years: retentionYears } = await getSettings();
  return moneyTransaction(async (tx) => {
    const found = await lockAndFind(tx, subject);
    const plan = planErasure(found, { retentionYears });
    const erased = await applyPlan(tx, plan);
    const foundCounts = countFound(found);
    const [request] = await tx
      .insert(dataRequests)
      .values({
        kind: "erasure",
        subject: subject.value,
        askedBy,
        found: foundCounts,
        erased,
        kept: plan.kept,
        handledBy: actor.id,
        handledByEmail: actor.email,
      })
      .returning({ id: dataRequests.id });
    if (!request) throw new Error("the data request was not recorded");
    await recordAudit(tx, actor, {
      action: "Erased personal data",
      tableName: "data_requests",
      recordId: request.id,
      newValues: { found: foundCounts, erased, kept: plan.kept.length },
    });
    return { requestId: request.id, erased, kept: plan.kept };
  });
}
