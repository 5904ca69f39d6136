import crypto from "node:crypto";
import { and, asc, eq, exists, gte, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import { courseRegistrations as r } from "#app/booking/tables.server";
import { feedbackRequest } from "#app/delivery/emails.server";
import type { FeedbackInput } from "#app/delivery/feedback/feedback";
import { attendanceMarks, courseFeedback } from "#app/delivery/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { enqueueEmails } from "#app/platform/email/outbox.server";
import { courseRuns, courses, testimonials } from "#app/site/tables.server";
import { hashToken } from "#app/staff/index.server";
import { now } from "#app/utils/clock";
import { addDays, today } from "#app/utils/dates";
import { LIVE_STATUSES } from "../delivery-run.server";

export const FEEDBACK_KIND = "feedback_request";

// a run counts as ended at 17:00 in Nairobi on its last day; older runs than this are not chased any more
const FINISHED_AT = "T17:00:00+03:00";
const CHASE_DAYS = 30;

/**
 * Sends every attendee (present at least one day) of the runs that ended a one-use feedback link, once: the
 * unique registration key of `course_feedback` lets one process take each request, and the e-mail is queued
 * in the same transaction. Only the link's hash is stored.
 */
export async function sendFeedbackRequests(at: Date = now()) {
  const lastDay = sql<string>`coalesce(${courseRuns.endDate}, ${courseRuns.startDate})`;
  return db().transaction(async (tx) => {
    const attendees = await tx
      .select({
        registrationId: r.id,
        runId: courseRuns.id,
        name: r.name,
        email: r.email,
        courseTitle: courses.title,
      })
      .from(r)
      .innerJoin(courseRuns, eq(courseRuns.id, r.runId))
      .innerJoin(courses, eq(courses.id, courseRuns.courseId))
      .where(
        and(
          inArray(r.status, [...LIVE_STATUSES]),
          isNull(r.deletedAt),
          ne(courseRuns.status, "cancelled"),
          gte(lastDay, addDays(today(at), -CHASE_DAYS)),
          lte(lastDay, today(at)),
          exists(
            tx
              .select({ one: sql`1` })
              .from(attendanceMarks)
              .where(
                and(
                  eq(attendanceMarks.registrationId, r.id),
                  eq(attendanceMarks.runId, courseRuns.id),
                  eq(attendanceMarks.present, true),
                ),
              ),
          ),
          sql`not exists (select 1 from ${courseFeedback} f where f.registration_id = ${r.id})`,
          sql`(${lastDay} || ${FINISHED_AT})::timestamptz <= ${at.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(r.id));
    let sent = 0;
    for (const person of attendees) {
      const token = crypto.randomBytes(24).toString("base64url");
      const [row] = await tx
        .insert(courseFeedback)
        .values({ registrationId: person.registrationId, runId: person.runId, tokenHash: hashToken(token) })
        .onConflictDoNothing({ target: courseFeedback.registrationId })
        .returning({ id: courseFeedback.id });
      if (!row) continue;
      await enqueueEmails(tx, [
        {
          to: person.email,
          kind: FEEDBACK_KIND,
          relatedTable: "course_feedback",
          relatedId: row.id,
          ...feedbackRequest({ name: person.name, courseTitle: person.courseTitle, token }),
        },
      ]);
      sent += 1;
    }
    return sent;
  });
}

export type FeedbackLink =
  | { state: "unknown" }
  | { state: "used" | "open"; name: string; courseTitle: string };

async function findRequest(token: string) {
  const [row] = await db()
    .select({
      id: courseFeedback.id,
      submittedAt: courseFeedback.submittedAt,
      name: r.name,
      courseTitle: courses.title,
    })
    .from(courseFeedback)
    .innerJoin(r, eq(r.id, courseFeedback.registrationId))
    .innerJoin(courseRuns, eq(courseRuns.id, courseFeedback.runId))
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(eq(courseFeedback.tokenHash, hashToken(token)));
  return row ?? null;
}

/** What the feedback link shows: the form, or that the link is unknown or already used. */
export async function describeFeedbackLink(token: string): Promise<FeedbackLink> {
  if (token.length > 100) return { state: "unknown" };
  const row = await findRequest(token);
  if (!row) return { state: "unknown" };
  return { state: row.submittedAt ? "used" : "open", name: row.name, courseTitle: row.courseTitle };
}

/** Stores the answers once: one conditional update, so a second submission through the link changes nothing. */
export async function submitFeedback(token: string, input: FeedbackInput): Promise<FeedbackLink> {
  if (token.length > 100) return { state: "unknown" };
  const [row] = await db()
    .update(courseFeedback)
    .set({ ...input, submittedAt: now() })
    .where(and(eq(courseFeedback.tokenHash, hashToken(token)), isNull(courseFeedback.submittedAt)))
    .returning({ id: courseFeedback.id });
  const link = await describeFeedbackLink(token);
  if (link.state === "unknown") return link;
  // "open" tells the caller this submission was the one stored
  return { ...link, state: row ? "open" : "used" };
}

/** A feedback's answers and what its quote may become, as the run's page and a person's data request read them. */
export const feedbackAnswerColumns = {
  submittedAt: courseFeedback.submittedAt,
  courseRating: courseFeedback.courseRating,
  facilitatorRating: courseFeedback.facilitatorRating,
  mostUseful: courseFeedback.mostUseful,
  improve: courseFeedback.improve,
  consentToQuote: courseFeedback.consentToQuote,
  quoteName: courseFeedback.quoteName,
  quotePosition: courseFeedback.quotePosition,
  testimonialId: courseFeedback.testimonialId,
};

/** The run's submitted answers, newest first, and the averages. */
export async function listRunFeedback(runId: string) {
  const answers = await db()
    .select({
      id: courseFeedback.id,
      name: r.name,
      organization: r.organization,
      ...feedbackAnswerColumns,
    })
    .from(courseFeedback)
    .innerJoin(r, eq(r.id, courseFeedback.registrationId))
    .where(and(eq(courseFeedback.runId, runId), sql`${courseFeedback.submittedAt} is not null`))
    .orderBy(sql`${courseFeedback.submittedAt} desc`);
  const [requests] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(courseFeedback)
    .where(eq(courseFeedback.runId, runId));
  const average = (pick: (a: (typeof answers)[number]) => number | null) =>
    answers.length === 0
      ? null
      : Math.round((answers.reduce((sum, a) => sum + (pick(a) ?? 0), 0) / answers.length) * 10) / 10;
  return {
    answers,
    requested: requests?.n ?? 0,
    courseAverage: average((a) => a.courseRating),
    facilitatorAverage: average((a) => a.facilitatorRating),
  };
}

export type DraftOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

/** A consented answer becomes an inactive testimonial for the admin to publish; once per answer. */
export async function draftTestimonial(
  actor: AuditActor,
  runId: string,
  feedbackId: string,
): Promise<DraftOutcome> {
  return db().transaction(async (tx) => {
    const [answer] = await tx
      .select({
        id: courseFeedback.id,
        consent: courseFeedback.consentToQuote,
        submittedAt: courseFeedback.submittedAt,
        testimonialId: courseFeedback.testimonialId,
        quoteName: courseFeedback.quoteName,
        quotePosition: courseFeedback.quotePosition,
        mostUseful: courseFeedback.mostUseful,
        rating: courseFeedback.courseRating,
        courseTitle: courses.title,
      })
      .from(courseFeedback)
      .innerJoin(courseRuns, eq(courseRuns.id, courseFeedback.runId))
      .innerJoin(courses, eq(courses.id, courseRuns.courseId))
      .where(and(eq(courseFeedback.id, feedbackId), eq(courseFeedback.runId, runId)))
      .for("update", { of: courseFeedback });
    if (!answer?.submittedAt) return { ok: false, status: 404, message: "This answer does not exist." };
    if (!answer.consent || !answer.quoteName || !answer.quotePosition || !answer.mostUseful)
      return { ok: false, status: 409, message: "This participant did not agree to be quoted." };
    if (answer.testimonialId)
      return { ok: false, status: 409, message: "This answer is already a testimonial draft." };
    const [testimonial] = await tx
      .insert(testimonials)
      .values({
        name: answer.quoteName,
        position: answer.quotePosition,
        course: answer.courseTitle,
        content: answer.mostUseful,
        rating: answer.rating ?? 5,
        status: "inactive",
      })
      .returning({ id: testimonials.id });
    if (!testimonial) throw new Error("insert returned no row");
    await tx
      .update(courseFeedback)
      .set({ testimonialId: testimonial.id })
      .where(eq(courseFeedback.id, answer.id));
    await recordAudit(tx, actor, {
      action: "Created testimonial from feedback",
      tableName: "testimonials",
      recordId: testimonial.id,
      newValues: { feedback: answer.id, name: answer.quoteName, status: "inactive" },
    });
    return { ok: true, message: "Testimonial draft created: publish it on the Testimonials page." };
  });
}
