import { asc, inArray, or, sql } from "drizzle-orm";
import type { Executor, Tx } from "#app/platform/db/client.server";
import {
  copiedAmount,
  ERASED_NAME,
  type ErasurePart,
  erasedAddressSql,
  iso,
  matchesContact,
  type NoLinks,
  none,
  type PersonalDataContributor,
} from "#app/platform/personal-data/contributor.server";
import type { KeptRecord, Subject } from "#app/platform/personal-data/subject";
import { contactSubmissions, engagements, enquiries, quotes } from "#app/sales/tables.server";
import { formatLongDate } from "#app/utils/dates";

// Sales' part of a data request (decision 0715): the person's contact-form messages, the enquiries the office
// follows up with them as the contact (an in-house request, or a message's follow-up), the quotes sent for those
// enquiries (with who answered them), and the consultancy engagements they are the contact of, with the billing
// bookings of their invoiced milestones (whose invoices the retention rule keeps).

function findMessages(subject: Subject, executor: Executor) {
  return executor
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
    .where(matchesContact(subject, { email: contactSubmissions.email, phone: contactSubmissions.phone }))
    .orderBy(asc(contactSubmissions.createdAt));
}

/** The office's enquiries with the person as the contact, or following up one of their messages. */
function findOfficeEnquiries(subject: Subject, submissionIds: string[], executor: Executor) {
  return executor
    .select({
      id: enquiries.id,
      kind: enquiries.kind,
      status: enquiries.status,
      contactName: enquiries.contactName,
      contactEmail: enquiries.contactEmail,
      contactPhone: enquiries.contactPhone,
      organisationName: enquiries.organisationName,
      topic: enquiries.topic,
      preferredDates: enquiries.preferredDates,
      venue: enquiries.venue,
      message: enquiries.message,
      ip: enquiries.ip,
      createdAt: enquiries.createdAt,
      /** quotes and engagements stand on it: it is anonymised, not deleted */
      // written out: drizzle leaves a one-table select's columns unqualified, which the subquery would read as its own
      quoted: sql<boolean>`exists (select 1 from quotes q where q.enquiry_id = enquiries.id)`,
    })
    .from(enquiries)
    .where(
      or(
        matchesContact(subject, { email: enquiries.contactEmail, phone: enquiries.contactPhone }),
        submissionIds.length > 0 ? inArray(enquiries.contactSubmissionId, submissionIds) : undefined,
      ),
    )
    .orderBy(asc(enquiries.createdAt), asc(enquiries.id));
}

function findQuotes(enquiryIds: string[], executor: Executor) {
  if (enquiryIds.length === 0) return none<never>();
  return executor
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
    .orderBy(asc(quotes.createdAt), asc(quotes.id));
}

function findEngagements(subject: Subject, executor: Executor) {
  return executor
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
    .where(matchesContact(subject, { email: engagements.contactEmail, phone: engagements.contactPhone }))
    .orderBy(asc(engagements.createdAt), asc(engagements.id));
}

async function findSales(subject: Subject, _links: NoLinks, executor: Executor) {
  const [messages, engagementRows] = await Promise.all([
    findMessages(subject, executor),
    findEngagements(subject, executor),
  ]);
  const officeEnquiries = await findOfficeEnquiries(
    subject,
    messages.map((m) => m.id),
    executor,
  );
  const quoteRows = await findQuotes(
    officeEnquiries.map((e) => e.id),
    executor,
  );
  return {
    enquiries: messages,
    salesEnquiries: officeEnquiries,
    quotes: quoteRows,
    engagements: engagementRows,
  };
}
export type SalesPersonalData = Awaited<ReturnType<typeof findSales>>;

/** The bookings whose financial records are still within the retention period, with the date it ends. */
export type SalesErasureContext = { retainedBookings: Map<string, string> };
type SalesPlan = {
  deleteEnquiries: string[];
  /** the office's enquiries: deleted, or anonymised when quotes stand on them */
  deleteSalesEnquiries: string[];
  anonymiseSalesEnquiries: string[];
  /** quotes whose answerer's name and position go */
  anonymiseQuotes: string[];
  anonymiseEngagements: string[];
};

const ENGAGEMENT_CONTACT = (title: string) => `Engagement "${title}": the contact's name, e-mail and phone`;

/** An engagement follows its billing bookings' rule: its contact is the buyer on their invoices. */
function planEngagements(found: SalesPersonalData, { retainedBookings }: SalesErasureContext) {
  const kept: KeptRecord[] = [];
  const anonymise: string[] = [];
  for (const e of found.engagements) {
    const until = e.billingBookingIds
      .map((id) => retainedBookings.get(id))
      .filter((d): d is string => d !== undefined)
      .sort()
      .at(-1);
    if (e.status === "active") {
      kept.push({
        what: ENGAGEMENT_CONTACT(e.title),
        why: "The engagement is still running: its milestones' invoices go to this contact. Erase again once it is completed or cancelled.",
      });
    } else if (until) {
      kept.push({
        what: ENGAGEMENT_CONTACT(e.title),
        why: `They are the buyer printed on its milestones' invoices, kept until ${formatLongDate(until)}.`,
      });
    } else anonymise.push(e.id);
  }
  return { kept, anonymise };
}

function planSales(found: SalesPersonalData, context: SalesErasureContext): ErasurePart<SalesPlan> {
  const engagementsPart = planEngagements(found, context);
  const plan: SalesPlan = {
    deleteEnquiries: found.enquiries.map((e) => e.id),
    deleteSalesEnquiries: found.salesEnquiries.filter((e) => !e.quoted).map((e) => e.id),
    anonymiseSalesEnquiries: found.salesEnquiries.filter((e) => e.quoted).map((e) => e.id),
    anonymiseQuotes: found.quotes.filter((q) => q.answeredByName || q.answeredByPosition).map((q) => q.id),
    anonymiseEngagements: engagementsPart.anonymise,
  };
  return { plan, kept: engagementsPart.kept, redactAuditOf: Object.values(plan).flat() };
}

async function eraseSales(tx: Tx, plan: SalesPlan, at: Date) {
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
        contactEmail: erasedAddressSql(enquiries.id),
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
        contactEmail: erasedAddressSql(engagements.id),
        contactPhone: null,
        updatedAt: at,
      })
      .where(inArray(engagements.id, plan.anonymiseEngagements));
  }
  return {
    enquiriesDeleted: plan.deleteEnquiries.length,
    salesEnquiriesDeleted: plan.deleteSalesEnquiries.length,
    salesEnquiriesAnonymised: plan.anonymiseSalesEnquiries.length,
    quotesAnonymised: plan.anonymiseQuotes.length,
    engagementsAnonymised: plan.anonymiseEngagements.length,
  };
}

function copySales(found: SalesPersonalData) {
  return {
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
      total: copiedAmount(q.totalCents),
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
      total: copiedAmount(e.totalCents),
      openedAt: iso(e.createdAt),
    })),
  };
}

export const salesPersonalData = {
  find: findSales,
  plan: planSales,
  erase: eraseSales,
  copy: copySales,
} satisfies PersonalDataContributor<SalesPersonalData, NoLinks, SalesErasureContext, SalesPlan>;
