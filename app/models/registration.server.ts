import crypto from "node:crypto";
import { and, asc, eq, ne } from "drizzle-orm";
import { db, type Executor } from "#app/db/client.server";
import { courseRegistrations, courseRuns, courses } from "#app/db/schema";
import type { RegistrationInput, RegistrationSource } from "#app/schemas/registration";
import { registrationConfirmation, registrationNotification } from "#app/services/email-templates.server";
import { enqueueEmails } from "#app/services/outbox.server";
import { formatKsh } from "#app/utils/money";
import { listAdminRecipients } from "./notify.server";
import { runCalendarAttachments } from "./run-calendar.server";
import { getSiteContentValue } from "./site-content.server";

export type RegistrationRun = { id: string; date: string | null; venue: string | null; cost: string | null };
export type RegistrationCourse = {
  slug: string;
  title: string;
  duration: string | null;
  cost: string | null;
  runs: RegistrationRun[];
};

const formatDuration = (days: number | null) => (days ? `${days} ${days === 1 ? "day" : "days"}` : null);

/** The active courses and their scheduled runs, as the registration forms offer them. */
export async function listRegistrationCourses(executor: Executor = db()): Promise<RegistrationCourse[]> {
  const rows = await executor
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      durationDays: courses.durationDays,
      cost: courses.cost,
    })
    .from(courses)
    .where(eq(courses.status, "active"))
    .orderBy(asc(courses.sortOrder), asc(courses.title));
  const runs = await executor
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      label: courseRuns.label,
      venue: courseRuns.venue,
      costOverride: courseRuns.costOverride,
    })
    .from(courseRuns)
    .where(ne(courseRuns.status, "cancelled"))
    .orderBy(asc(courseRuns.startDate));
  return rows.map((course) => ({
    slug: course.slug,
    title: course.title,
    duration: formatDuration(course.durationDays),
    cost: formatKsh(course.cost),
    runs: runs
      .filter((run) => run.courseId === course.id)
      .map((run) => ({
        id: run.id,
        date: run.label,
        venue: run.venue,
        cost: formatKsh(run.costOverride ?? course.cost),
      })),
  }));
}

/**
 * The course details stored with a registration, read from the database by slug and run id: the text a
 * browser posts is never trusted. A run of another course is ignored (the visitor changed the course).
 */
export async function findCourseSnapshot(executor: Executor, slug: string, runId: string | null) {
  const [course] = await executor
    .select({ id: courses.id, title: courses.title, durationDays: courses.durationDays, cost: courses.cost })
    .from(courses)
    .where(and(eq(courses.slug, slug), eq(courses.status, "active")));
  if (!course) return null;
  const [run] = runId
    ? await executor
        .select({
          id: courseRuns.id,
          label: courseRuns.label,
          venue: courseRuns.venue,
          costOverride: courseRuns.costOverride,
        })
        .from(courseRuns)
        .where(
          and(
            eq(courseRuns.id, runId),
            eq(courseRuns.courseId, course.id),
            ne(courseRuns.status, "cancelled"),
          ),
        )
    : [];
  return {
    courseId: course.id,
    runId: run?.id ?? null,
    courseName: course.title,
    courseDate: run?.label ?? null,
    courseVenue: run?.venue ?? null,
    courseCost: formatKsh(run?.costOverride ?? course.cost),
    courseDuration: formatDuration(course.durationDays),
  };
}

// No 0/O, 1/I/L: the reference is read out over the phone and typed as an M-PESA account number.
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export function newRegistrationReference() {
  let code = "";
  for (let i = 0; i < 8; i++) code += REFERENCE_ALPHABET[crypto.randomInt(REFERENCE_ALPHABET.length)];
  return `MF-${code}`;
}

export type NewRegistration = RegistrationInput & {
  source: RegistrationSource;
  idempotencyKey: string;
  ip: string | null;
};

export type CreatedRegistration = { id: string; reference: string; replayed: boolean };

async function findByIdempotencyKey(executor: Executor, key: string) {
  const [row] = await executor
    .select({ id: courseRegistrations.id, reference: courseRegistrations.reference })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.idempotencyKey, key));
  return row ? { ...row, replayed: true } : null;
}

/**
 * Stores a registration and its e-mails in one transaction. A repeated idempotency key returns the first
 * registration instead of a second one; null means the course is not open for registration.
 */
export async function createRegistration(input: NewRegistration): Promise<CreatedRegistration | null> {
  return db().transaction(async (tx) => {
    const existing = await findByIdempotencyKey(tx, input.idempotencyKey);
    if (existing) return existing;
    const snapshot = await findCourseSnapshot(tx, input.course, input.run);
    if (!snapshot) return null;
    const fields = {
      name: input.name,
      email: input.email,
      phone: input.phone,
      organization: input.organization,
      specialRequirements: input.message,
      source: input.source,
      idempotencyKey: input.idempotencyKey,
      ip: input.ip,
      ...snapshot,
    };
    for (let attempt = 0; attempt < 5; attempt++) {
      const reference = newRegistrationReference();
      // DO NOTHING covers both unique columns: a concurrent twin (same key) or a reference collision
      const [row] = await tx
        .insert(courseRegistrations)
        .values({ ...fields, reference })
        .onConflictDoNothing()
        .returning({ id: courseRegistrations.id });
      if (!row) {
        const twin = await findByIdempotencyKey(tx, input.idempotencyKey);
        if (twin) return twin;
        continue;
      }
      const mail = { ...fields, reference };
      const [payment, contact, admins] = await Promise.all([
        getSiteContentValue(tx, "payment"),
        getSiteContentValue(tx, "contact"),
        listAdminRecipients(tx),
      ]);
      const related = { relatedTable: "course_registrations", relatedId: row.id };
      await enqueueEmails(tx, [
        {
          to: input.email,
          kind: "registration_confirmation",
          ...related,
          ...registrationConfirmation(mail, payment, contact),
          attachments: await runCalendarAttachments(tx, fields.runId),
        },
        ...admins.map((to) => ({
          to,
          kind: "registration_notification",
          ...related,
          ...registrationNotification(mail, input.source),
        })),
      ]);
      return { id: row.id, reference, replayed: false };
    }
    throw new Error("Could not allocate a unique registration reference");
  });
}
