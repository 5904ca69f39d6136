import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { createBooking } from "#app/bookings/testing.server";
import { JoiningInstructionsSchema, saveJoiningInstructions } from "#app/delivery/index.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { courseRuns, courses, runSessions } from "#app/site/tables.server";
import { setClock } from "#app/utils/clock";
import { addDays, today } from "#app/utils/dates";

export const SLUG = "strategic-planning-and-performance-management";

/**
 * A run of the course starting `inDays` from today (business clock), held on each of its `days` calendar days:
 * its sessions are written as the office would set them, so a weekend inside it stays a course day whatever
 * day the tests run on (the default sessions, which skip weekends and holidays, are tested in run-sessions).
 */
export async function newRun({ inDays = 10, days = 3, venue = "Naivasha, Kenya" } = {}) {
  const [course] = await db().select({ id: courses.id }).from(courses).where(eq(courses.slug, SLUG));
  const startDate = addDays(today(), inDays);
  const endDate = addDays(startDate, days - 1);
  const [run] = await db()
    .insert(courseRuns)
    .values({ courseId: course?.id as string, startDate, endDate, venue })
    .returning({ id: courseRuns.id, courseId: courseRuns.courseId });
  const runId = run?.id as string;
  await db()
    .insert(runSessions)
    .values(Array.from({ length: days }, (_, i) => ({ runId, date: addDays(startDate, i) })));
  return { id: runId, courseId: run?.courseId as string, startDate, endDate };
}

/** Moves the business clock to just after the run's last session (17:00 on its end date), when it is over. */
export function afterRun(run: { endDate: string | null }) {
  setClock(new Date(`${run.endDate}T17:05:00+03:00`));
}

/** A group booking of `people` for the run; returns its registration ids in the order given. */
export async function book(
  runId: string,
  people: {
    name: string;
    email: string;
    idNumber?: string;
    phone?: string;
    smsConsent?: boolean;
    whatsappConsent?: boolean;
  }[],
  organization = "Kenya Ports Authority",
  contact: { phone: string | null; whatsappConsent?: boolean } = { phone: null },
) {
  const result = await createBooking({
    name: "HR Office",
    email: `hr-${crypto.randomUUID().slice(0, 6)}@example.com`,
    phone: contact.phone,
    whatsappConsent: contact.whatsappConsent ?? false,
    organization,
    message: null,
    kraPin: null,
    lpoNumber: null,
    course: SLUG,
    run: runId,
    participants: people.map((p) => ({
      name: p.name,
      email: p.email,
      phone: p.phone ?? null,
      idNumber: p.idNumber ?? null,
      smsConsent: p.smsConsent ?? false,
      whatsappConsent: p.whatsappConsent ?? false,
    })),
    source: "register",
    idempotencyKey: crypto.randomUUID(),
    ip: "203.0.113.9",
  } as never);
  return result;
}

/** Marks every queued message as handled, so a test only sees what it causes. */
export async function clearOutbox() {
  await db().update(emailOutbox).set({ status: "sent" });
}

/** The run's daily timetable, as the office writes it in the joining instructions (a NITA pack needs it). */
export function writeTimetable(runId: string, timetable = "08:30 registration, 09:00 sessions, 17:00 close") {
  return saveJoiningInstructions(
    { id: null, email: "office@mafunzo.test", ip: "127.0.0.1", userAgent: "vitest" },
    runId,
    JoiningInstructionsSchema.parse({ timetable }),
  );
}
