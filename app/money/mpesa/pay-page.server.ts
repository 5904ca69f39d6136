import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { db } from "#app/platform/db/client.server";
import { getSetting } from "#app/platform/settings/setting.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { formatLongDate } from "#app/utils/dates";
import { bookingSubjectSql } from "../documents/billed-subject-sql.server";
import { bookingInvoiceTotal, documentPath, openProforma } from "../documents/finance-document.server";
import { bookingBalance } from "../payments/payment.server";
import { promptPlan } from "./mpesa-limit";
import { stkPushView } from "./stk-push.server";
import { stkAvailable } from "./stk-setup.server";

/** "12th – 14th May 2027, Nairobi": the run as the invoice names it. */
function whenText(run: { label: string | null; startDate: string | null; venue: string | null }) {
  const when = run.label ?? (run.startDate ? formatLongDate(run.startDate) : null);
  return [when, run.venue].filter(Boolean).join(", ") || null;
}

/**
 * The pay page of a booking: what it is for (course, dates, participants, the invoice), what is left to pay
 * (before the invoice, what the invoice will say), how M-PESA takes it under its per-payment limit, the phone
 * to prompt, the newest prompt, and whether M-PESA Express is offered at all.
 */
export async function stkPayPage(reference: string) {
  const executor = db();
  const [booking] = await executor
    .select({
      id: bookings.id,
      reference: bookings.reference,
      status: bookings.status,
      contactName: bookings.contactName,
      contactPhone: bookings.contactPhone,
      organization: bookings.organization,
      subject: bookingSubjectSql,
      label: courseRuns.label,
      startDate: courseRuns.startDate,
      venue: courseRuns.venue,
    })
    .from(bookings)
    .leftJoin(courses, eq(courses.id, bookings.courseId))
    .leftJoin(courseRuns, eq(courseRuns.id, bookings.runId))
    .where(eq(bookings.reference, reference));
  if (!booking) return null;
  const participants = await executor
    .select({ name: courseRegistrations.name })
    .from(courseRegistrations)
    .where(
      and(
        eq(courseRegistrations.bookingId, booking.id),
        ne(courseRegistrations.status, "cancelled"),
        isNull(courseRegistrations.deletedAt),
      ),
    )
    // a group's participants are stored in one statement, at one time: by name within it, the same on every visit
    .orderBy(asc(courseRegistrations.createdAt), asc(courseRegistrations.name), asc(courseRegistrations.id));
  const invoicedCents = await bookingInvoiceTotal(executor, booking.id);
  const invoice = await openProforma(executor, booking.id);
  const balance = await bookingBalance(executor, booking.id, invoice);
  const { paidCents } = balance;
  const limitShillings = await getSetting("mpesa_transaction_limit", executor);
  const [push, available] = await Promise.all([stkPushView(booking.id), stkAvailable()]);
  // an invoice asks its cash part: what the buyer withholds is settled by certificates (decision 0745)
  const dueCents =
    invoicedCents === null ? null : Math.max(invoice ? balance.balanceCents : invoicedCents - paidCents, 0);
  return {
    reference: booking.reference,
    bookingId: booking.id,
    payable: booking.status === "pending" || booking.status === "confirmed",
    contactName: booking.contactName,
    organization: booking.organization,
    subject: booking.subject,
    when: whenText(booking),
    participants: participants.map((row) => row.name),
    invoice: invoice ? { number: invoice.number, path: documentPath(invoice.id) } : null,
    phone: booking.contactPhone ?? "",
    invoicedCents,
    paidCents,
    dueCents,
    certificatesDueCents: balance.certificatesDueCents,
    limitShillings,
    prompts: dueCents === null ? [] : promptPlan(dueCents, limitShillings),
    push,
    available,
  };
}
export type StkPayPage = NonNullable<Awaited<ReturnType<typeof stkPayPage>>>;
