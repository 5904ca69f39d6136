import { and, asc, count, eq, gte, isNull, lte, ne } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { contactSubmissions, courseRegistrations, courseRuns, courses } from "#app/db/schema";
import { ENQUIRY_REPLY_HOURS } from "#app/schemas/admin-lists";
import { addDays, today } from "#app/utils/dates";
import { waitingTooLong } from "./contact-admin.server";
import { seatsForRuns } from "./run-seats.server";

/** How far ahead the dashboard looks for runs that need seats filled or confirmed. */
export const UPCOMING_RUN_DAYS = 30;

/** Registrations that arrived and nobody has confirmed yet. */
async function countNewRegistrations() {
  const [row] = await db()
    .select({ n: count() })
    .from(courseRegistrations)
    .where(and(eq(courseRegistrations.status, "new"), isNull(courseRegistrations.deletedAt)));
  return row?.n ?? 0;
}

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
    })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
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
 * Slot for the money work (payments ledger, DESIGN §7): bookings whose payment is overdue, as TodayItems
 * linking to the filtered bookings or invoices list. Nothing until that work is merged.
 */
async function overduePaymentItems(): Promise<TodayItem[]> {
  return [];
}

/**
 * Slot for the delivery work (DESIGN §7): past runs still awaiting attendance or certificates, as TodayItems
 * linking to the filtered runs. Nothing until that work is merged.
 */
async function awaitingDeliveryItems(): Promise<TodayItem[]> {
  return [];
}

/** What needs doing today: the dashboard's first panel (each item links to its filtered list). */
export async function getTodayWork() {
  const [newRegistrations, waitingEnquiries, overdue, delivery, runs] = await Promise.all([
    countNewRegistrations(),
    countWaitingEnquiries(),
    overduePaymentItems(),
    awaitingDeliveryItems(),
    upcomingRuns(),
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
    ...overdue,
    ...delivery,
  ];
  return { items, runs, days: UPCOMING_RUN_DAYS };
}
