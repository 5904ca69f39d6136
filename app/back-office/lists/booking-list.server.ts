import { and, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { bookings } from "#app/booking/tables.server";
import { runDatesText } from "#app/delivery/index.server";
import {
  bookingCertifiedSql,
  bookingInvoicedSql,
  bookingPaidSql,
  bookingPaymentStateSql,
  bookingSubjectSql,
  bookingWithheldSql,
} from "#app/money/index.server";
import { db } from "#app/platform/db/client.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { paymentState } from "#app/utils/payment-state";
import type { BookingQuery } from "./admin-lists";
import { orderBy, searchColumns, selectPage } from "./list-query.server";

const bookedOn = sql`(${bookings.createdAt} at time zone 'Africa/Nairobi')::date`;

function where(query: BookingQuery): SQL | undefined {
  return and(
    query.q
      ? searchColumns(
          [
            bookings.reference,
            bookings.organization,
            bookings.contactName,
            bookings.contactEmail,
            bookings.contactPhone,
          ],
          query.q,
        )
      : undefined,
    query.organization ? searchColumns([bookings.organization], query.organization) : undefined,
    query.run ? eq(bookings.runId, query.run) : undefined,
    query.status ? eq(bookings.status, query.status) : undefined,
    query.payment ? sql`${bookingPaymentStateSql} = ${query.payment}` : undefined,
    query.from ? gte(bookedOn, query.from) : undefined,
    query.to ? lte(bookedOn, query.to) : undefined,
  );
}

/** One page of bookings, newest first, with each one's course date and payment state. */
export async function listBookings(query: BookingQuery) {
  const condition = where(query);
  return selectPage(bookings, condition, query.page, async (slice) => {
    const rows = await db()
      .select({
        id: bookings.id,
        reference: bookings.reference,
        status: bookings.status,
        contactName: bookings.contactName,
        contactEmail: bookings.contactEmail,
        contactPhone: bookings.contactPhone,
        organization: bookings.organization,
        participants: bookings.participants,
        createdAt: bookings.createdAt,
        courseTitle: bookingSubjectSql,
        label: courseRuns.label,
        startDate: courseRuns.startDate,
        endDate: courseRuns.endDate,
        invoicedCents: bookingInvoicedSql,
        paidCents: bookingPaidSql,
        withheldCents: bookingWithheldSql,
        certifiedCents: bookingCertifiedSql,
      })
      .from(bookings)
      .leftJoin(courses, eq(courses.id, bookings.courseId))
      .leftJoin(courseRuns, eq(courseRuns.id, bookings.runId))
      .where(condition)
      .orderBy(...orderBy(bookings.createdAt, bookings.id, "desc", slice.reversed))
      .limit(slice.limit)
      .offset(slice.offset);
    return rows.map(({ label, startDate, endDate, ...row }) => ({
      ...row,
      dates: runDatesText({ label, startDate, endDate }),
      paymentState: paymentState(
        Number(row.invoicedCents),
        Number(row.paidCents),
        Number(row.withheldCents),
        Number(row.certifiedCents),
      ),
    }));
  });
}

export type BookingListRow = Awaited<ReturnType<typeof listBookings>>["rows"][number];

/** The course dates the list can be narrowed to: those with bookings, newest first. */
export async function listBookedRuns() {
  const rows = await db()
    .selectDistinct({
      id: courseRuns.id,
      courseTitle: courses.title,
      label: courseRuns.label,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
    })
    .from(bookings)
    .innerJoin(courseRuns, eq(courseRuns.id, bookings.runId))
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .orderBy(desc(courseRuns.startDate));
  return rows.map((row) => ({ id: row.id, title: `${row.courseTitle} · ${runDatesText(row)}` }));
}
