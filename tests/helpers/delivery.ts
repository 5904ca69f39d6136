import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { createBooking } from "#app/bookings/booking.server";
import { JoiningInstructionsSchema } from "#app/delivery/instructions/joining-instructions";
import { saveJoiningInstructions } from "#app/delivery/instructions/joining-instructions.server";
import { db } from "#app/platform/db/client.server";
import { courseRuns, courses, emailOutbox } from "#app/platform/db/schema";
import { addDays, today } from "#app/utils/dates";

export const SLUG = "strategic-planning-and-performance-management";

/** A run of the course starting `inDays` from today (business clock), `days` long. */
export async function newRun({ inDays = 10, days = 3, venue = "Naivasha, Kenya" } = {}) {
  const [course] = await db().select({ id: courses.id }).from(courses).where(eq(courses.slug, SLUG));
  const startDate = addDays(today(), inDays);
  const [run] = await db()
    .insert(courseRuns)
    .values({ courseId: course?.id as string, startDate, endDate: addDays(startDate, days - 1), venue })
    .returning({ id: courseRuns.id, courseId: courseRuns.courseId });
  return { id: run?.id as string, courseId: run?.courseId as string, startDate };
}

/** A group booking of `people` for the run; returns its registration ids in the order given. */
export async function book(
  runId: string,
  people: { name: string; email: string; idNumber?: string }[],
  organization = "Kenya Ports Authority",
) {
  const result = await createBooking({
    name: "HR Office",
    email: `hr-${crypto.randomUUID().slice(0, 6)}@example.com`,
    phone: null,
    organization,
    message: null,
    kraPin: null,
    lpoNumber: null,
    course: SLUG,
    run: runId,
    participants: people.map((p) => ({
      name: p.name,
      email: p.email,
      phone: null,
      idNumber: p.idNumber ?? null,
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
