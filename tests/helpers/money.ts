import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { confirmParticipant } from "#app/bookings/index.server";
import { createBooking } from "#app/bookings/testing.server";
import { financeDocuments } from "#app/money/tables.server";
import type { AuditActor } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import * as mpesaRoute from "#app/routes/money/public/mpesa-callback";
import { courseRuns, courses, runSessions } from "#app/site/tables.server";
import { addDays, today } from "#app/utils/dates";
import { contextFor } from "./form-post";

// Bookings, runs and M-PESA callbacks for the money tests, made the way the product makes them.

export const SLUG = "strategic-planning-and-performance-management";
export const SECRET = "cb-secret-0123456789abcdefghij";
export const ACTOR: AuditActor = {
  id: null,
  email: "finance@mafunzo.test",
  ip: "127.0.0.1",
  userAgent: "vitest",
};

/** A run of the course `startsIn` days from today (0: today), `lastDay` days after its start. */
export async function newRun(
  costOverride: string | null = "45000.00",
  { startsIn = 30, lastDay = 4 }: { startsIn?: number; lastDay?: number } = {},
) {
  const [course] = await db().select({ id: courses.id }).from(courses).where(eq(courses.slug, SLUG));
  const startDate = addDays(today(), startsIn);
  const [run] = await db()
    .insert(courseRuns)
    .values({
      courseId: course?.id as string,
      startDate,
      endDate: addDays(startDate, lastDay),
      venue: "Naivasha, Kenya",
      capacity: 40,
      costOverride,
    })
    .returning({ id: courseRuns.id });
  // held on each of its five calendar days, whatever day the tests run on (a weekend inside it included)
  await db()
    .insert(runSessions)
    .values(Array.from({ length: 5 }, (_, i) => ({ runId: run?.id as string, date: addDays(startDate, i) })));
  return run?.id as string;
}

/** A booking's documents in the order issued. */
export const documentsOf = (bookingId: string) =>
  db()
    .select()
    .from(financeDocuments)
    .where(eq(financeDocuments.bookingId, bookingId))
    .orderBy(asc(financeDocuments.createdAt));

let keyCounter = 0;
/**
 * A booking of `size` participants on the run, as the public form makes it: a county's, with its LPO number
 * unless `lpoNumber` says otherwise (null: a booking paid before its tax invoice, decision 0755).
 */
export async function book(
  runId: string,
  size: number,
  contact = "Achieng",
  course = SLUG,
  { lpoNumber = "LPO-2026-88" }: { lpoNumber?: string | null } = {},
) {
  keyCounter++;
  const outcome = await createBooking({
    name: `${contact} Otieno`,
    email: `${contact.toLowerCase()}${keyCounter}@county.example`,
    phone: "0712345678",
    organization: "County Government of Kisumu",
    kraPin: "P051234567X",
    lpoNumber,
    course,
    run: runId,
    message: null,
    participants: Array.from({ length: size }, (_, i) => ({
      name: `Participant ${keyCounter}-${i}`,
      email: `p${keyCounter}-${i}@county.example`,
      phone: null,
      idNumber: `2${String(keyCounter).padStart(3, "0")}${i}000`,
    })),
    source: "registration_page",
    idempotencyKey: `money-${keyCounter}-${Date.now()}`,
    ip: null,
  } as never);
  if (!outcome?.ok) throw new Error(`booking failed: ${JSON.stringify(outcome)}`);
  const [row] = await db().select().from(bookings).where(eq(bookings.reference, outcome.reference));
  const people = await db()
    .select({ id: courseRegistrations.id })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.bookingId, row?.id as string))
    .orderBy(asc(courseRegistrations.createdAt));
  return { booking: row as typeof bookings.$inferSelect, participants: people.map((p) => p.id) };
}

export async function confirmAll(runId: string, ids: string[]) {
  for (const id of ids) expect((await confirmParticipant(ACTOR, runId, id)).ok).toBe(true);
}

export async function callback(kind: string, body: unknown, secret = SECRET) {
  const request = new Request(`http://localhost/api/mpesa/${secret}/${kind}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const response = (await mpesaRoute.action({
    request,
    params: { secret, kind },
    context: contextFor(),
  } as never)) as Response;
  return {
    status: response.status,
    body: (await response.json()) as { ResultCode: string; ResultDesc: string },
  };
}

export const c2b = (fields: Record<string, string>) => ({
  TransactionType: "Pay Bill",
  TransID: "TKL1ABC234",
  TransTime: `${today().replaceAll("-", "")}101500`,
  TransAmount: "1000.00",
  BusinessShortCode: "880142",
  BillRefNumber: "",
  MSISDN: "2547 ***** 678",
  FirstName: "JANE",
  LastName: "DOE",
  ...fields,
});
