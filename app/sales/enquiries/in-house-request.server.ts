import { and, eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { db } from "#app/platform/db/client.server";
import { failedRequestStatus } from "#app/platform/db/db-errors.server";
import { enqueueEmails, wakeOutboxWorker } from "#app/platform/email/outbox.server";
import { logger } from "#app/platform/logger.server";
import { enquiries } from "#app/sales/tables.server";
import { type Fields, failure, getSiteContentValue, guard, newFormKey, reply } from "#app/site/index.server";
import { courses } from "#app/site/tables.server";
import { listAdminRecipients } from "#app/staff/index.server";
import { IN_HOUSE_MESSAGES, type InHouseRequestInput, InHouseRequestSchema } from "./enquiry";
import { knownOrganisation } from "./enquiry.server";
import { inHouseAcknowledgement, inHouseNotification } from "./in-house-emails.server";

const UNKNOWN_COURSE = "Please choose a course from the list.";

type NewRequest = InHouseRequestInput & { idempotencyKey: string; ip: string | null };

/**
 * Stores an in-house training request as a new enquiry with its e-mails (to the requester and the office) in
 * one transaction; a repeated key stores nothing more. A course not offered any longer is refused.
 */
async function createInHouseRequest(input: NewRequest) {
  return db().transaction(async (tx) => {
    const [course] = input.course
      ? await tx
          .select({ id: courses.id, title: courses.title })
          .from(courses)
          .where(and(eq(courses.slug, input.course), eq(courses.status, "active")))
      : [];
    if (input.course && !course) return { unknownCourse: true as const };
    const [row] = await tx
      .insert(enquiries)
      .values({
        kind: "in_house",
        organisationId: await knownOrganisation(tx, input.organization),
        organisationName: input.organization,
        contactName: input.name,
        contactEmail: input.email,
        contactPhone: input.phone,
        courseId: course?.id ?? null,
        topic: input.topic,
        participants: input.participants,
        preferredDates: input.preferredDates,
        venue: input.venue,
        budgetCents: input.budget,
        message: input.message,
        idempotencyKey: input.idempotencyKey,
        ip: input.ip,
      })
      .onConflictDoNothing({ target: enquiries.idempotencyKey })
      .returning({ id: enquiries.id });
    if (!row) return { replayed: true as const };
    const [contact, admins] = await Promise.all([
      getSiteContentValue(tx, "contact"),
      listAdminRecipients(tx),
    ]);
    const mail = { ...input, courseTitle: course?.title ?? null };
    const related = { relatedTable: "enquiries", relatedId: row.id };
    await enqueueEmails(tx, [
      {
        to: input.email,
        kind: "in_house_acknowledgement",
        ...related,
        ...inHouseAcknowledgement(mail, contact),
      },
      ...admins.map((to) => ({
        to,
        kind: "in_house_notification",
        ...related,
        ...inHouseNotification(mail, row.id),
      })),
    ]);
    return { id: row.id };
  });
}

/** The public in-house training request: guarded like every public form, then stored as an enquiry. */
export async function submitInHouseRequest(fields: Fields, context: Readonly<RouterContextProvider>) {
  const checked = await guard("in_house", fields, context, InHouseRequestSchema, "contact_form_enabled");
  if ("error" in checked) return checked.error;
  try {
    const stored = await createInHouseRequest({
      ...checked.input,
      idempotencyKey: checked.key,
      ip: checked.ip,
    });
    if ("unknownCourse" in stored) {
      return failure("in_house", UNKNOWN_COURSE, 400, {
        fieldErrors: { course: UNKNOWN_COURSE },
        values: checked.values,
      });
    }
  } catch (error) {
    logger.error({ err: error }, "in-house request failed");
    return failure("in_house", IN_HOUSE_MESSAGES.failure.message, failedRequestStatus(error), {
      values: checked.values,
    });
  }
  wakeOutboxWorker();
  return reply({ form: "in_house", ok: true, ...IN_HOUSE_MESSAGES.success, nextFormKey: newFormKey() }, 200);
}
