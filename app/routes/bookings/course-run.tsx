import { ArrowLeft, Download } from "lucide-react";
import { data, Form, Link } from "react-router";
import { RosterActionSchema } from "#app/bookings/index";
import {
  cancelCourseRun,
  cancelParticipant,
  confirmParticipant,
  getRunRoster,
  moveParticipant,
  type RosterOutcome,
  runKeptBecause,
} from "#app/bookings/index.server";
import { BookingLink } from "#app/components/admin/booking/booking-link";
import { ContactLinks } from "#app/components/admin/contact-links";
import { CourseInterests } from "#app/components/admin/course-interests";
import { FinanceProfileNotice, PaymentStatePill } from "#app/components/admin/finance-parts";
import { IdNumber } from "#app/components/admin/id-number";
import { StatusCard } from "#app/components/admin/list-controls";
import { PageHeader } from "#app/components/admin/page-header";
import { recordErrorBoundary } from "#app/components/admin/record-not-found";
import { ParticipantName } from "#app/components/admin/registration-list";
import { RunDeliveryNav } from "#app/components/admin/run-delivery-nav";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import {
  findRunHold,
  listRoomChoices,
  listRunTrainerRequests,
  listTrainerCandidates,
  runEconomics,
} from "#app/delivery/index.server";
import { currentFinanceProfileGaps, invoiceBookingNow, runBookingMoney } from "#app/money/index.server";
import { parseId } from "#app/platform/forms/admin-ids";
import { readForm } from "#app/platform/forms/form-input.server";
import { CancelRunSection } from "#app/routes/bookings/components/cancel-run-section";
import { RunEconomicsSection } from "#app/routes/bookings/components/run-economics-section";
import { RunSessionsSection } from "#app/routes/bookings/components/run-sessions-section";
import { RunTrainersSection } from "#app/routes/bookings/components/run-trainers-section";
import { RunVenueSection } from "#app/routes/bookings/components/run-venue-section";
import { privateRunLabel } from "#app/site/index";
import { runHolidays, runSessionsOf } from "#app/site/index.server";
import {
  canExportBookings,
  canInvoiceBookings,
  canManageBookings,
  canReadBookings,
  canSeeIdNumbers,
} from "#app/staff/index";
import { requireAllowed, requireRule, staffOf } from "#app/staff/index.server";
import { formatKes } from "#app/utils/cents";
import { addDays, today } from "#app/utils/dates";
import { formatDateTime } from "#app/utils/datetime";
import { PAYMENT_STATE_LABELS, type PaymentState } from "#app/utils/payment-state";
import type { Route } from "./+types/course-run";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.run.courseTitle ?? "Course date"} | Mafunzo Admin` },
];

function notFound(): never {
  throw data({ error: "This course date does not exist." }, { status: 404 });
}

export const ErrorBoundary = recordErrorBoundary({
  title: "Course date not found",
  text: "This course date does not exist. It may have been deleted, or the link is incomplete.",
  list: "/admin/courses",
  listLabel: "All courses",
});

/** A trainer is asked to answer within three days, and before the first session. */
function defaultDueDate(sessions: { date: string }[]) {
  const first = sessions[0]?.date;
  const due = addDays(today(), 3);
  if (!first || due < first) return due;
  return addDays(first, -1) < today() ? today() : addDays(first, -1);
}

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canReadBookings);
  const courseId = parseId(args.params.courseId) ?? notFound();
  const runId = parseId(args.params.runId) ?? notFound();
  const roster = (await getRunRoster(courseId, runId)) ?? notFound();
  const sessions = await runSessionsOf({ ...roster.run, id: runId });
  return {
    ...roster,
    money: await runBookingMoney(runId),
    ...(await runKeptBecause(roster.run)),
    financeGaps: await currentFinanceProfileGaps(),
    trainers: await listRunTrainerRequests(runId),
    hold: await findRunHold(runId),
    economics: await runEconomics(runId),
    rooms: await listRoomChoices(),
    defaultDueDate: defaultDueDate(sessions),
    sessions,
    holidays: await runHolidays(roster.run),
    trainerChoices: await listTrainerCandidates(),
    canRevealIdNumbers: canSeeIdNumbers(staffOf(admin)),
    canExport: canExportBookings(staffOf(admin)),
    canManage: canManageBookings(staffOf(admin)),
    canInvoice: canInvoiceBookings(staffOf(admin)),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canInvoiceBookings);
  const { actor } = admin;
  const courseId = parseId(args.params.courseId) ?? notFound();
  const runId = parseId(args.params.runId) ?? notFound();
  const parsed = RosterActionSchema.safeParse(
    Object.fromEntries(await readForm(args.request, RosterActionSchema)),
  );
  if (!parsed.success) {
    return data<RosterOutcome>(
      { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? "Invalid request." },
      { status: 400 },
    );
  }
  const input = parsed.data;
  // finance may invoice a booking; everything else here is the registrar's
  requireRule(admin, input.intent === "invoice" ? canInvoiceBookings : canManageBookings);
  if (input.intent === "cancel-run") {
    const outcome: RosterOutcome = await cancelCourseRun(actor, courseId, runId);
    return data(outcome, { status: outcome.ok ? 200 : outcome.status });
  }
  if (input.intent === "invoice") {
    const invoiced = await invoiceBookingNow(actor, input.bookingId);
    const outcome: RosterOutcome = invoiced.ok
      ? { ok: true, message: invoiced.message }
      : { ok: false, status: 409, message: invoiced.message };
    return data(outcome, { status: outcome.ok ? 200 : outcome.status });
  }
  const outcome =
    input.intent === "confirm"
      ? await confirmParticipant(actor, runId, input.id)
      : input.intent === "cancel"
        ? await cancelParticipant(actor, runId, input.id)
        : await moveParticipant(actor, runId, input.id, input.toRunId);
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}

const button =
  "inline-flex min-h-11 items-center justify-center rounded-md px-3 text-sm font-semibold focus:outline-none focus:ring-2 focus:ring-brand-500/40";

/** Confirm or Cancel: a one-button form naming its participant for screen readers. */
function ParticipantAction({
  intent,
  person,
  className,
}: {
  intent: "confirm" | "cancel";
  person: { id: string; name: string };
  className: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={person.id} />
      <button type="submit" className={`${button} ${className}`}>
        {intent === "confirm" ? "Confirm" : "Cancel"} <span className="sr-only">{person.name}</span>
      </button>
    </Form>
  );
}

/** Each booking's invoice and payment state, with "Issue proforma" for one not invoiced yet. */
function BookingMoney({
  bookings,
  canInvoice,
}: {
  bookings: Route.ComponentProps["loaderData"]["money"];
  canInvoice: boolean;
}) {
  return (
    <section aria-labelledby="money-heading" className="space-y-3">
      <h2 id="money-heading" className="text-lg font-semibold text-slate-900">
        Invoices and payments ({bookings.length} booking{bookings.length === 1 ? "" : "s"})
      </h2>
      {bookings.length === 0 ? (
        <p className="text-sm text-slate-600">No booking to invoice yet.</p>
      ) : (
        <ul className="space-y-2">
          {bookings.map((booking) => (
            <li
              key={booking.id}
              data-testid="booking-money"
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
            >
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {booking.reference} · {booking.organization ?? booking.contactName}
                </p>
                <p className="text-slate-700">
                  {booking.invoice ? (
                    <>
                      <a href={booking.invoice.url} className="underline" target="_blank" rel="noreferrer">
                        {booking.invoice.number}
                      </a>{" "}
                      · {formatKes(booking.invoice.totalCents)} · paid {formatKes(booking.balance.paidCents)}
                    </>
                  ) : booking.status === "cancelled" ? (
                    "Cancelled"
                  ) : (
                    "No invoice yet"
                  )}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <PaymentStatePill state={booking.balance.state} />
                {/* a cancelled booking still holding an invoice is owed its credit note (one withheld while
                    the finance profile was incomplete) */}
                {!canInvoice || (booking.status === "cancelled" && !booking.invoice) ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="invoice" />
                    <input type="hidden" name="bookingId" value={booking.id} />
                    <button
                      type="submit"
                      className={`${button} border border-slate-300 bg-white text-slate-800`}
                    >
                      {booking.status === "cancelled"
                        ? "Issue credit note"
                        : booking.invoice
                          ? "Send invoice again"
                          : "Issue proforma"}{" "}
                      <span className="sr-only">for {booking.reference}</span>
                    </button>
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function CourseRun({ loaderData, actionData }: Route.ComponentProps) {
  const {
    run,
    seats,
    participants,
    waitlist,
    otherRuns,
    interests,
    money,
    keptBecause,
    standing,
    financeGaps,
    trainers,
    sessions,
    holidays,
    trainerChoices,
    hold,
    rooms,
    economics,
    defaultDueDate,
    canRevealIdNumbers,
    canExport,
    canManage,
    canInvoice,
    rules,
  } = loaderData;
  const paymentOf = new Map(money.map((b) => [b.reference, b.balance.state]));
  useOutcomeToast(actionData, "Failed to update participant");
  const live = participants.filter((p) => p.status !== "cancelled" && p.status !== "waitlisted").length;
  return (
    <div className="space-y-6">
      <Link
        to={`/admin/courses/${run.courseId}`}
        className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700"
      >
        <ArrowLeft aria-hidden className="size-4" /> Back to {run.courseTitle}
      </Link>
      <PageHeader
        title={run.courseTitle}
        description={[run.title, run.venue, privateRunLabel(run)].filter(Boolean).join(" · ")}
      />
      <RunDeliveryNav courseId={run.courseId} runId={run.id} />
      <FinanceProfileNotice gaps={financeGaps} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ["Seats taken", String(seats.taken)],
          ["Seats left", seats.left === null ? "Unlimited" : String(seats.left)],
          ["Capacity", run.capacity === null ? "Unlimited" : String(run.capacity)],
          ["Waiting list", String(waitlist.length)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-xs font-semibold uppercase text-slate-500">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <RunSessionsSection
        action={`/admin/courses/${run.courseId}/runs/${run.id}/sessions`}
        sessions={sessions}
        holidays={holidays}
      />
      <RunTrainersSection
        action={`/admin/courses/${run.courseId}/runs/${run.id}/trainers`}
        trainers={trainers}
        choices={trainerChoices}
        defaultDueDate={defaultDueDate}
      />
      <RunVenueSection
        action={`/admin/courses/${run.courseId}/runs/${run.id}/venue`}
        hold={hold}
        rooms={rooms}
      />
      {economics ? (
        <RunEconomicsSection
          action={`/admin/courses/${run.courseId}/runs/${run.id}/economics`}
          economics={economics}
          nextRuns={otherRuns.map((other) => ({ id: other.id, label: other.title }))}
        />
      ) : null}

      <section aria-labelledby="roster-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="roster-heading" className="text-lg font-semibold text-slate-900">
            Participants ({participants.length}, {live} holding a seat)
          </h2>
          {canExport ? (
            <div className="flex flex-wrap gap-2">
              <a
                href={`/admin/registrations/export?run=${run.id}`}
                className={`${button} gap-2 border border-slate-300 bg-white text-slate-800`}
              >
                <Download aria-hidden className="size-4" /> Export roster (CSV)
              </a>
              {canRevealIdNumbers ? (
                // the full numbers leave the system: a separate, audited download (decision 0637)
                <a
                  href={`/admin/registrations/export?run=${run.id}&idNumbers=full`}
                  className={`${button} gap-2 border border-slate-300 bg-white text-slate-800`}
                >
                  <Download aria-hidden className="size-4" /> With full ID numbers
                </a>
              ) : null}
            </div>
          ) : null}
        </div>
        {participants.length === 0 ? (
          <p className="text-sm text-slate-600">Nobody has booked this date yet.</p>
        ) : (
          <ul className="space-y-3">
            {participants.map((person) => (
              <StatusCard
                key={person.id}
                data-testid="roster-row"
                status={person.status}
                className="p-4"
                wrap
                head={
                  <>
                    <ParticipantName participant={person} />
                    <ContactLinks name={person.name} email={person.email} phone={person.phone} />
                    <p className="text-sm text-slate-600">
                      {person.organization ? `${person.organization} · ` : ""}
                      <BookingLink reference={person.reference} />
                    </p>
                    {person.maskedIdNumber ? (
                      <p className="text-sm text-slate-600">
                        ID{" "}
                        <IdNumber
                          registrationId={person.id}
                          name={person.name}
                          masked={person.maskedIdNumber}
                          canReveal={canRevealIdNumbers}
                        />
                      </p>
                    ) : null}
                    <p className="text-xs text-slate-500">
                      Booked {formatDateTime(person.createdAt)}
                      {person.reference && paymentOf.has(person.reference)
                        ? ` · Payment: ${PAYMENT_STATE_LABELS[paymentOf.get(person.reference) as PaymentState].toLowerCase()}`
                        : ""}
                    </p>
                  </>
                }
              >
                {person.status === "cancelled" || !canManage ? null : (
                  <div className="mt-3 flex flex-wrap items-center gap-2">
                    {(person.status === "new" || person.status === "waitlisted") && rules.confirm === null ? (
                      <ParticipantAction
                        intent="confirm"
                        person={person}
                        className="bg-brand-700 text-white"
                      />
                    ) : null}
                    {otherRuns.length > 0 && rules.move === null ? (
                      <Form method="post" className="flex w-full min-w-0 items-center gap-2 sm:w-auto">
                        <input type="hidden" name="intent" value="move" />
                        <input type="hidden" name="id" value={person.id} />
                        <label className="sr-only" htmlFor={`move-${person.id}`}>
                          Move {person.name} to
                        </label>
                        <select
                          id={`move-${person.id}`}
                          name="toRunId"
                          className="min-h-11 w-full min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm sm:w-72"
                        >
                          {otherRuns.map((other) => (
                            <option key={other.id} value={other.id}>
                              {other.title}
                            </option>
                          ))}
                        </select>
                        <button
                          type="submit"
                          className={`${button} border border-slate-300 bg-white text-slate-800`}
                        >
                          Move <span className="sr-only">{person.name}</span>
                        </button>
                      </Form>
                    ) : null}
                    {rules.cancel === null ? (
                      <ParticipantAction
                        intent="cancel"
                        person={person}
                        className="border border-red-300 bg-white text-red-800"
                      />
                    ) : null}
                  </div>
                )}
              </StatusCard>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="waitlist-heading" className="space-y-3">
        <h2 id="waitlist-heading" className="text-lg font-semibold text-slate-900">
          Waiting list ({waitlist.length})
        </h2>
        {waitlist.length === 0 ? (
          <p className="text-sm text-slate-600">Nobody is waiting for this date.</p>
        ) : (
          <ol className="space-y-2">
            {waitlist.map((booking, index) => (
              <li
                key={booking.id}
                className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
              >
                <p className="font-semibold text-slate-900">
                  {index + 1}. {booking.contactName} ({booking.reference})
                </p>
                <p className="break-all text-slate-700">
                  {[booking.organization, booking.contactEmail, `${booking.participants} participant(s)`]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
                <p className="text-xs text-slate-500">
                  Waiting since {formatDateTime(booking.createdAt)} ·{" "}
                  {booking.offerExpiresAt
                    ? `Seat offered, held until ${formatDateTime(booking.offerExpiresAt)}`
                    : "No seat offered yet"}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <BookingMoney bookings={money} canInvoice={canInvoice} />
      <CourseInterests interests={interests} />
      {canManage ? <CancelRunSection run={run} keptBecause={keptBecause} standing={standing} /> : null}
    </div>
  );
}
