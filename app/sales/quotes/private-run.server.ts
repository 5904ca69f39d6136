import { eq } from "drizzle-orm";
import { bookPrivateRun } from "#app/booking/index.server";
import { syncBooking } from "#app/money/index.server";
import { organisations } from "#app/organisations/tables.server";
import type { AuditActor } from "#app/platform/audit.server";
import type { Executor } from "#app/platform/db/client.server";
import { enquiries, quotes } from "#app/sales/tables.server";
import { createPrivateRun } from "#app/site/index.server";
import type { QuoteAcceptance } from "./quote";

/**
 * What accepting a training quote sets going, in the acceptance's transaction (decision 0671): the private run
 * it schedules (the site's run record), the organisation's booking on it with the LPO number given (the
 * booking's), and the booking's proforma for the quote's lines (money's, decision 0672), issued and e-mailed as
 * for any confirmed booking. Locks in the house order: the new run, then the booking, then its documents. A quote
 * sent before quotes scheduled a course and dates has nothing to book: null.
 */
export async function bookAcceptedQuote(
  tx: Executor,
  actor: AuditActor,
  quoteId: string,
  acceptance: QuoteAcceptance,
) {
  const [found] = await tx
    .select({
      courseId: quotes.courseId,
      startDate: quotes.startDate,
      endDate: quotes.endDate,
      venue: quotes.venue,
      participants: quotes.participants,
      organisationId: enquiries.organisationId,
      typedOrganisation: enquiries.organisationName,
      organisation: organisations.name,
      contactName: enquiries.contactName,
      contactEmail: enquiries.contactEmail,
      contactPhone: enquiries.contactPhone,
    })
    .from(quotes)
    .innerJoin(enquiries, eq(enquiries.id, quotes.enquiryId))
    .leftJoin(organisations, eq(organisations.id, enquiries.organisationId))
    .where(eq(quotes.id, quoteId));
  if (!found?.courseId || !found.startDate) return null;
  const run = await createPrivateRun(tx, actor, {
    courseId: found.courseId,
    startDate: found.startDate,
    endDate: found.endDate,
    venue: found.venue,
    capacity: found.participants,
    organisationId: found.organisationId,
  });
  const { bookingId, reference } = await bookPrivateRun(tx, actor, run, {
    quoteId,
    participants: found.participants,
    organisationId: found.organisationId,
    organisation: found.organisation ?? found.typedOrganisation,
    contact: { name: found.contactName, email: found.contactEmail, phone: found.contactPhone },
    lpoNumber: acceptance.lpoNumber,
  });
  const invoiced = await syncBooking(tx, bookingId, actor);
  return { runId: run.id, bookingId, reference, invoiced };
}
