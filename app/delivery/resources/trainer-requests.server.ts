import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { trainerDeclinedMail, trainerRequestMail } from "#app/delivery/emails.server";
import { runTrainers } from "#app/delivery/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { users } from "#app/platform/db/tables.server";
import { enqueueEmails } from "#app/platform/email/outbox.server";
import { env } from "#app/platform/env.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { hashToken, listAdminRecipients } from "#app/staff/index.server";
import { now } from "#app/utils/clock";
import { formatLongDate, today } from "#app/utils/dates";
import { runDatesText } from "../delivery-run.server";
import { checkTrainer, type TakenDay } from "./clashes.server";
import type { RunTrainerAction } from "./resources";

// A trainer asked to deliver a run (issue 48, decision 0760): requested by the office with a date to answer by,
// accepted or declined by the trainer (the e-mail's one-use link, or "My runs"), withdrawn by the office.

export type RequestOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

export const TRAINER_REQUEST_KIND = "trainer_request";

const refuse = (status: number, message: string): RequestOutcome => ({ ok: false, status, message });

/** "12 March 2026 (day 3 of 5)": a day named with its place in the run. */
function dayNames(days: readonly string[], all: readonly string[]) {
  return days
    .map((date) => `${formatLongDate(date)} (day ${all.indexOf(date) + 1} of ${all.length})`)
    .join(", ");
}

const clashText = (clashes: readonly TakenDay[]) =>
  [...new Set(clashes.map((c) => c.title))]
    .map((title) => {
      const dates = clashes.filter((c) => c.title === title).map((c) => formatLongDate(c.date));
      return `${title} on ${dates.join(", ")}`;
    })
    .join("; ");

const isTrainer = sql`${users.roles} @> array['trainer']::text[]`;

/** The run as a request names it. */
async function requestRun(executor: Executor, runId: string) {
  const [run] = await executor
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      title: courses.title,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
      label: courseRuns.label,
      venue: courseRuns.venue,
      status: courseRuns.status,
    })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(eq(courseRuns.id, runId));
  return run;
}

/**
 * Asks a trainer to deliver the run, by `dueDate` (or, `assign`, records them as confirmed by the office, with
 * no request to answer). Refused when a session day falls in their leave (a hard stop)
 * or, without a typed reason, when they already train another course date on one of its days; a day outside
 * their weekly pattern is allowed and said. The e-mail with the answer link is queued in the same transaction.
 */
export async function requestTrainer(
  actor: AuditActor,
  runId: string,
  input: Extract<RunTrainerAction, { intent: "request" | "assign" }>,
): Promise<RequestOutcome> {
  const dueDate = input.intent === "request" ? input.dueDate : null;
  return db().transaction(async (tx) => {
    const run = await requestRun(tx, runId);
    if (!run || run.status === "cancelled")
      return refuse(409, "This course date is cancelled: no trainer can be requested.");
    const [trainer] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.id, input.trainer), isTrainer, isNull(users.deactivatedAt)));
    if (!trainer) return refuse(400, "Choose a trainer from the list of active trainers.");
    // two requests for one trainer at once would each miss the other's days: they take turns
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`trainer:${trainer.id}`}, 0))`);
    const name = trainer.name ?? trainer.email;
    const [current] = await tx
      .select({ state: runTrainers.state })
      .from(runTrainers)
      .where(and(eq(runTrainers.runId, runId), eq(runTrainers.userId, trainer.id)))
      .for("update");
    if (current?.state === "requested" || current?.state === "accepted") {
      return refuse(
        409,
        `${name} has already been ${current.state === "accepted" ? "confirmed" : "asked"} for this course date.`,
      );
    }
    if (dueDate !== null && dueDate < today()) return refuse(400, "Answer by: choose today or a later day.");
    const check = await checkTrainer(tx, runId, trainer.id);
    const first = check.dates[0];
    if (first && dueDate !== null && dueDate >= first) {
      return refuse(400, `Answer by: choose a day before the first session (${formatLongDate(first)}).`);
    }
    if (check.leave.length > 0) {
      return refuse(
        409,
        `${name} is on leave on ${dayNames(check.leave, check.dates)}: choose another trainer.`,
      );
    }
    if (check.clashes.length > 0 && !input.clashReason) {
      return refuse(
        409,
        `${name} already trains ${clashText(check.clashes)}. To book them on both, type the reason for the double booking.`,
      );
    }
    const token = crypto.randomBytes(24).toString("base64url");
    const values = {
      state: dueDate === null ? ("accepted" as const) : ("requested" as const),
      dueDate,
      tokenHash: dueDate === null ? null : hashToken(token),
      clashReason: check.clashes.length > 0 ? input.clashReason : null,
      requestedBy: actor.id,
      requestedAt: now(),
      answeredAt: dueDate === null ? now() : null,
    };
    await tx
      .insert(runTrainers)
      .values({ runId, userId: trainer.id, ...values })
      .onConflictDoUpdate({ target: [runTrainers.runId, runTrainers.userId], set: values });
    await recordAudit(tx, actor, {
      action: `${dueDate === null ? "Assigned trainer (confirmed by the office)" : "Requested trainer"}${check.clashes.length > 0 ? " (double booking)" : ""}`,
      tableName: "run_trainers",
      recordId: runId,
      oldValues: current ? { trainer: trainer.id, state: current.state } : null,
      newValues: {
        trainer: trainer.id,
        state: values.state,
        dueDate,
        clashDays: check.clashes.map((c) => c.date),
        clashReason: values.clashReason,
        outsideWeeklyPattern: check.offPattern,
      },
    });
    const warning =
      check.offPattern.length > 0
        ? ` Note: ${dayNames(check.offPattern, check.dates)} ${check.offPattern.length === 1 ? "is" : "are"} outside ${name}'s usual working days.`
        : "";
    if (dueDate === null)
      return { ok: true, message: `${name} is confirmed for this course date.${warning}` };
    await enqueueEmails(tx, [
      {
        to: trainer.email,
        kind: TRAINER_REQUEST_KIND,
        relatedTable: "run_trainers",
        relatedId: runId,
        ...trainerRequestMail({
          name,
          courseTitle: run.title,
          dates: runDatesText(run),
          sessions: check.dates.map(formatLongDate),
          venue: run.venue,
          dueDate: formatLongDate(dueDate),
          link: `${env().PUBLIC_URL}/trainer-request/${token}`,
        }),
      },
    ]);
    return { ok: true, message: `Request sent to ${name}: answer by ${formatLongDate(dueDate)}.${warning}` };
  });
}

/** Withdraws a request or an acceptance: the trainer no longer delivers the run (audited). */
export async function withdrawTrainer(
  actor: AuditActor,
  runId: string,
  userId: string,
): Promise<RequestOutcome> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select({ state: runTrainers.state })
      .from(runTrainers)
      .where(and(eq(runTrainers.runId, runId), eq(runTrainers.userId, userId)))
      .for("update");
    if (!row || (row.state !== "requested" && row.state !== "accepted")) {
      return refuse(409, "This trainer has no open request or acceptance on this course date.");
    }
    await tx
      .update(runTrainers)
      .set({ state: "withdrawn", answeredAt: now() })
      .where(and(eq(runTrainers.runId, runId), eq(runTrainers.userId, userId)));
    await recordAudit(tx, actor, {
      action: "Withdrew trainer",
      tableName: "run_trainers",
      recordId: runId,
      oldValues: { trainer: userId, state: row.state },
      newValues: { trainer: userId, state: "withdrawn" },
    });
    return { ok: true, message: "Trainer withdrawn from this course date." };
  });
}

/** What the e-mail's link shows: the request to answer, or why it can no longer be answered. */
export type RequestLink =
  | { state: "unknown" }
  | {
      state: "open" | "expired" | "accepted" | "declined" | "withdrawn";
      name: string;
      courseTitle: string;
      dates: string;
      venue: string | null;
      dueDate: string | null;
    };

const linkColumns = {
  runId: runTrainers.runId,
  userId: runTrainers.userId,
  state: runTrainers.state,
  dueDate: runTrainers.dueDate,
  requestedBy: runTrainers.requestedBy,
  courseId: courseRuns.courseId,
  name: users.name,
  email: users.email,
  courseTitle: courses.title,
  startDate: courseRuns.startDate,
  endDate: courseRuns.endDate,
  label: courseRuns.label,
  venue: courseRuns.venue,
};

type LinkRow = Awaited<ReturnType<typeof findByToken>>;

/** The request a token names, with its run and trainer; locked when it is to be answered. */
function requestRows(executor: Executor, where: SQL | undefined) {
  return executor
    .select(linkColumns)
    .from(runTrainers)
    .innerJoin(users, eq(users.id, runTrainers.userId))
    .innerJoin(courseRuns, eq(courseRuns.id, runTrainers.runId))
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(where);
}

async function findByToken(executor: Executor, token: string, lock = false) {
  const where = eq(runTrainers.tokenHash, hashToken(token));
  const rows = lock
    ? await requestRows(executor, where).for("update", { of: runTrainers })
    : await requestRows(executor, where);
  return rows[0];
}

function describe(row: NonNullable<LinkRow>): RequestLink {
  const expired = row.state === "requested" && row.dueDate !== null && row.dueDate < today();
  return {
    state: expired ? "expired" : row.state === "requested" ? "open" : row.state,
    name: row.name ?? row.email,
    courseTitle: row.courseTitle,
    dates: runDatesText(row),
    venue: row.venue,
    dueDate: row.dueDate,
  };
}

/** The request the e-mail's link names, as its page shows it. */
export async function describeRequestLink(token: string): Promise<RequestLink> {
  if (token.length > 100) return { state: "unknown" };
  const row = await findByToken(db(), token);
  return row ? describe(row) : { state: "unknown" };
}

/** Records the trainer's answer on a row they hold, locked: refused once answered, withdrawn or past its date. */
async function answerRow(
  tx: Executor,
  row: NonNullable<LinkRow>,
  answer: "accept" | "decline",
  actor: AuditActor,
): Promise<RequestOutcome> {
  const link = describe(row);
  if (link.state === "expired") {
    return refuse(
      410,
      `This request had to be answered by ${formatLongDate(row.dueDate as string)}: please call the office.`,
    );
  }
  if (link.state !== "open") {
    return refuse(
      409,
      `This request was already ${link.state === "withdrawn" ? "withdrawn by the office" : link.state}.`,
    );
  }
  if (answer === "accept") {
    const check = await checkTrainer(tx, row.runId, row.userId);
    if (check.leave.length > 0) {
      return refuse(
        409,
        `You are on leave on ${dayNames(check.leave, check.dates)}: decline, or ask the office to change your leave first.`,
      );
    }
  }
  const state = answer === "accept" ? "accepted" : "declined";
  await tx
    .update(runTrainers)
    .set({ state, answeredAt: now() })
    .where(and(eq(runTrainers.runId, row.runId), eq(runTrainers.userId, row.userId)));
  await recordAudit(tx, actor, {
    action: answer === "accept" ? "Trainer accepted request" : "Trainer declined request",
    tableName: "run_trainers",
    recordId: row.runId,
    oldValues: { trainer: row.userId, state: row.state },
    newValues: { trainer: row.userId, state },
  });
  if (state === "declined") await tellOfficeOfDecline(tx, row);
  return {
    ok: true,
    message:
      answer === "accept"
        ? `Thank you: you are confirmed for ${row.courseTitle}, ${runDatesText(row)}.`
        : `You declined ${row.courseTitle}, ${runDatesText(row)}. The office has been told.`,
  };
}

/** A declined request is said to whoever asked (or, when they are gone, to the office's notification list). */
async function tellOfficeOfDecline(tx: Executor, row: NonNullable<LinkRow>) {
  const [asker] = row.requestedBy
    ? await tx
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.id, row.requestedBy), isNull(users.deactivatedAt)))
    : [];
  const to = asker ? [asker.email] : await listAdminRecipients(tx);
  const mail = trainerDeclinedMail({
    trainer: row.name ?? row.email,
    courseTitle: row.courseTitle,
    dates: runDatesText(row),
    runUrl: `${env().PUBLIC_URL}/admin/courses/${row.courseId}/runs/${row.runId}`,
  });
  await enqueueEmails(
    tx,
    to.map((address) => ({
      to: address,
      kind: "trainer_declined",
      relatedTable: "run_trainers",
      relatedId: row.runId,
      ...mail,
    })),
  );
}

/** The answer from the e-mail's link: the token is the trainer's proof, so the audit names them as the actor. */
export async function answerRequestByLink(
  token: string,
  answer: "accept" | "decline",
  from: Pick<AuditActor, "ip" | "userAgent">,
): Promise<RequestOutcome> {
  if (token.length > 100) return refuse(404, "This link is not valid.");
  return db().transaction(async (tx) => {
    const row = await findByToken(tx, token, true);
    if (!row)
      return refuse(
        404,
        "This link is not valid. Please use the link in your e-mail exactly as it was sent.",
      );
    return answerRow(tx, row, answer, { id: row.userId, email: row.email, roles: ["trainer"], ...from });
  });
}

/** The answer from "My runs": only the trainer the request was sent to may give it. */
export async function answerRequestAsTrainer(
  actor: AuditActor & { id: string },
  runId: string,
  answer: "accept" | "decline",
): Promise<RequestOutcome> {
  return db().transaction(async (tx) => {
    const [row] = await requestRows(
      tx,
      and(eq(runTrainers.runId, runId), eq(runTrainers.userId, actor.id)),
    ).for("update", { of: runTrainers });
    if (!row) return refuse(403, "This request was sent to another trainer.");
    return answerRow(tx, row, answer, actor);
  });
}

/** A run's trainers with where their requests stand, for its page. */
export async function listRunTrainerRequests(runId: string) {
  return db()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      state: runTrainers.state,
      dueDate: runTrainers.dueDate,
      clashReason: runTrainers.clashReason,
    })
    .from(runTrainers)
    .innerJoin(users, eq(users.id, runTrainers.userId))
    .where(eq(runTrainers.runId, runId))
    .orderBy(asc(runTrainers.createdAt));
}

/** The requests waiting for the trainer's answer, soonest course date first, for "My runs". */
export async function listOpenRequests(userId: string) {
  const rows = await db()
    .select({
      runId: runTrainers.runId,
      dueDate: runTrainers.dueDate,
      courseTitle: courses.title,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
      label: courseRuns.label,
      venue: courseRuns.venue,
    })
    .from(runTrainers)
    .innerJoin(courseRuns, eq(courseRuns.id, runTrainers.runId))
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(
      and(
        eq(runTrainers.userId, userId),
        eq(runTrainers.state, "requested"),
        inArray(courseRuns.status, ["open", "full"]),
      ),
    )
    .orderBy(sql`${courseRuns.startDate} asc nulls last`);
  const day = today();
  return rows.map((row) => ({
    ...row,
    dates: runDatesText(row),
    expired: row.dueDate !== null && row.dueDate < day,
  }));
}
