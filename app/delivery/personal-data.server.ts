import { asc, inArray } from "drizzle-orm";
import { certificates, courseFeedback } from "#app/delivery/tables.server";
import type { Executor } from "#app/platform/db/client.server";
import {
  type ErasurePart,
  iso,
  none,
  type PersonalDataContributor,
} from "#app/platform/personal-data/contributor.server";
import type { Subject } from "#app/platform/personal-data/subject";
import { feedbackAnswerColumns } from "./feedback/feedback.server";

// Delivery's part of a data request (decision 0715): the feedback and certificates of the person's registrations
// (found by bookings' part and passed in). Certificates are never deleted; an erased participant's feedback loses
// the name and position it would have been quoted with.

/** The registrations of the person, found by bookings' part. */
export type RegistrationsFound = { registrationIds: string[] };
/** The registrations an erasure anonymises. */
export type DeliveryErasureContext = { anonymisedRegistrationIds: string[] };
type DeliveryPlan = { clearFeedbackQuotes: string[] };

function findFeedback(registrationIds: string[], executor: Executor) {
  if (registrationIds.length === 0) return none<never>();
  return executor
    .select({
      id: courseFeedback.id,
      registrationId: courseFeedback.registrationId,
      ...feedbackAnswerColumns,
    })
    .from(courseFeedback)
    .where(inArray(courseFeedback.registrationId, registrationIds));
}

function findCertificates(registrationIds: string[], executor: Executor) {
  if (registrationIds.length === 0) return none<never>();
  return executor
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
    .orderBy(asc(certificates.issuedAt));
}

async function findDelivery(_subject: Subject, { registrationIds }: RegistrationsFound, executor: Executor) {
  const [feedback, certificateRows] = await Promise.all([
    findFeedback(registrationIds, executor),
    findCertificates(registrationIds, executor),
  ]);
  return { feedback, certificates: certificateRows };
}
export type DeliveryFound = Awaited<ReturnType<typeof findDelivery>>;

function planDelivery(
  found: DeliveryFound,
  { anonymisedRegistrationIds }: DeliveryErasureContext,
): ErasurePart<DeliveryPlan> {
  const kept = [
    ...found.certificates.map((c) => ({
      what: `Certificate ${c.code} for ${c.courseTitle}, in the name of ${c.recipientName}`,
      why: "Issued certificates are never deleted, so that anyone holding one can check it at /verify (decision 0630).",
    })),
    ...found.feedback
      .filter((f) => f.testimonialId)
      .map((f) => ({
        what: `A testimonial quoted from feedback ${f.id.slice(0, 8)}`,
        why: "It was published with their consent and is site content: remove it on the Testimonials page if they withdraw that consent.",
      })),
  ];
  const clearFeedbackQuotes = found.feedback
    .filter((f) => anonymisedRegistrationIds.includes(f.registrationId) && (f.quoteName || f.quotePosition))
    .map((f) => f.id);
  return { plan: { clearFeedbackQuotes }, kept, redactAuditOf: [] };
}

function copyDelivery(found: DeliveryFound) {
  return {
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
  };
}

export const deliveryPersonalData = {
  find: findDelivery,
  plan: planDelivery,
  async erase(tx, { clearFeedbackQuotes }) {
    if (clearFeedbackQuotes.length > 0) {
      await tx
        .update(courseFeedback)
        .set({ quoteName: null, quotePosition: null, consentToQuote: false })
        .where(inArray(courseFeedback.id, clearFeedbackQuotes));
    }
    return { feedbackQuotesRemoved: clearFeedbackQuotes.length };
  },
  copy: copyDelivery,
} satisfies PersonalDataContributor<DeliveryFound, RegistrationsFound, DeliveryErasureContext, DeliveryPlan>;
