import { eq } from "drizzle-orm";
import { db, type Executor } from "#app/platform/db/client.server";
import { enqueueEmails } from "#app/platform/email/outbox.server";
import type { ContactInput } from "#app/sales/contact";
import { contactSubmissions, enquiries } from "#app/sales/tables.server";
import { getSiteContentValue } from "#app/site/index.server";
import { listAdminRecipients } from "#app/staff/index.server";
import { contactAcknowledgement, contactNotification } from "./emails.server";
import { knownOrganisation } from "./enquiries/enquiry.server";

export type NewContactSubmission = ContactInput & { idempotencyKey: string; ip: string | null };

async function findByIdempotencyKey(executor: Executor, key: string) {
  const [row] = await executor
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.idempotencyKey, key));
  return row ? { id: row.id, replayed: true } : null;
}

/**
 * Stores a message (status new), its enquiry and its e-mails in one transaction; a repeated key returns the first.
 */
export async function createContactSubmission(input: NewContactSubmission) {
  return db().transaction(async (tx) => {
    const existing = await findByIdempotencyKey(tx, input.idempotencyKey);
    if (existing) return existing;
    const [row] = await tx
      .insert(contactSubmissions)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        organization: input.organization,
        courseInterest: input.courseInterest,
        message: input.message,
        source: input.source,
        status: "new",
        idempotencyKey: input.idempotencyKey,
        ip: input.ip,
      })
      .onConflictDoNothing({ target: contactSubmissions.idempotencyKey })
      .returning({ id: contactSubmissions.id });
    if (!row) return (await findByIdempotencyKey(tx, input.idempotencyKey)) as { id: string; replayed: true };
    // the office follows the message up as an enquiry; the submission keeps the spec's own statuses
    await tx.insert(enquiries).values({
      kind: input.about === "booking" ? "booking_question" : "contact",
      contactSubmissionId: row.id,
      organisationId: await knownOrganisation(tx, input.organization),
      organisationName: input.organization,
      contactName: input.name,
      contactEmail: input.email,
      contactPhone: input.phone,
      topic: input.courseInterest,
      message: input.message,
      ip: input.ip,
    });
    const [contact, admins] = await Promise.all([
      getSiteContentValue(tx, "contact"),
      listAdminRecipients(tx),
    ]);
    const related = { relatedTable: "contact_submissions", relatedId: row.id };
    await enqueueEmails(tx, [
      {
        to: input.email,
        kind: "contact_acknowledgement",
        ...related,
        ...contactAcknowledgement(input, contact),
      },
      ...admins.map((to) => ({
        to,
        kind: "contact_notification",
        ...related,
        ...contactNotification(input),
      })),
    ]);
    return { id: row.id, replayed: false };
  });
}
