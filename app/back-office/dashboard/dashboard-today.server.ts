import { and, asc, count, eq, gte, isNull, lte, ne, sql } from "drizzle-orm";
import { ENQUIRY_REPLY_HOURS } from "#app/back-office/lists/admin-lists";
import { LIVE_STATUSES, sessionClock } from "#app/delivery/index.server";
import {
  countOpenPaymentReviews,
  currentFinanceProfileGaps,
  getMoneySummary,
  MONEY_TO_ALLOCATE_PATH,
  type MoneySummary,
  moneyToAllocate,
  mpesaGaps,
  taxInvoiceTrouble,
} from "#app/money/index.server";
import { db } from "#app/platform/db/client.server";
import {
  adminAuditLogs,
  attendanceMarks,
  bookings,
  certificates,
  contactSubmissions,
  courseRegistrations,
  courseRuns,
  courses,
  organisations,
  payments,
} from "#app/platform/db/schema";
import { countDueFollowUps } from "#app/sales/index.server";
import { privateRunOrganisation, seatsForRuns, sessionsOfRuns } from "#app/site/index.server";
import { formatKes } from "#app/utils/cents";
import { addDays, today, toEatDateTime } from "#app/utils/dates";
import { waitingTooLong } from "../lists/contact-admin.server";

/** How far ahead the dashboard looks for runs that need seats filled or confirmed. */
export const UPCOMING_RUN_DAYS = 30;

/** New enquiries older than the reply promise. */
async function countWaitingEnquiries() {
  const [row] = await db()
    .select({ n: count() })
    .from(contactSubmissions)
    .where(and(waitingTooLong(), isNull(contactSubmissions.deletedAt)));
  return row?.n ?? 0;
}

/**
 * Runs starting from today to UPCOMING_RUN_DAYS ahead (not cancelled), soonest first, with their seats taken
 * (the one seat rule of seatsForRuns), capacity and minimum group.
 */
export async function upcomingRuns() {
  const from = today();
  const runs = await db()
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      courseTitle: courses.title,
      startDate: courseRuns.startDate,
      label: courseRuns.label,
      venue: courseRuns.venue,
      capacity: courseRuns.capacity,
      minParticipants: courseRuns.minParticipants,
      private: courseRuns.private,
      organisationName: privateRunOrganisation,
    })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .leftJoin(organisations, eq(organisations.id, courseRuns.organisationId))
    .where(
      and(
        ne(courseRuns.status, "cancelled"),
        gte(courseRuns.startDate, from),
        lte(courseRuns.startDate, addDays(from, UPCOMING_RUN_DAYS)),
      ),
    )
    .orderBy(asc(courseRuns.startDate), asc(courses.title));
  const seats = await seatsForRuns(runs.map((run) => run.id));
  return runs.map((run) => ({ ...run, taken: seats.get(run.id)?.taken ?? 0 }));
}

export type UpcomingRun = Awaited<ReturnType<typeof upcomingRuns>>[number];

/** One line of "what needs doing today": how many, what, and the list already filtered to them. */
export type TodayItem = { id: string; count: number; title: string; to: string };

/**
 * Payments held for review, invoices past their due date and payments that matched no booking: each a list on
 * the finance screens.
 */
async function overduePaymentItems({ overdueCount, overdueCents }: MoneySummary): Promise<TodayItem[]> {
  const [unassigned] = await db()
    .select({ n: count() })
    .from(payments)
    .where(and(isNull(payments.bookingId), isNull(payments.reversesId)));
  const waiting = unassigned?.n ?? 0;
  const held = await countOpenPaymentReviews();
  return [
    {
      id: "overdue-payments",
      count: overdueCount,
      title: `${overdueCount === 1 ? "invoice" : "invoices"} overdue (${formatKes(overdueCents)})`,
      to: "/admin/finance#overdue-heading",
    },
    {
      id: "unassigned-payments",
      count: waiting,
      title: waiting === 1 ? "payment waiting to be assigned" : "payments waiting to be assigned",
      to: "/admin/finance/payments?view=unmatched",
    },
    {
      id: "payments-to-review",
      count: held,
      title: `M-PESA ${held === 1 ? "payment" : "payments"} held for review: not in the ledger until checked`,
      to: "/admin/finance/payments#reviews-heading",
    },
  ];
}

/** Bookings holding money beyond their invoice (paid before it, or twice): to invoice, refund or carry over. */
async function moneyToAllocateItems(): Promise<TodayItem[]> {
  const { count: n, cents } = await moneyToAllocate();
  return [
    {
      id: "money-to-allocate",
      count: n,
      title: `${n === 1 ? "booking" : "bookings"} paid more than invoiced (${formatKes(cents)}): invoice, refund or carry over`,
      to: MONEY_TO_ALLOCATE_PATH,
    },
  ];
}

/** The finance profile's missing pieces, while any is missing: no invoice, receipt or credit note goes out. */
async function financeProfileItems(): Promise<TodayItem[]> {
  const gaps = await currentFinanceProfileGaps();
  const first = gaps[0];
  if (!first) return [];
  const details = gaps.length === 1 ? "detail" : "details";
  return [
    {
      id: "finance-profile",
      count: gaps.length,
      title: `finance profile ${details} missing (${gaps.map((gap) => gap.label).join(", ")}): no invoice can be issued until ${gaps.length === 1 ? "it is" : "they are"} filled in`,
      to: first.to,
    },
  ];
}

/** What M-PESA still lacks before payments flow in by themselves: the callbacks, M-PESA Express. */
async function mpesaItems(): Promise<TodayItem[]> {
  const gaps = await mpesaGaps();
  const first = gaps[0];
  if (!first) return [];
  return [
    {
      id: "money-flow",
      count: gaps.length,
      title: `still missing before money can flow: ${gaps.map((gap) => gap.label).join("; ")}`,
      to: first.to,
    },
  ];
}

/** eTIMS tax invoices refused (by KRA or our own check) or waiting long for KRA: the client has none yet. */
async function taxInvoiceItems(): Promise<TodayItem[]> {
  const { refused, waiting } = await taxInvoiceTrouble();
  const items: TodayItem[] = [];
  if (refused > 0) {
    items.push({
      id: "etims-refused",
      count: refused,
      title: `${refused === 1 ? "tax invoice" : "tax invoices"} not accepted by eTIMS: correct and retry`,
      to: "/admin/finance/tax-invoices",
    });
  }
  if (waiting > 0) {
    items.push({
      id: "etims-waiting",
      count: waiting,
      title: `${waiting === 1 ? "tax invoice" : "tax invoices"} waiting long for KRA's answer`,
      to: "/admin/finance/tax-invoices",
    });
  }
  return items;
}

/** How far back the dashboard looks for finished runs still missing their register or certificates. */
const DELIVERY_LOOKBACK_DAYS = 60;

/**
 * Runs that have started (up to DELIVERY_LOOKBACK_DAYS back) with booked participants: those with a course day
 * gone by and nobody marked for it await attendance; those ended with marks but no certificate await
 * certificates. Each links to the run's own page for it.
 */
async function awaitingDeliveryItems(): Promise<TodayItem[]> {
  const day = today();
  const runs = await db()
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      title: courses.title,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
      country: courseRuns.country,
      label: courseRuns.label,
      participants: sql<number>`(select count(*)::int from ${courseRegistrations} r where r.run_id = ${courseRuns.id} and r.deleted_at is null and r.status in (${sql.join(
        LIVE_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )}))`,
      markedDays: sql<number>`(select count(distinct a.day)::int from ${attendanceMarks} a where a.run_id = ${courseRuns.id})`,
      certificates: sql<number>`(select count(*)::int from ${certificates} c where c.run_id = ${courseRuns.id})`,
    })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(
      and(
        ne(courseRuns.status, "cancelled"),
        lte(courseRuns.startDate, day),
        gte(
          sql`coalesce(${courseRuns.endDate}, ${courseRuns.startDate})`,
          addDays(day, -DELIVERY_LOOKBACK_DAYS),
        ),
      ),
    )
    .orderBy(asc(courseRuns.startDate));
  const items: TodayItem[] = [];
  const sessions = await sessionsOfRuns(runs);
  for (const run of runs) {
    if (run.participants === 0) continue;
    const base = `/admin/courses/${run.courseId}/runs/${run.id}`;
    const when = run.label ?? run.startDate;
    // session days only, and "ended" once its last session is over: the certificates are due then (decision 0681)
    const clock = sessionClock(sessions.get(run.id) ?? []);
    const daysGone = clock.started.length;
    const ended = clock.finished;
    if (run.markedDays < daysGone) {
      items.push({
        id: `attendance-${run.id}`,
        count: daysGone - run.markedDays,
        title: `${daysGone - run.markedDays === 1 ? "day" : "days"} of attendance to mark: ${run.title}, ${when}`,
        to: `${base}/attendance`,
      });
    } else if (ended && run.certificates === 0) {
      items.push({
        id: `certificates-${run.id}`,
        count: run.participants,
        title: `participants awaiting certificates: ${run.title}, ${when}`,
        to: `${base}/certificates`,
      });
    }
  }
  return items;
}

/** How many days back the dashboard shows clients' own changes to their bookings (a weekend's included). */
const CLIENT_CHANGE_DAYS = 3;

/**
 * Bookings their clients changed in the portal lately (a substitution, a move, an addition, a cancellation, new
 * PINs): each links to the booking's page, with what was done. Documents asked for again need nothing of the
 * office and are left out.
 */
async function clientChangeItems(): Promise<TodayItem[]> {
  const since = new Date(toEatDateTime(addDays(today(), -(CLIENT_CHANGE_DAYS - 1)), "00:00:00"));
  const rows = await db()
    .select({
      reference: bookings.reference,
      changes: sql<number>`count(*)::int`,
      actions: sql<string[]>`array_agg(distinct ${adminAuditLogs.action})`,
    })
    .from(adminAuditLogs)
    .innerJoin(bookings, sql`${bookings.id}::text = ${adminAuditLogs.recordId}`)
    .where(
      and(
        eq(adminAuditLogs.tableName, "bookings"),
        eq(adminAuditLogs.actorRoles, "client"),
        ne(adminAuditLogs.action, "Sent booking documents again"),
        gte(adminAuditLogs.createdAt, since),
      ),
    )
    .groupBy(bookings.reference)
    .orderBy(sql`max(${adminAuditLogs.createdAt}) desc`)
    .limit(20);
  return rows.map((row) => ({
    id: `client-changes-${row.reference}`,
    count: row.changes,
    title: `${row.changes === 1 ? "change" : "changes"} by the client to booking ${row.reference}: ${row.actions.join(", ").toLowerCase()}`,
    to: `/admin/bookings/${row.reference}`,
  }));
}

/**
 * What needs doing today: the dashboard's first panel (each item links to its filtered list). The count of
 * new registrations comes from the dashboard's one pass over the registrations (registrationFigures).
 */
export async function getTodayWork(newRegistrationCount: Promise<number>) {
  // read once: the dashboard shows the same summary beside its counts
  const money = await getMoneySummary();
  const [
    newRegistrations,
    waitingEnquiries,
    followUps,
    overdue,
    delivery,
    runs,
    profile,
    clientChanges,
    mpesa,
    toAllocate,
    taxInvoices,
  ] = await Promise.all([
    newRegistrationCount,
    countWaitingEnquiries(),
    countDueFollowUps(),
    overduePaymentItems(money),
    awaitingDeliveryItems(),
    upcomingRuns(),
    financeProfileItems(),
    clientChangeItems(),
    mpesaItems(),
    moneyToAllocateItems(),
    taxInvoiceItems(),
  ]);
  const items: TodayItem[] = [
    {
      id: "new-registrations",
      count: newRegistrations,
      title: newRegistrations === 1 ? "new registration to confirm" : "new registrations to confirm",
      to: "/admin/registrations?status=new",
    },
    {
      id: "waiting-enquiries",
      count: waitingEnquiries,
      title:
        waitingEnquiries === 1
          ? `enquiry waiting more than ${ENQUIRY_REPLY_HOURS} hours`
          : `enquiries waiting more than ${ENQUIRY_REPLY_HOURS} hours`,
      to: "/admin/contacts?waiting=1",
    },
    {
      id: "enquiry-follow-ups",
      count: followUps,
      title: followUps === 1 ? "enquiry follow-up due" : "enquiry follow-ups due",
      to: "/admin/enquiries?due=1",
    },
    ...overdue,
    ...toAllocate,
    ...profile,
    ...mpesa,
    ...taxInvoices,
    ...clientChanges,
    ...delivery,
  ];
  return { items, runs, days: UPCOMING_RUN_DAYS, money };
}
