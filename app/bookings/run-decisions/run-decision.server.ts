import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { lockRunsSeats } from "#app/booking/index.server";
import { bookings, courseRegistrations as r } from "#app/booking/tables.server";
import {
  findDeliveryRun,
  getJoiningInstructions,
  joiningRows,
  LIVE_STATUSES,
  penaltyPercentOn,
  percentOf,
  type RunDecisionInput,
  runEconomics,
} from "#app/delivery/index.server";
import {
  runCosts,
  runDecisions,
  runTrainers,
  runVenueHolds,
  venueRooms,
  venues,
} from "#app/delivery/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { users } from "#app/platform/db/tables.server";
import { enqueueEmails, type OutgoingEmail } from "#app/platform/email/outbox.server";
import { env } from "#app/platform/env.server";
import { lockRun, plural } from "#app/site/index.server";
import { courseRuns } from "#app/site/tables.server";
import { hashToken } from "#app/staff/index.server";
import { now } from "#app/utils/clock";
import { formatLongDate, today } from "#app/utils/dates";
import { formatMinor } from "#app/utils/minor-units";
import { portalUrl } from "../emails.server";
import { cancelCourseRun } from "../run-bookings/run-cancellation.server";
import { postponementOffers } from "../tables.server";
import {
  contactPostponedMail,
  runConfirmedMail,
  runPostponedMail,
  trainerRunCalledOffMail,
  trainerRunConfirmedMail,
  venueCalledOffMail,
  venueConfirmedMail,
} from "./decision-emails.server";

// The go/no-go decision (issue 48, item 4; decision 0776): Confirm tells everyone it goes ahead (participants get
// their joining instructions, trainers and the venue are told); Postpone offers each participant the next date
// by a one-click link (decision 0777), records the venue's penalty and frees the date; Cancel goes through the
// run's cancellation (credit notes through money's path) and records the venue's penalty. Bookings change only
// through bookings' own functions; nothing issued is removed.

export type DecisionOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

const refuse = (status: number, message: string): DecisionOutcome => ({ ok: false, status, message });
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;

/** The run's people: live participants with their bookings, its trainers asked or accepted, the venue held. */
async function peopleOf(tx: Executor, runId: string) {
  const participants = await tx
    .select({
      id: r.id,
      name: r.name,
      email: r.email,
      bookingId: r.bookingId,
      reference: bookings.reference,
      contactName: bookings.contactName,
      contactEmail: bookings.contactEmail,
    })
    .from(r)
    .leftJoin(bookings, eq(bookings.id, r.bookingId))
    .where(and(eq(r.runId, runId), isNull(r.deletedAt), inArray(r.status, [...LIVE_STATUSES])))
    .orderBy(asc(r.createdAt), asc(r.id));
  const trainers = await tx
    .select({ name: users.name, email: users.email })
    .from(runTrainers)
    .innerJoin(users, eq(users.id, runTrainers.userId))
    .where(and(eq(runTrainers.runId, runId), inArray(runTrainers.state, ["requested", "accepted"])))
    .orderBy(asc(runTrainers.createdAt));
  const [venue] = await tx
    .select({
      room: venueRooms.name,
      venue: venues.name,
      contact: venues.contact,
      ladder: runVenueHolds.cancellationLadder,
    })
    .from(runVenueHolds)
    .innerJoin(venueRooms, eq(venueRooms.id, runVenueHolds.roomId))
    .innerJoin(venues, eq(venues.id, venueRooms.venueId))
    .where(eq(runVenueHolds.runId, runId));
  return {
    participants,
    trainers: trainers.map((t) => ({ name: t.name ?? t.email, email: t.email })),
    venue: venue
      ? { ...venue, room: `${venue.room} (${venue.venue})`, email: EMAIL.exec(venue.contact)?.[0] ?? null }
      : null,
  };
}

/**
 * The venue's charge for calling the date off today: the ladder's percent of the room's planned cost for the
 * participants booked (a package per person, or the day rate), in the run's currency. 0 without a hold.
 */
async function venuePenalty(runId: string, decision: RunDecisionInput["decision"]) {
  const numbers = await runEconomics(runId);
  const due = numbers?.decisionDate ?? null;
  if (!numbers?.hold || decision === "confirm")
    return { minor: 0, percent: 0, currency: numbers?.run.currency ?? "KES", due };
  const venue = numbers.rows.find((row) => row.kind === "venue" && row.id === null);
  const total =
    venue && venue.currency === numbers.run.currency
      ? venue.amountMinor *
        (venue.basis === "per_day" ? numbers.days : venue.basis === "per_participant" ? numbers.booked : 1)
      : 0;
  const percent = penaltyPercentOn(numbers.hold.cancellationLadder, today());
  return { minor: percentOf(total, percent), percent, currency: numbers.run.currency, due };
}

/** Records the decision and, when there is one, the venue's penalty as an actual cost; audited. */
async function record(
  tx: Executor,
  actor: AuditActor,
  runId: string,
  input: RunDecisionInput,
  participants: number,
  penalty: { minor: number; percent: number; currency: string; due?: string | null },
) {
  const [row] = await tx
    .insert(runDecisions)
    .values({
      runId,
      decision: input.decision,
      reason: input.reason,
      toRunId: input.toRun,
      dueOn: penalty.due ?? null,
      participants,
      penaltyMinor: penalty.minor,
      decidedAt: now(),
      decidedBy: actor.id,
    })
    .returning();
  if (penalty.minor > 0) {
    await tx.insert(runCosts).values({
      runId,
      stage: "actual",
      kind: "venue",
      basis: "fixed",
      description: `Venue cancellation charge: ${penalty.percent} % under the contract's ladder on ${formatLongDate(today())}`,
      amountMinor: penalty.minor,
      currency: penalty.currency as "KES",
      source: "venue_penalty",
      createdBy: actor.id,
    });
  }
  await recordAudit(tx, actor, {
    action: `Recorded go/no-go decision: ${input.decision}`,
    tableName: "run_decisions",
    recordId: runId,
    newValues: row,
  });
}

const runFacts = (run: NonNullable<Awaited<ReturnType<typeof findDeliveryRun>>>) => ({
  courseTitle: run.courseTitle,
  dates: run.dates,
  venue: run.venue,
});

/** Confirm, Postpone or Cancel a course date; a date is decided once. */
export async function decideRun(
  actor: AuditActor,
  courseId: string,
  runId: string,
  input: RunDecisionInput,
): Promise<DecisionOutcome> {
  // read before the transaction: the figures read beside it (PGlite has one connection)
  const penalty = await venuePenalty(runId, input.decision);
  if (input.decision === "cancel") {
    const decided = await decidedAlready(runId);
    if (decided) return decided;
    const outcome = await cancelCourseRun(actor, courseId, runId, async (tx, participants) => {
      const run = await findDeliveryRun(runId, tx);
      const people = await peopleOf(tx, runId);
      await record(tx, actor, runId, input, participants, penalty);
      await tellTrainersAndVenue(tx, runId, run, people, "cancelled", penalty);
      return penaltySentence(penalty);
    });
    return outcome;
  }
  return moneyTransaction(async (tx): Promise<DecisionOutcome> => {
    const run = await lockRun(tx, courseId, runId);
    if (!run) return refuse(404, "This course date does not exist.");
    const [decided] = await tx.select().from(runDecisions).where(eq(runDecisions.runId, runId));
    if (decided) return refuse(409, alreadySaid(decided));
    if (run.status === "cancelled")
      return refuse(409, "This course date is cancelled: there is nothing to decide.");
    if (run.startDate && run.startDate < today())
      return refuse(409, "This course date has begun: its decision was due before.");
    const delivery = await findDeliveryRun(runId, tx);
    if (!delivery) return refuse(404, "This course date does not exist.");
    const people = await peopleOf(tx, runId);
    if (input.decision === "confirm") return confirm(tx, actor, input, delivery, people, penalty.due);
    return postpone(tx, actor, input, delivery, people, penalty);
  });
}

async function decidedAlready(runId: string): Promise<DecisionOutcome | null> {
  const [decided] = await db().select().from(runDecisions).where(eq(runDecisions.runId, runId));
  return decided ? refuse(409, alreadySaid(decided)) : null;
}

const alreadySaid = (d: { decision: string; decidedAt: Date }) =>
  `This course date was already ${d.decision === "confirm" ? "confirmed" : d.decision === "postpone" ? "postponed" : "cancelled"} on ${formatLongDate(today(d.decidedAt))}.`;

function penaltySentence(penalty: { minor: number; percent: number; currency: string }) {
  return penalty.minor > 0
    ? `The venue's cancellation charge (${penalty.percent} %), ${formatMinor(penalty.minor, penalty.currency as "KES")}, is recorded as an actual cost.`
    : "No venue cancellation charge applies.";
}

type People = Awaited<ReturnType<typeof peopleOf>>;
type Run = NonNullable<Awaited<ReturnType<typeof findDeliveryRun>>>;

async function confirm(
  tx: Executor,
  actor: AuditActor,
  input: RunDecisionInput,
  run: Run,
  people: People,
  due: string | null,
) {
  const joining = joiningRows(await getJoiningInstructions(run.id, tx));
  const facts = runFacts(run);
  const mails: OutgoingEmail[] = [
    ...people.participants.map((p) => ({
      to: p.email,
      kind: "run_confirmed",
      relatedTable: "course_runs",
      relatedId: run.id,
      ...runConfirmedMail({ ...facts, name: p.name, joining }),
    })),
    ...people.trainers.map((t) => ({
      to: t.email,
      kind: "run_confirmed_trainer",
      relatedTable: "course_runs",
      relatedId: run.id,
      ...trainerRunConfirmedMail({ ...facts, name: t.name, participants: people.participants.length }),
    })),
    ...(people.venue?.email
      ? [
          {
            to: people.venue.email,
            kind: "run_confirmed_venue",
            relatedTable: "course_runs",
            relatedId: run.id,
            ...venueConfirmedMail({
              ...facts,
              room: people.venue.room,
              participants: people.participants.length,
            }),
          },
        ]
      : []),
  ];
  await enqueueEmails(tx, mails);
  await record(tx, actor, run.id, input, people.participants.length, {
    minor: 0,
    percent: 0,
    currency: "KES",
    due,
  });
  return {
    ok: true as const,
    message: `Course date confirmed: ${plural(people.participants.length, "participant")} sent their joining instructions, ${plural(people.trainers.length, "trainer")} told${venueSaid(people)}.`,
  };
}

const venueSaid = (people: People) =>
  people.venue === null
    ? ""
    : people.venue.email
      ? ", the venue told"
      : `; ${people.venue.venue} has no e-mail address in its contact: call them`;

async function tellTrainersAndVenue(
  tx: Executor,
  runId: string,
  run: Run | null,
  people: People,
  what: "postponed" | "cancelled",
  penalty: { minor: number; currency: string },
) {
  if (!run) return;
  const facts = runFacts(run);
  await enqueueEmails(tx, [
    ...people.trainers.map((t) => ({
      to: t.email,
      kind: `run_${what}_trainer`,
      relatedTable: "course_runs",
      relatedId: runId,
      ...trainerRunCalledOffMail({ ...facts, name: t.name, what }),
    })),
    ...(people.venue?.email
      ? [
          {
            to: people.venue.email,
            kind: `run_${what}_venue`,
            relatedTable: "course_runs",
            relatedId: runId,
            ...venueCalledOffMail({
              ...facts,
              room: people.venue.room,
              what,
              penalty: penalty.minor > 0 ? formatMinor(penalty.minor, penalty.currency as "KES") : null,
            }),
          },
        ]
      : []),
  ]);
}

async function postpone(
  tx: Executor,
  actor: AuditActor,
  input: RunDecisionInput,
  run: Run,
  people: People,
  penalty: { minor: number; percent: number; currency: string; due?: string | null },
): Promise<DecisionOutcome> {
  const toRunId = input.toRun as string;
  const seats = await lockRunsSeats(tx, [run.id, toRunId]);
  const target = seats.get(toRunId);
  if (!target || target.courseId !== run.courseId || toRunId === run.id || target.private)
    return refuse(400, "Choose another date of the same course as the next date.");
  if (target.status === "cancelled" || !target.startDate || target.startDate <= today())
    return refuse(400, "The next date must be an upcoming date that is not cancelled.");
  const need = people.participants.length;
  if (target.left !== null && target.left < need) {
    return refuse(
      409,
      `The next date has ${plural(target.left, "seat")} left for ${plural(need, "participant")}: raise its capacity first, so every place carries.`,
    );
  }
  const next = await findDeliveryRun(toRunId, tx);
  const nextDates = next?.dates ?? formatLongDate(target.startDate);
  await record(tx, actor, run.id, input, need, penalty);
  // the date will not run: off the public pages and the room's and trainers' days
  await tx
    .update(courseRuns)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(eq(courseRuns.id, run.id));
  const facts = runFacts(run);
  const mails: OutgoingEmail[] = [];
  for (const p of people.participants) {
    const token = crypto.randomBytes(24).toString("base64url");
    await tx
      .insert(postponementOffers)
      .values({ registrationId: p.id, fromRunId: run.id, toRunId, tokenHash: hashToken(token) })
      .onConflictDoNothing();
    mails.push({
      to: p.email,
      kind: "run_postponed",
      relatedTable: "course_registrations",
      relatedId: p.id,
      ...runPostponedMail({
        ...facts,
        name: p.name,
        nextDates,
        link: `${env().PUBLIC_URL}/postponed/${token}`,
        reference: p.reference,
        portal: portalUrl(),
      }),
    });
  }
  const told = new Set(people.participants.map((p) => p.email.trim().toLowerCase()));
  for (const p of people.participants) {
    const key = p.contactEmail?.trim().toLowerCase();
    if (!key || told.has(key)) continue;
    told.add(key);
    mails.push({
      to: p.contactEmail as string,
      kind: "run_postponed_contact",
      relatedTable: "course_runs",
      relatedId: run.id,
      ...contactPostponedMail({ ...facts, name: p.contactName ?? "", nextDates, reference: p.reference }),
    });
  }
  await enqueueEmails(tx, mails);
  await tellTrainersAndVenue(tx, run.id, run, people, "postponed", penalty);
  await recordAudit(tx, actor, {
    action: "Updated course run: postponed",
    tableName: "course_runs",
    recordId: run.id,
    oldValues: { status: "open" },
    newValues: { status: "cancelled", postponed_to: toRunId, offers: need },
  });
  return {
    ok: true,
    message: `Course date postponed: ${plural(need, "participant")} offered ${nextDates} by e-mail, ${plural(people.trainers.length, "trainer")} told${venueSaid(people)}. ${penaltySentence(penalty)}`,
  };
}
