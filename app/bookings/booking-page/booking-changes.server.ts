import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { lockBooking, lockRunsSeats, SEAT_HOLDING_STATUSES } from "#app/booking/index.server";
import { bookings, courseRegistrations as r, waitlistOffers } from "#app/booking/tables.server";
import { getJoiningInstructions, joiningRows, runDatesText } from "#app/delivery/index.server";
import { attendanceMarks, certificates } from "#app/delivery/tables.server";
import {
  bookingBalance,
  currentDocuments,
  documentAttachment,
  invoiceNote,
  openProforma,
  sendDocument,
  syncBooking,
} from "#app/money/index.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import type { Executor } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { enqueueEmails, wakeOutboxWorker } from "#app/platform/email/outbox.server";
import { idNumberColumns } from "#app/platform/personal-data/id-number.server";
import { getSetting } from "#app/platform/settings/setting.server";
import { optBackInToSms, optOutOfSms } from "#app/platform/sms/sms-outbox.server";
import { optBackInToWhatsApp, optOutOfWhatsApp } from "#app/platform/whatsapp/whatsapp-outbox.server";
import { runCalendarInvite } from "#app/site/index.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { formatKes } from "#app/utils/cents";
import { now } from "#app/utils/clock";
import { formatLongDate, today } from "#app/utils/dates";
import { mobileNumber } from "#app/utils/phone";
import { bookingChangeMessage, seatTakenOverMessage } from "../emails.server";
import { type ParticipantInput, SMS_NEEDS_MOBILE, WHATSAPP_NEEDS_MOBILE } from "../registration";
import { offerFreeSeats } from "../waiting-list/waitlist-offer.server";
import {
  BOOKING_RULES,
  type BookingChangeKind,
  type BookingDetails,
  bookingChangeRefusal,
  substitutionDeadline,
} from "./booking-rules";

export type BookingChangeOutcome =
  | { ok: true; message: string }
  | { ok: false; status: number; message: string; field?: string };

/**
 * Who changes a booking: the audit actor, whether they may substitute after the notice period (an owner), and
 * whether they are the client (whose changes the office hears of, and whose e-mail says "you").
 */
export type BookingChanger = { actor: AuditActor; overridesNotice: boolean; client?: boolean };

type Locked = NonNullable<Awaited<ReturnType<typeof lockBooking>>>;

const refuse = (status: number, message: string, field?: string): BookingChangeOutcome => ({
  ok: false,
  status,
  message,
  ...(field ? { field } : {}),
});

const CHANGED_MEANWHILE = refuse(
  409,
  "This booking changed while you were looking at it. Reload and try again.",
);

/**
 * The booking locked for a change, in the house order: its course date(s) first, then the booking, then its
 * participants (as the run page, the payments and the waiting list take them), so no two changes deadlock. The
 * date is read before the lock and checked after it: after a move that got there first, the caller locks again.
 */
async function lockForChange(tx: Executor, bookingId: string, alsoRunId?: string) {
  const [seen] = await tx.select({ runId: bookings.runId }).from(bookings).where(eq(bookings.id, bookingId));
  if (!seen) return null;
  const runs = await lockRunsSeats(
    tx,
    [seen.runId, alsoRunId].filter((id): id is string => Boolean(id)),
  );
  const booking = await lockBooking(tx, bookingId);
  if (!booking) return null;
  if (booking.runId !== seen.runId) return "changed" as const;
  const run = booking.runId ? (runs.get(booking.runId) ?? null) : null;
  const people = await tx
    .select({ id: r.id, name: r.name, email: r.email, status: r.status })
    .from(r)
    .where(and(eq(r.bookingId, bookingId), isNull(r.deletedAt)))
    .orderBy(r.createdAt, r.id)
    .for("update");
  return { booking, run, runs, people };
}

type Change = Exclude<Awaited<ReturnType<typeof lockForChange>>, null | "changed">;

const AGAIN = Symbol("the booking moved while it was being locked");

/**
 * Runs `work` on the locked booking. A booking moved to another date between the read and the lock is locked
 * again on its new date (a substitution racing a move then applies after it); a booking gone is answered for.
 */
async function changeBooking(
  bookingId: string,
  work: (tx: Executor, change: Change) => Promise<BookingChangeOutcome>,
  kind: BookingChangeKind,
  { alsoRunId }: { alsoRunId?: string } = {},
): Promise<BookingChangeOutcome> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const outcome = await moneyTransaction(async (tx) => {
      const change = await lockForChange(tx, bookingId, alsoRunId);
      if (change === null) return refuse(404, "This booking does not exist.");
      if (change === "changed") return AGAIN;
      if (change.booking.status === "cancelled") return refuse(409, BOOKING_RULES.cancelled);
      // a milestone's billing booking is its engagement's to change (decision 0673)
      if (change.booking.kind === "milestone") return refuse(409, BOOKING_RULES.milestone);
      const refused = bookingChangeRefusal(kind, change.run, today());
      if (refused) return refuse(409, refused);
      return work(tx, change);
    });
    if (outcome === AGAIN) continue;
    // the change's messages are committed: sent now rather than at the outbox's next pass
    if (outcome.ok) wakeOutboxWorker();
    return outcome;
  }
  return CHANGED_MEANWHILE;
}

/** A seat offered to a booking that leaves the date goes to the next in its queue. */
async function withdrawOffer(tx: Executor, bookingId: string) {
  await tx
    .update(waitlistOffers)
    .set({ status: "expired" })
    .where(and(eq(waitlistOffers.bookingId, bookingId), eq(waitlistOffers.status, "open")));
}

/** The participants' new status, in one statement. */
async function setStatus(tx: Executor, people: { id: string }[], status: "confirmed" | "cancelled") {
  if (people.length === 0) return;
  await tx
    .update(r)
    .set({ status, updatedAt: new Date() })
    .where(
      inArray(
        r.id,
        people.map((p) => p.id),
      ),
    );
}

const holdsSeat = (status: string) => (SEAT_HOLDING_STATUSES as readonly string[]).includes(status);
const sentence = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(" ");

type Invoiced = Awaited<ReturnType<typeof syncBooking>>;

/**
 * The document a change's message carries: the one the change issued (a new proforma version, a credit note),
 * or, for a confirmation, the booking's open proforma even when it was issued before (the client holds it with
 * the news that the places are confirmed).
 */
async function documentOfChange(tx: Executor, bookingId: string, what: ChangeMail, invoiced: Invoiced) {
  if (invoiced?.ok && invoiced.sentTo && invoiced.document) return invoiced.document;
  return what === "confirmed" ? openProforma(tx, bookingId) : null;
}

type ChangeMail = "confirmed" | "cancelled" | "changed";

/** What a cancellation's message says beyond the change: the course, its dates, whether it was invoiced, paid. */
type Cancellation = { course: string; dates: string; invoiced: boolean; paid: string | null };

/**
 * Audits the change on the booking and tells its contact what changed, who changed it, and with what document:
 * the message that names the change carries the document it issued (the document's own e-mail is not sent).
 */
async function record(
  tx: Executor,
  who: BookingChanger,
  booking: Locked,
  entry: { action: string; oldValues?: Record<string, unknown>; newValues?: Record<string, unknown> },
  said: string,
  {
    what = "changed",
    invoiced = null,
    cancellation = null,
  }: {
    what?: Exclude<ChangeMail, "cancelled">;
    invoiced?: Invoiced;
    /** a cancellation's message is its own: the course, the dates and what becomes of the money */
    cancellation?: Cancellation | null;
  } = {},
) {
  await recordAudit(tx, who.actor, { ...entry, tableName: "bookings", recordId: booking.id });
  const document = await documentOfChange(tx, booking.id, what, invoiced);
  await enqueueEmails(tx, [
    {
      to: booking.contactEmail,
      kind: `booking_${cancellation ? "cancelled" : what}`,
      relatedTable: "bookings",
      relatedId: booking.id,
      ...bookingChangeMessage({
        ...(cancellation ? { what: "cancelled" as const, ...cancellation } : { what, change: said }),
        name: booking.contactName,
        reference: booking.reference,
        byClient: who.client === true,
        document: document
          ? { kind: document.kind, number: document.number, total: formatKes(document.totalCents) }
          : null,
      }),
      attachments: document ? [documentAttachment(document)] : [],
    },
  ]);
}

/** The booking's changes are quiet about documents: the change's own message carries them (record). */
const QUIET = { quiet: true } as const;

/** Confirms every participant still waiting for it: one change, one invoice for the whole booking. */
export function confirmBooking(who: BookingChanger, bookingId: string) {
  return changeBooking(
    bookingId,
    async (tx, { booking, run, people }) => {
      if (booking.status === "waitlisted") return refuse(409, BOOKING_RULES.waitlisted);
      const pending = people.filter((p) => p.status === "new");
      if (pending.length === 0) return refuse(409, BOOKING_RULES.nothingToConfirm);
      await setStatus(tx, pending, "confirmed");
      const invoiced = await syncBooking(tx, booking.id, who.actor, QUIET);
      const note = invoiceNote(invoiced);
      const said = `${pending.length} ${pending.length === 1 ? "participant is" : "participants are"} confirmed for ${run ? runDatesText(await runRow(tx, run.id)) : "the course"}.`;
      await record(
        tx,
        who,
        booking,
        { action: "Confirmed booking", newValues: { confirmed: pending.map((p) => p.name) } },
        `${said} (${pending.map((p) => p.name).join(", ")})`,
        { what: "confirmed", invoiced },
      );
      return { ok: true, message: sentence(`Booking ${booking.reference}: ${said}`, note) };
    },
    "confirm",
  );
}

async function runRow(tx: Executor, runId: string) {
  const [run] = await tx
    .select({
      label: courseRuns.label,
      startDate: courseRuns.startDate,
      endDate: courseRuns.endDate,
      venue: courseRuns.venue,
    })
    .from(courseRuns)
    .where(eq(courseRuns.id, runId));
  return run ?? { label: null, startDate: null, endDate: null, venue: null };
}

async function courseTitle(tx: Executor, courseId: string | null) {
  const [course] = courseId
    ? await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId))
    : [];
  return course?.title ?? "your course";
}

/** The substitute's own message: their place, the run's joining instructions and its calendar invitation. */
async function welcomeSubstitute(
  tx: Executor,
  booking: Locked,
  runId: string | null,
  seat: { id: string; name: string },
  person: ParticipantInput,
) {
  const run = runId ? await runRow(tx, runId) : null;
  const calendar = await runCalendarInvite(tx, runId);
  await enqueueEmails(tx, [
    {
      to: person.email,
      kind: "substitute_joining",
      relatedTable: "course_registrations",
      relatedId: seat.id,
      ...seatTakenOverMessage({
        name: person.name,
        replaces: seat.name,
        bookedBy: booking.organization || booking.contactName,
        reference: booking.reference,
        courseName: await courseTitle(tx, booking.courseId),
        dates: run ? runDatesText(run) || calendar.dates : calendar.dates,
        venue: run?.venue ?? null,
        joining: joiningRows(runId ? await getJoiningInstructions(runId, tx) : null),
        calendarUrl: calendar.url,
      }),
      attachments: calendar.attachments,
    },
  ]);
}

/**
 * Puts another person in a participant's seat (DESIGN §7: the seat, its invoice line and its payment stay):
 * allowed until `substitution_notice_days` before the start, after that by an owner only; never for someone
 * with attendance or a certificate on record. The registration keeps its id; the audit log keeps who it was.
 */
export function substituteParticipant(
  who: BookingChanger,
  bookingId: string,
  registrationId: string,
  person: ParticipantInput,
) {
  return changeBooking(
    bookingId,
    async (tx, { booking, run, people }) => {
      const seat = people.find((p) => p.id === registrationId);
      if (!seat || seat.status === "cancelled") return refuse(404, BOOKING_RULES.notInBooking, "id");
      const email = person.email.toLowerCase();
      if (
        people.some((p) => p.id !== seat.id && p.status !== "cancelled" && p.email.toLowerCase() === email)
      ) {
        return refuse(409, BOOKING_RULES.duplicateEmail(person.email), "email");
      }
      if (run?.startDate && !who.overridesNotice) {
        const noticeDays = await getSetting("substitution_notice_days", tx);
        const deadline = substitutionDeadline(run.startDate, noticeDays);
        if (today() > deadline) return refuse(409, BOOKING_RULES.substitutionClosed(deadline, noticeDays));
      }
      const [onRecord] = await tx
        .select({ n: sql<number>`count(*)` })
        .from(attendanceMarks)
        .where(eq(attendanceMarks.registrationId, seat.id));
      const [certificate] = await tx
        .select({ id: certificates.id })
        .from(certificates)
        .where(eq(certificates.registrationId, seat.id));
      if (Number(onRecord?.n ?? 0) > 0 || certificate) return refuse(409, BOOKING_RULES.attended(seat.name));
      await tx
        .update(r)
        .set({
          name: person.name,
          email: person.email,
          phone: person.phone,
          ...idNumberColumns(person.idNumber),
          updatedAt: new Date(),
        })
        .where(eq(r.id, seat.id));
      const said = `${person.name} takes the place of ${seat.name}.`;
      await recordAudit(tx, who.actor, {
        action: "Substituted participant",
        tableName: "course_registrations",
        recordId: seat.id,
        oldValues: { name: seat.name, email: seat.email },
        newValues: { name: person.name, email: person.email, id_number: person.idNumber ? "(sealed)" : null },
      });
      await record(tx, who, booking, { action: "Substituted participant", newValues: { said } }, said);
      if (holdsSeat(seat.status)) await welcomeSubstitute(tx, booking, run?.id ?? null, seat, person);
      return {
        ok: true,
        message: `Booking ${booking.reference}: ${said} ${person.name} is e-mailed the joining instructions and a calendar invitation.`,
      };
    },
    "substitute",
  );
}

/**
 * Moves the whole booking to another upcoming date of its course. The participants holding seats need as
 * many free seats there; when they do not fit, the booking waits whole on that date's waiting list (nothing
 * is payable meanwhile: its invoice is credited). The seats it leaves are offered to the old date's queue.
 */
export function moveBooking(who: BookingChanger, bookingId: string, toRunId: string) {
  return changeBooking(
    bookingId,
    async (tx, { booking, run, runs, people }) => {
      const to = runs.get(toRunId);
      // another organisation's private run is never a booking's other date
      if (!to || to.private || toRunId === booking.runId || (run && to.courseId !== run.courseId)) {
        return refuse(400, BOOKING_RULES.otherDate, "toRunId");
      }
      if (to.status === "cancelled" || (to.startDate !== null && to.startDate < today())) {
        return refuse(400, BOOKING_RULES.otherDate, "toRunId");
      }
      const live = people.filter((p) => p.status !== "cancelled");
      const seated = live.filter((p) => holdsSeat(p.status)).length;
      const waits = to.left !== null && seated > to.left;
      const target = await runRow(tx, toRunId);
      const dates = runDatesText(target);
      for (const person of live) {
        await tx
          .update(r)
          .set({
            runId: toRunId,
            courseDate: dates,
            courseVenue: target.venue,
            ...(waits ? { status: "waitlisted" as const } : {}),
            updatedAt: new Date(),
          })
          .where(eq(r.id, person.id));
      }
      // a booking that waited on the old date and fits the new one is seated there, pending confirmation
      if (!waits && booking.status === "waitlisted") {
        await tx
          .update(r)
          .set({ status: "new", updatedAt: new Date() })
          .where(and(eq(r.bookingId, booking.id), eq(r.status, "waitlisted")));
      }
      await tx
        .update(bookings)
        .set({ runId: toRunId, updatedAt: new Date() })
        .where(eq(bookings.id, booking.id));
      const invoiced = await syncBooking(tx, booking.id, who.actor, QUIET);
      const note = invoiceNote(invoiced);
      const said = waits
        ? `The booking moves to ${dates}, which has no room for ${seated} now: it waits on that date's waiting list, and nothing is payable until a seat is offered.`
        : `The booking moves to ${dates}${target.venue ? ` (${target.venue})` : ""}.`;
      await record(
        tx,
        who,
        booking,
        {
          action: "Moved booking to another course date",
          oldValues: { run_id: booking.runId },
          newValues: { run_id: toRunId, course_date: dates, waitlisted: waits },
        },
        said,
        { invoiced },
      );
      const freed = run ? (await lockRunsSeats(tx, [run.id])).get(run.id) : undefined;
      if (freed) await offerFreeSeats(tx, freed);
      return { ok: true, message: sentence(`Booking ${booking.reference}: ${said}`, note) };
    },
    "move",
    { alsoRunId: toRunId },
  );
}

/** Adds a participant on a free seat of the booking's date; seated as the booking is (confirmed, or pending). */
export function addParticipant(who: BookingChanger, bookingId: string, person: ParticipantInput) {
  return changeBooking(
    bookingId,
    async (tx, { booking, run, people }) => {
      if (booking.status === "waitlisted") return refuse(409, BOOKING_RULES.waitlisted);
      const live = people.filter((p) => p.status !== "cancelled");
      const max = await getSetting("max_group_size", tx);
      if (live.length >= max) return refuse(409, BOOKING_RULES.tooMany(max));
      const email = person.email.toLowerCase();
      if (live.some((p) => p.email.toLowerCase() === email)) {
        return refuse(409, BOOKING_RULES.duplicateEmail(person.email), "email");
      }
      if (run && run.left !== null && run.left < 1) return refuse(409, BOOKING_RULES.noSeats(run.left));
      const [model] = await tx
        .select()
        .from(r)
        .where(and(eq(r.bookingId, booking.id), isNull(r.deletedAt)))
        .orderBy(r.createdAt, r.id)
        .limit(1);
      const status = booking.status === "confirmed" ? ("confirmed" as const) : ("new" as const);
      await tx.insert(r).values({
        bookingId: booking.id,
        bookingReference: booking.reference,
        courseId: booking.courseId,
        runId: booking.runId,
        courseName: model?.courseName ?? "",
        courseDate: model?.courseDate ?? null,
        courseVenue: model?.courseVenue ?? null,
        courseCost: model?.courseCost ?? null,
        courseDuration: model?.courseDuration ?? null,
        organization: booking.organization,
        name: person.name,
        email: person.email,
        phone: person.phone,
        ...idNumberColumns(person.idNumber),
        status,
        source: who.client ? "portal" : "office",
      });
      await tx
        .update(bookings)
        .set({ participants: live.length + 1, updatedAt: new Date() })
        .where(eq(bookings.id, booking.id));
      const invoiced = await syncBooking(tx, booking.id, who.actor, QUIET);
      const note = invoiceNote(invoiced);
      const said = `${person.name} is added to the booking.`;
      await record(
        tx,
        who,
        booking,
        { action: "Added participant", newValues: { name: person.name } },
        said,
        { invoiced },
      );
      return { ok: true, message: sentence(`Booking ${booking.reference}: ${said}`, note) };
    },
    "add",
  );
}

/** Cancels every participant before the start: their seats are freed and an open invoice is credited. */
export function cancelBooking(who: BookingChanger, bookingId: string) {
  return changeBooking(
    bookingId,
    async (tx, { booking, run, people }) => {
      const live = people.filter((p) => p.status !== "cancelled");
      const invoicedBefore = (await openProforma(tx, booking.id)) !== null;
      await setStatus(tx, live, "cancelled");
      await withdrawOffer(tx, booking.id);
      const invoiced = await syncBooking(tx, booking.id, who.actor, QUIET);
      const note = invoiceNote(invoiced);
      const said = `The booking is cancelled${run?.startDate ? ` (it was for ${formatLongDate(run.startDate)})` : ""}.`;
      const { paidCents } = await bookingBalance(tx, booking.id, null);
      await record(
        tx,
        who,
        booking,
        {
          action: "Cancelled booking",
          oldValues: { status: booking.status },
          newValues: { status: "cancelled" },
        },
        said,
        {
          invoiced,
          cancellation: {
            course: await courseTitle(tx, booking.courseId),
            dates: run ? runDatesText(await runRow(tx, run.id)) : "date to be confirmed",
            invoiced: invoicedBefore,
            paid: paidCents > 0 ? formatKes(paidCents) : null,
          },
        },
      );
      const freed = run ? (await lockRunsSeats(tx, [run.id])).get(run.id) : undefined;
      if (freed) await offerFreeSeats(tx, freed);
      return { ok: true, message: sentence(`Booking ${booking.reference}: ${said}`, note) };
    },
    "cancel",
  );
}

/**
 * Sets the booking's KRA PIN, LPO and NITA levy numbers. An invoice already issued is re-issued as a new version
 * when what it prints (the PIN, the LPO) changed; the levy number is on no invoice.
 */
export function updateBookingDetails(who: BookingChanger, bookingId: string, details: BookingDetails) {
  return changeBooking(
    bookingId,
    async (tx, { booking }) => {
      const before = {
        kra_pin: booking.kraPin,
        lpo_number: booking.lpoNumber,
        nita_levy_number: booking.nitaLevyNumber,
      };
      const after = {
        kra_pin: details.kraPin,
        lpo_number: details.lpoNumber,
        nita_levy_number: details.nitaLevyNumber,
      };
      if (JSON.stringify(before) === JSON.stringify(after)) return { ok: true, message: "Nothing changed." };
      await tx
        .update(bookings)
        .set({ ...details, updatedAt: new Date() })
        .where(eq(bookings.id, booking.id));
      const invoiced = await syncBooking(tx, booking.id, who.actor, QUIET);
      const note = invoiceNote(invoiced);
      const said = "The booking's KRA PIN, LPO and NITA levy numbers are updated.";
      await record(
        tx,
        who,
        booking,
        { action: "Updated booking details", oldValues: before, newValues: after },
        said,
        { invoiced },
      );
      return { ok: true, message: sentence(`Booking ${booking.reference}: ${said}`, note) };
    },
    "details",
  );
}

/** What differs between the two phone channels a contact may agree to (decisions 0767, 0772). */
const CHANNELS = {
  sms: {
    name: "SMS",
    field: "smsConsent",
    needsMobile: SMS_NEEDS_MOBILE,
    contactColumn: "contactSmsConsentAt",
    personColumn: "smsConsentAt",
    auditColumn: "sms_consent_at",
    optIn: optBackInToSms,
    optOut: (tx: Executor, phone: string) => optOutOfSms(phone, "portal", tx),
  },
  whatsapp: {
    name: "WhatsApp",
    field: "whatsappConsent",
    needsMobile: WHATSAPP_NEEDS_MOBILE,
    contactColumn: "contactWhatsappConsentAt",
    personColumn: "whatsappConsentAt",
    auditColumn: "whatsapp_consent_at",
    optIn: optBackInToWhatsApp,
    optOut: (tx: Executor, phone: string) => optOutOfWhatsApp(phone, "portal", tx),
  },
} as const;

/**
 * The contact's SMS (decision 0767) or WhatsApp (0772), given or withdrawn at any time, the run under way or over
 * included, and recorded with its time. It is the number's choice: withdrawn, the number is off that channel's
 * list at once (what waits for it is cancelled, as after a STOP reply); given again, it is back on.
 */
export function updateChannelConsent(
  who: BookingChanger,
  bookingId: string,
  channel: keyof typeof CHANNELS,
  consent: boolean,
) {
  const c = CHANNELS[channel];
  return moneyTransaction(async (tx): Promise<BookingChangeOutcome> => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking) return refuse(404, "This booking does not exist.");
    const phone = mobileNumber(booking.contactPhone);
    if (consent && !phone) return refuse(400, c.needsMobile, c.field);
    const at = consent ? now() : null;
    await tx
      .update(bookings)
      .set({ [c.contactColumn]: at, updatedAt: now() })
      .where(eq(bookings.id, booking.id));
    // the contact attending is one of the participants too
    await tx
      .update(r)
      .set({ [c.personColumn]: at, updatedAt: now() })
      .where(and(eq(r.bookingId, booking.id), sql`lower(${r.email}) = lower(${booking.contactEmail})`));
    if (phone) {
      if (consent) await c.optIn(tx, phone);
      else await c.optOut(tx, phone);
    }
    await recordAudit(tx, who.actor, {
      action: consent ? `Agreed to ${c.name}` : `Stopped ${c.name}`,
      tableName: "bookings",
      recordId: booking.id,
      oldValues: { [c.auditColumn]: booking[c.contactColumn]?.toISOString() ?? null },
      newValues: { [c.auditColumn]: at?.toISOString() ?? null, phone: booking.contactPhone },
    });
    return {
      ok: true,
      message: consent
        ? `Booking ${booking.reference}: ${c.name} messages go to ${phone} as well as e-mail.`
        : `Booking ${booking.reference}: no more ${c.name}${phone ? ` to ${phone}` : ""}, e-mail only.`,
    };
  });
}

export const updateSmsConsent = (who: BookingChanger, bookingId: string, consent: boolean) =>
  updateChannelConsent(who, bookingId, "sms", consent);

/**
 * E-mails the booking's current documents again to its contact: the open proforma and its receipt, or the
 * credit note that cancelled it. Issues nothing.
 */
export function resendDocuments(who: BookingChanger, bookingId: string) {
  return moneyTransaction(async (tx): Promise<BookingChangeOutcome> => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking) return refuse(404, "This booking does not exist.");
    const current = await currentDocuments(tx, booking.id);
    if (current.length === 0) return refuse(409, `Booking ${booking.reference} has no document issued yet.`);
    for (const doc of current) await sendDocument(tx, doc, booking);
    const numbers = current.map((doc) => doc.number).join(", ");
    await recordAudit(tx, who.actor, {
      action: "Sent booking documents again",
      tableName: "bookings",
      recordId: booking.id,
      newValues: { documents: numbers, to: booking.contactEmail },
    });
    return { ok: true, message: `${numbers} e-mailed again to ${booking.contactEmail}.` };
  });
}
