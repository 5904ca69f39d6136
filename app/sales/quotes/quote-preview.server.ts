import { and, eq, isNull, max } from "drizzle-orm";
import { runDatesText } from "#app/delivery/index.server";
import { organisations } from "#app/organisations/tables.server";
import { db } from "#app/platform/db/client.server";
import { enquiries, quotes } from "#app/sales/tables.server";
import { courses } from "#app/site/tables.server";
import { now } from "#app/utils/clock";
import type { QuoteInput } from "./quote";
import { QUOTE_PARTY_COLUMNS, type QuoteView, quoteVatRule } from "./quote.server";
import { priceQuote } from "./quote-pricing";
import { quoteEndDate, quoteLineRecords, quoteRecord } from "./quote-record";

/**
 * The quote as it would be sent, stored nowhere: the form's values priced exactly as `sendQuote` prices them,
 * for the PDF the office looks at before sending (issue 45: the first total anyone saw was in the client's
 * e-mail). Null when the enquiry does not exist.
 */
export async function previewQuote(enquiryId: string, input: QuoteInput): Promise<QuoteView | null> {
  const [row] = await db()
    .select(QUOTE_PARTY_COLUMNS)
    .from(enquiries)
    .leftJoin(organisations, eq(organisations.id, enquiries.organisationId))
    .where(eq(enquiries.id, enquiryId));
  if (!row) return null;
  const { schedule } = input;
  const [course] = schedule
    ? await db()
        .select({ title: courses.title, durationDays: courses.durationDays })
        .from(courses)
        .where(and(eq(courses.id, schedule.courseId), isNull(courses.archivedAt)))
    : [];
  const endDate = schedule ? quoteEndDate(schedule, course?.durationDays ?? null) : null;
  const [last] = await db()
    .select({ version: max(quotes.version) })
    .from(quotes)
    .where(eq(quotes.enquiryId, enquiryId));
  const rule = await quoteVatRule();
  const totals = priceQuote(input.lines, rule);
  const quote: QuoteView["quote"] = {
    id: "preview",
    enquiryId,
    version: (last?.version ?? 0) + 1,
    status: "open",
    ...quoteRecord(input, endDate, totals, rule),
    answeredAt: null,
    answeredByName: null,
    answeredByPosition: null,
    lpoNumber: null,
    declineReason: null,
    createdById: null,
    createdAt: now(),
    updatedAt: now(),
  };
  const lines = quoteLineRecords("preview", input, totals);
  const scheduleText = schedule
    ? [runDatesText({ label: null, startDate: schedule.startDate, endDate }), schedule.venue]
        .filter(Boolean)
        .join(", ")
    : null;
  return {
    quote,
    enquiry: row.enquiry,
    organisation: row.organisation,
    courseTitle: course?.title ?? null,
    lines,
    schedule: scheduleText,
  };
}
