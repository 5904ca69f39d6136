import crypto from "node:crypto";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { courseSnapshot, lockRunsSeats, newBookingReference, payUrl } from "#app/booking/index.server";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import type { ParticipantInput, RegistrationInput, RegistrationSource } from "#app/bookings/registration";
import { REGISTRATION_MESSAGES } from "#app/bookings/registration";
import { getJoiningInstructions, joiningRows, tentativeNote } from "#app/delivery/index.server";
import {
  bookingPrice,
  codeRefusal,
  hasLiveDiscountRules,
  lockCodesInUse,
  redeemCodes,
  stkAvailable,
} from "#app/money/index.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { isUniqueViolation } from "#app/platform/db/db-errors.server";
import { groupCommit } from "#app/platform/db/group-commit.server";
import { insertJsonRows } from "#app/platform/db/json-rows.server";
import { enqueueEmails, insertEmails, type OutgoingEmail } from "#app/platform/email/outbox.server";
import { idNumberColumns } from "#app/platform/personal-data/id-number.server";
import { enqueueSms, type OutgoingSms } from "#app/platform/sms/sms-outbox.server";
import { enqueueWhatsApp, type OutgoingWhatsApp } from "#app/platform/whatsapp/whatsapp-outbox.server";
import type { SiteContent } from "#app/site/index";
import {
  notifiedAdmins,
  publicBookableCourses,
  publicSiteContent,
  runCalendarInvite,
} from "#app/site/index.server";
import { courses } from "#app/site/tables.server";
import { parseCents } from "#app/utils/cents";
import { now } from "#app/utils/clock";
import { today } from "#app/utils/dates";
import type { GroupRate } from "#app/utils/discounts";
import { joiningInstructionsSms } from "./booking-sms";
import { portalUrl, registrationConfirmation, registrationNotification } from "./emails.server";

export type NewBooking = Omit<RegistrationInput, "discountCode"> & {
  /** a discount code (decision 0750); a booking made other than by the form has none */
  discountCode?: string | null;
  source: RegistrationSource;
  idempotencyKey: string;
  ip: string | null;
};

export type BookingOutcome =
  | {
      ok: true;
      reference: string;
      waitlisted: boolean;
      position: number | null;
      participants: number;
      /** the list price per participant (the run's, else the course's); null: on request */
      unitCents: number | null;
      /** what each participant pays after the discounts that apply now, and what gave them (decision 0750) */
      netUnitCents?: number | null;
      discounts?: { label: string; cents: number }[];
      /** the date's group rule, stated whether or not the booking reaches it */
      groupRule?: GroupRate | null;
      replayed: boolean;
    }
  | { ok: false; field: "course" | "run" | "discountCode"; message: string };

const OUTCOME_COLUMNS = {
  id: bookings.id,
  reference: bookings.reference,
  status: bookings.status,
  runId: bookings.runId,
  courseId: bookings.courseId,
  createdAt: bookings.createdAt,
  organisationId: bookings.organisationId,
  organization: bookings.organization,
  participants: bookings.participants,
  // spelt out: drizzle leaves a one-table select's columns unqualified, which the subquery's tables would capture
  unitPrice: sql<string | null>`(select coalesce(price_run.cost_override, price_course.cost)::text
    from courses price_course left join course_runs price_run on price_run.id = "bookings"."run_id"
    where price_course.id = "bookings"."course_id")`,
};

async function storedOutcome(
  executor: Executor,
  row: {
    id: string;
    reference: string;
    status: string;
    runId: string | null;
    courseId: string | null;
    createdAt: Date;
    organisationId: string | null;
    organization: string | null;
    participants: number;
    unitPrice: string | null;
  },
) {
  const waitlisted = row.status === "waitlisted";
  const position =
    waitlisted && row.runId ? ((await waitlistPositions(executor, [row.id])).get(row.id) ?? null) : null;
  const unitCents = parseCents(row.unitPrice);
  // the confirmation page a post without JavaScript lands on states the discounts as the fetcher's answer does
  const priced =
    waitlisted || unitCents === null || !row.courseId
      ? null
      : await bookingPrice(executor, row, row.courseId, row.runId, unitCents);
  return {
    ok: true as const,
    reference: row.reference,
    waitlisted,
    position,
    participants: row.participants,
    unitCents,
    netUnitCents: priced?.price.netCents ?? unitCents,
    discounts: priced?.price.steps.map(({ label, cents }) => ({ label, cents })) ?? [],
    groupRule: priced?.groupRule ?? null,
    replayed: true,
  };
}

/**
 * A booking as its confirmation page shows it, with the course and date to book another participant on.
 * Only called with a reference that came signed (decision 0570).
 */
export async function findBookingConfirmation(reference: string) {
  const [row] = await db()
    .select({ ...OUTCOME_COLUMNS, courseSlug: courses.slug })
    .from(bookings)
    .leftJoin(courses, eq(courses.id, bookings.courseId))
    .where(eq(bookings.reference, reference));
  if (!row) return null;
  return { ...(await storedOutcome(db(), row)), courseSlug: row.courseSlug, runId: row.runId };
}

/**
 * Waitlisted bookings' places in their runs' queues (1 = next to be offered a seat), counted in the queue's
 * order: created at, then id (decision 0607).
 */
async function waitlistPositions(executor: Executor, bookingIds: string[]) {
  if (bookingIds.length === 0) return new Map<string, number>();
  const ahead = alias(bookings, "ahead");
  const rows = await executor
    .select({ id: bookings.id, n: count(ahead.id) })
    .from(bookings)
    .innerJoin(
      ahead,
      and(
        eq(ahead.runId, bookings.runId),
        eq(ahead.status, "waitlisted"),
        sql`(${ahead.createdAt}, ${ahead.id}) <= (${bookings.createdAt}, ${bookings.id})`,
      ),
    )
    .where(inArray(bookings.id, bookingIds))
    .groupBy(bookings.id);
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}

/**
 * Who attends: the participant rows of a group booking, led by the contact person when they said "I am
 * attending too", or the contact person alone (the spec's single-person form).
 */
function attendeesOf(input: NewBooking): ParticipantInput[] {
  const contact = {
    name: input.name,
    email: input.email,
    phone: input.phone,
    idNumber: null,
    smsConsent: input.smsConsent,
    whatsappConsent: input.whatsappConsent,
  };
  if (input.participants.length === 0) return [contact];
  return input.contactAttends ? [contact, ...input.participants] : input.participants;
}

/** Group rules that need no database: the size limit and one e-mail per participant. */
export function checkParticipants(input: NewBooking, maxGroupSize: number): BookingOutcome | null {
  const attendees = attendeesOf(input);
  if (attendees.length > maxGroupSize) {
    return { ok: false, field: "course", message: REGISTRATION_MESSAGES.tooManyParticipants(maxGroupSize) };
  }
  const seen = new Set<string>();
  for (const { email } of attendees) {
    const key = email.toLowerCase();
    if (seen.has(key)) {
      return { ok: false, field: "course", message: REGISTRATION_MESSAGES.duplicateParticipant(email) };
    }
    seen.add(key);
  }
  return null;
}

/**
 * Stores a booking, one registration per participant, and its e-mails, in one transaction with the bookings
 * that arrived beside it (decision 0607). The runs' rows are locked while their seats are counted, and the
 * group's bookings take seats one after another in the order they arrived, so concurrent bookings never share
 * a seat; a booking larger than the seats left goes whole on the waiting list (decision 0460). A repeated
 * idempotency key answers with the first booking. Null: no active course of that slug.
 */
export function createBooking(input: NewBooking): Promise<BookingOutcome | null> {
  return bookInGroup(input);
}

/**
 * Stores a group of bookings, one outcome per booking in their order. Exported for the test that runs groups at
 * once from several connections, as separate processes would.
 *
 * A group that books seats on runs is one transaction, as the runs stay locked while their seats are counted and
 * taken. A group without runs has no seats to count, and the one statement that stores it is a transaction of its
 * own (decision 0613). A stored idempotency key is rare (a form sent twice): it is looked for once a row has met a
 * stored reference or key, and then the whole group is tried again, finding a twin stored under its key as a replay.
 */
export async function bookGroup(inputs: NewBooking[]): Promise<(BookingOutcome | null)[]> {
  // read before the transaction (on PGlite a read outside it would wait for it to end), and at once: each is a
  // round trip on PostgreSQL when the cache has moved on
  const [copy, courseBySlug, admins, payOnline] = await Promise.all([
    publicSiteContent(["payment", "contact"]),
    publicBookableCourses(inputs.map((input) => input.course)),
    notifiedAdmins(),
    stkAvailable(),
  ]);
  // a code is locked while its uses are counted, as a run while its seats are
  const seats = inputs.some((input) => input.run || input.discountCode);
  for (let attempt = 0; ; attempt++) {
    const options = { copy, courseBySlug, admins, payOnline, lookForStored: attempt > 0 };
    try {
      if (!seats) return await storeBookings(db(), inputs, options);
      return await db().transaction((tx) => storeBookings(tx, inputs, options));
    } catch (error) {
      if (!isUniqueViolation(error) || attempt === 4) throw error;
    }
  }
}

const bookInGroup = groupCommit(bookGroup);

type Snapshot = ReturnType<typeof courseSnapshot>;
type CourseBySlug = Awaited<ReturnType<typeof publicBookableCourses>>;
type Copy = Pick<SiteContent, "payment" | "contact">;
/** A booking the group will store: its checks passed and its seats are decided. */
type Planned = {
  /** Its place in the group, where its outcome goes. */
  index: number;
  input: NewBooking;
  snapshot: Snapshot;
  attendees: ParticipantInput[];
  waitlisted: boolean;
  unitCents: number | null;
  bookingId: string;
  reference: string;
  registrationIds: string[];
  /** the discount code the booking uses, checked against its limits */
  codeId: string | null;
  /** the held seats it drew on first (decision 0751), and how many of its seats came from them */
  seatHoldId: string | null;
  fromHold: number;
};

async function storeBookings(
  tx: Executor,
  inputs: NewBooking[],
  {
    copy,
    courseBySlug,
    admins,
    payOnline,
    lookForStored,
  }: {
    copy: Copy;
    courseBySlug: CourseBySlug;
    admins: string[];
    /** M-PESA Express can be offered: the confirmation carries the pay button */
    payOnline: boolean;
    lookForStored: boolean;
  },
) {
  const outcomes: (BookingOutcome | null)[] = [];
  const stored = lookForStored
    ? await tx
        .select({ ...OUTCOME_COLUMNS, key: bookings.idempotencyKey })
        .from(bookings)
        .where(inArray(bookings.idempotencyKey, [...new Set(inputs.map((input) => input.idempotencyKey))]))
    : [];
  const storedByKey = new Map(stored.map((row) => [row.key, row]));
  // a key twice in one group (a double submit): the second answers with the first's outcome
  const firstWithKey = new Map<string, number>();
  const fresh: number[] = [];
  for (const [index, input] of inputs.entries()) {
    const row = storedByKey.get(input.idempotencyKey);
    if (row) outcomes[index] = await storedOutcome(tx, row);
    else if (!firstWithKey.has(input.idempotencyKey)) {
      firstWithKey.set(input.idempotencyKey, index);
      fresh.push(index);
    }
  }
  const runs = await lockRunsSeats(
    tx,
    fresh.flatMap((index) => inputs[index]?.run ?? []),
  );
  // after the runs, in the house order: a code's last use or budget goes to one booking (decision 0750)
  const codes = await lockCodesInUse(
    tx,
    fresh.flatMap((index) => inputs[index]?.discountCode ?? []),
  );
  // sorted, so the queue's order among bookings of one millisecond (created at, then id) is their arrival order
  const bookingIds = fresh.map(() => crypto.randomUUID()).sort();
  const planned: Planned[] = [];
  for (const index of fresh) {
    const input = inputs[index] as NewBooking;
    const code = input.discountCode ? codes.get(input.discountCode) : undefined;
    const decided = decideSeats(input, courseBySlug, runs, code?.seatHoldId ?? null);
    if (decided === null || "ok" in decided) {
      outcomes[index] = decided;
      continue;
    }
    if (input.discountCode) {
      const refused = codeRefusal(
        code,
        input.discountCode,
        {
          courseId: decided.snapshot.courseId,
          runId: decided.snapshot.runId,
          participants: decided.attendees.length,
          listCents: decided.unitCents,
        },
        today(),
      );
      if (refused) {
        // the seats decideSeats took go back to the bookings after this one
        const run = input.run ? runs.get(input.run) : undefined;
        if (run && run.left != null && !decided.waitlisted) {
          run.left += decided.attendees.length - decided.fromHold;
        }
        if (run && decided.seatHoldId) {
          run.holds.set(decided.seatHoldId, (run.holds.get(decided.seatHoldId) ?? 0) + decided.fromHold);
        }
        outcomes[index] = { ok: false, field: "discountCode", message: refused };
        continue;
      }
    }
    planned.push({
      ...decided,
      index,
      input,
      bookingId: bookingIds[planned.length] as string,
      reference: newBookingReference(),
      registrationIds: decided.attendees.map(() => crypto.randomUUID()),
      codeId: code?.id ?? null,
    });
  }
  const parts = { admins, payOnline, perRun: await runMailParts(tx, planned) };
  const waitlisted = planned.filter((p) => p.waitlisted).map((p) => p.bookingId);
  // a booking is priced once stored (its group counts the organisation's bookings, itself among them), so a
  // group with a code or on a course with a discount rule writes its e-mails after its rows (decision 0750)
  const priced =
    planned.some((p) => p.codeId) ||
    (await hasLiveDiscountRules(
      tx,
      planned.map((p) => p.snapshot.courseId),
    ));
  let positions = new Map<string, number>();
  let prices = new Map<string, BookingPrice>();
  if (waitlisted.length === 0 && !priced) {
    await insertBookings(tx, planned, bookingEmails(planned, positions, prices, parts, copy));
  } else {
    // a waitlisted booking's confirmation names its place in the queue, counted once the booking is stored
    await insertBookings(tx, planned, []);
    await redeemCodes(
      tx,
      planned.flatMap((p) => (p.codeId ? [{ bookingId: p.bookingId, codeId: p.codeId }] : [])),
    );
    positions = await waitlistPositions(tx, waitlisted);
    if (priced) prices = await pricesOf(tx, planned);
    await enqueueEmails(tx, bookingEmails(planned, positions, prices, parts, copy));
  }
  await enqueueSms(tx, bookingTexts(planned, parts.perRun));
  await enqueueWhatsApp(tx, bookingWhatsApp(planned));
  for (const booking of planned) {
    const price = prices.get(booking.bookingId);
    outcomes[booking.index] = {
      ok: true,
      reference: booking.reference,
      waitlisted: booking.waitlisted,
      position: positions.get(booking.bookingId) ?? null,
      participants: booking.attendees.length,
      unitCents: booking.unitCents,
      netUnitCents: price?.price.netCents ?? booking.unitCents,
      discounts: price?.price.steps.map(({ label, cents }) => ({ label, cents })) ?? [],
      groupRule: price?.groupRule ?? null,
      replayed: false,
    };
  }
  return inputs.map((input, index) => {
    const first = firstWithKey.get(input.idempotencyKey);
    if (first === undefined || first === index) return outcomes[index] ?? null;
    const answer = outcomes[first] ?? null;
    return answer?.ok ? { ...answer, replayed: true } : answer;
  });
}

type BookingPrice = NonNullable<Awaited<ReturnType<typeof bookingPrice>>>;

/** What each stored, priced booking's participants pay now, and the group rule its date offers. */
async function pricesOf(tx: Executor, planned: Planned[]) {
  const prices = new Map<string, BookingPrice>();
  for (const booking of planned) {
    if (booking.waitlisted || booking.unitCents === null) continue;
    const { courseId, runId } = booking.snapshot;
    prices.set(
      booking.bookingId,
      await bookingPrice(tx, bookingRow(booking), courseId, runId, booking.unitCents),
    );
  }
  return prices;
}

/** A planned booking as its price is read: made now, by its organisation as typed. */
const bookingRow = (booking: Planned) => ({
  id: booking.bookingId,
  createdAt: now(),
  organisationId: null,
  organization: booking.input.organization,
});

type Decided = Pick<
  Planned,
  "snapshot" | "attendees" | "waitlisted" | "unitCents" | "seatHoldId" | "fromHold"
>;

/**
 * The run checks and the seat decision for one booking, against the runs locked for the group: taking seats
 * lowers the run's count of seats left for the bookings after it. A booking whose code holds seats on the run
 * takes those first, then ordinary ones (decision 0751). Null: no active course of that slug.
 */
function decideSeats(
  input: NewBooking,
  courseBySlug: CourseBySlug,
  runs: Awaited<ReturnType<typeof lockRunsSeats>>,
  holdId: string | null,
): BookingOutcome | null | Decided {
  const course = courseBySlug.get(input.course);
  if (!course) return null;
  const attendees = attendeesOf(input);
  if (!input.run) {
    return {
      snapshot: courseSnapshot(course, null),
      attendees,
      waitlisted: false,
      unitCents: parseCents(course.cost),
      seatHoldId: null,
      fromHold: 0,
    };
  }
  const run = runs.get(input.run);
  // an organisation's private run is offered on no form: an id posted for one is as good as unknown
  if (!run || run.courseId !== course.id || run.private) {
    return { ok: false, field: "run", message: REGISTRATION_MESSAGES.otherCourseRun };
  }
  if (run.status === "cancelled")
    return { ok: false, field: "run", message: REGISTRATION_MESSAGES.cancelledRun };
  if (run.startDate && run.startDate < today()) {
    return { ok: false, field: "run", message: REGISTRATION_MESSAGES.pastRun };
  }
  const kept = holdId ? run.holds.get(holdId) : undefined;
  const fromHold = Math.min(kept ?? 0, attendees.length);
  const waitlisted = run.left != null && attendees.length - fromHold > run.left;
  if (!waitlisted) {
    if (run.left != null) run.left -= attendees.length - fromHold;
    if (holdId && kept !== undefined) run.holds.set(holdId, kept - fromHold);
  }
  return {
    snapshot: courseSnapshot(course, run),
    attendees,
    waitlisted,
    unitCents: parseCents(run.costOverride ?? course.cost),
    // a booking on the hold's run counts against it, so its cancelled seats come back to the hold
    seatHoldId: kept !== undefined && !waitlisted ? holdId : null,
    fromHold: waitlisted ? 0 : fromHold,
  };
}

/**
 * The group's bookings, one registration per participant and the group's e-mails, in one statement (one round
 * trip where there were three). Every registration carries the booking's reference: the visitor is told one
 * reference for all the participants, pays against it and quotes it on the phone (issue 30). The first also
 * holds it as its own reference with the idempotency key (what a single-person registration always had); the
 * others have none of their own. A row that meets a stored reference or key fails the statement, and with it
 * every row of the group.
 */
async function insertBookings(tx: Executor, planned: Planned[], emails: OutgoingEmail[]) {
  if (planned.length === 0) return;
  const at = now();
  const bookingRows = planned.map(
    ({ input, snapshot, attendees, waitlisted, bookingId, reference, seatHoldId }) => ({
      id: bookingId,
      reference,
      courseId: snapshot.courseId,
      runId: snapshot.runId,
      contactName: input.name,
      contactEmail: input.email,
      contactPhone: input.phone,
      // consent is recorded with its time (decision 0767)
      contactSmsConsentAt: input.smsConsent ? at : null,
      contactWhatsappConsentAt: input.whatsappConsent ? at : null,
      organization: input.organization,
      kraPin: input.kraPin,
      lpoNumber: input.lpoNumber,
      nitaLevyNumber: input.nitaLevyNumber,
      participants: attendees.length,
      seatHoldId,
      status: waitlisted ? ("waitlisted" as const) : ("pending" as const),
      idempotencyKey: input.idempotencyKey,
      ip: input.ip,
      createdAt: at,
      updatedAt: at,
    }),
  );
  const registrations = planned.flatMap((booking) =>
    booking.attendees.map((person, index) => ({
      ...booking.snapshot,
      id: booking.registrationIds[index] as string,
      bookingId: booking.bookingId,
      reference: index === 0 ? booking.reference : null,
      bookingReference: booking.reference,
      name: person.name,
      email: person.email,
      phone: person.phone,
      smsConsentAt: person.smsConsent ? at : null,
      whatsappConsentAt: person.whatsappConsent ? at : null,
      // sealed here, before the number reaches the database (decision 0637)
      ...idNumberColumns(person.idNumber),
      organization: booking.input.organization,
      specialRequirements: booking.input.message,
      source: booking.input.source,
      idempotencyKey: index === 0 ? booking.input.idempotencyKey : null,
      ip: booking.input.ip,
      status: booking.waitlisted ? ("waitlisted" as const) : ("new" as const),
    })),
  );
  await tx.execute(
    sql`with new_bookings as (${insertJsonRows(bookings, bookingRows)})${
      emails.length > 0 ? sql`, new_emails as (${insertEmails(emails)})` : sql``
    } ${insertJsonRows(courseRegistrations, registrations)}`,
  );
}

type MailParts = {
  admins: string[];
  payOnline: boolean;
  perRun: Awaited<ReturnType<typeof runMailParts>>;
};

/** What the group's e-mails need of each run: its joining details and calendar file. */
async function runMailParts(tx: Executor, planned: Planned[]) {
  const perRun = new Map<
    string,
    {
      joining: ReturnType<typeof joiningRows>;
      calendar: Awaited<ReturnType<typeof runCalendarInvite>>;
      tentative: string | null;
    }
  >();
  for (const runId of new Set(planned.flatMap((p) => p.snapshot.runId ?? []))) {
    perRun.set(runId, {
      joining: joiningRows(await getJoiningInstructions(runId, tx)),
      calendar: await runCalendarInvite(tx, runId),
      // a date not yet confirmed says when it will be (issue 48, decision 0776)
      tentative: await tentativeNote(runId, tx),
    });
  }
  return perRun;
}

/**
 * The joining-instructions link by SMS to each contact who agreed to it (decision 0767), for a seat held: a
 * place on the waiting list hears by e-mail, and by SMS when a seat is offered.
 */
function bookingTexts(planned: Planned[], perRun: MailParts["perRun"]): OutgoingSms[] {
  return planned.flatMap(({ input, snapshot, waitlisted, registrationIds }) => {
    if (waitlisted || !input.smsConsent || !input.phone) return [];
    const run = snapshot.runId ? perRun.get(snapshot.runId) : undefined;
    return [
      {
        to: input.phone,
        body: joiningInstructionsSms({
          courseName: snapshot.courseName,
          dates: snapshot.courseDate ?? run?.calendar.dates ?? null,
          url: portalUrl(),
        }),
        kind: "joining_instructions",
        relatedTable: "course_registrations",
        relatedId: registrationIds[0] as string,
      },
    ];
  });
}

/**
 * The joining-instructions moment on WhatsApp to each contact who agreed to it (decision 0772), for a seat held,
 * as the approved template's two variables: the course and the portal link.
 */
function bookingWhatsApp(planned: Planned[]): OutgoingWhatsApp[] {
  return planned.flatMap(({ input, snapshot, waitlisted, registrationIds }) => {
    if (waitlisted || !input.whatsappConsent || !input.phone) return [];
    return [
      {
        to: input.phone,
        moment: "joining_instructions" as const,
        variables: [snapshot.courseName, portalUrl()],
        relatedTable: "course_registrations",
        relatedId: registrationIds[0] as string,
      },
    ];
  });
}

/** The confirmation to each contact and the notification to the administrators, stored with the bookings. */
function bookingEmails(
  planned: Planned[],
  positions: Map<string, number>,
  prices: Map<string, BookingPrice>,
  { admins, payOnline, perRun }: MailParts,
  { payment, contact }: Copy,
): OutgoingEmail[] {
  return planned.flatMap((booking) => {
    const { input, snapshot, attendees, reference, bookingId, registrationIds } = booking;
    const run = snapshot.runId ? perRun.get(snapshot.runId) : undefined;
    // as the confirmation page offers it, and only for an amount: a free or "on request" price has none to pay
    const somethingToPay = !booking.waitlisted && (booking.unitCents ?? 0) > 0;
    const mail = {
      ...snapshot,
      name: input.name,
      email: input.email,
      phone: input.phone,
      organization: input.organization,
      specialRequirements: input.message,
      reference,
      participants: attendees.map((a) => a.name),
      waitlistPosition: positions.get(bookingId) ?? null,
      joining: run?.joining ?? joiningRows(null),
      tentative: run?.tentative ?? null,
      // a dated run without a printed label: its dates, not "To be confirmed" beside "Add to calendar"
      courseDate: snapshot.courseDate ?? run?.calendar.dates ?? null,
      payUrl: payOnline && somethingToPay ? payUrl(reference) : null,
      calendarUrl: run?.calendar.url ?? null,
      price: prices.get(bookingId) ?? null,
    };
    const related = { relatedTable: "course_registrations", relatedId: registrationIds[0] as string };
    return [
      {
        to: input.email,
        kind: "registration_confirmation",
        ...related,
        ...registrationConfirmation(mail, payment, contact),
        // a calendar invitation is for a seat held, not a place in the queue
        attachments: mail.waitlistPosition === null ? (run?.calendar.attachments ?? []) : [],
      },
      ...admins.map((to) => ({
        to,
        kind: "registration_notification",
        ...related,
        ...registrationNotification(mail, input.source),
      })),
    ];
  });
}
