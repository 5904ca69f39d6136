import { data, redirect } from "react-router";
import { BOOKING_REFERENCE_PATTERN } from "#app/booking/index";
import { type BookingAction, BookingActionSchema } from "#app/bookings/index";
import {
  addParticipant,
  type BookingChangeOutcome,
  type BookingChanger,
  cancelBooking,
  confirmBooking,
  findBooking,
  getBookingPage,
  moveBooking,
  resendDocuments,
  substituteParticipant,
  updateBookingDetails,
  updateChannelConsent,
  updateSmsConsent,
} from "#app/bookings/index.server";
import { BackLink } from "#app/components/admin/back-link";
import { PaymentStatePill } from "#app/components/admin/finance-parts";
import { RowStatusBadge } from "#app/components/admin/list-controls";
import { PageHeader } from "#app/components/admin/page-header";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { BookingWithholdingSchema } from "#app/money/index";
import {
  bookingWithholding,
  changeBookingWithholding,
  currentLpoDocument,
  listTaxInvoices,
} from "#app/money/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { BookingActions } from "#app/routes/bookings/components/booking-actions";
import { BookingContact } from "#app/routes/bookings/components/booking-contact";
import { BookingHistory } from "#app/routes/bookings/components/booking-history";
import { BookingLpo } from "#app/routes/bookings/components/booking-lpo";
import { BookingMoneySection } from "#app/routes/bookings/components/booking-money";
import { BookingParticipants } from "#app/routes/bookings/components/booking-participants";
import { BookingWithholdingSection } from "#app/routes/bookings/components/booking-withholding";
import { engagementBilledBy } from "#app/sales/index.server";
import {
  canInvoiceBookings,
  canManageBookings,
  canOverrideNotice,
  canReadBookings,
  canReadMoney,
  canSeeIdNumbers,
} from "#app/staff/index";
import { type AdminSession, requireAllowed, requireRule, staffOf } from "#app/staff/index.server";
import { today } from "#app/utils/dates";
import type { Route } from "./+types/booking";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Booking ${params.reference} | Mafunzo Admin` },
];

function notFound(): never {
  throw data({ error: "This booking does not exist." }, { status: 404 });
}

const referenceOf = (params: { reference?: string }) => {
  const reference = params.reference?.toUpperCase() ?? "";
  return BOOKING_REFERENCE_PATTERN.test(reference) ? reference : notFound();
};

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canReadBookings);
  const reference = referenceOf(args.params);
  // a consultancy milestone's invoice is read and changed on its engagement (decision 0673)
  const engagementId = await engagementBilledBy(reference);
  if (engagementId) throw redirect(`/admin/engagements/${engagementId}`);
  const page = (await getBookingPage(reference)) ?? notFound();
  const staff = staffOf(admin);
  const lpo = await currentLpoDocument(page.booking.id);
  return {
    ...page,
    lpoDocument: lpo
      ? { fileName: lpo.fileName, uploadedOn: today(lpo.createdAt), by: lpo.uploadedBy }
      : null,
    // the booking's sales as KRA has them: for those who read money
    taxInvoices: canReadMoney(staff) ? await listTaxInvoices({ bookingId: page.booking.id }) : null,
    // what its payer withholds and the certificates that settle it (decision 0745): for those who read money
    withholding: canReadMoney(staff) ? await bookingWithholding(page.booking.id) : null,
    may: {
      manage: canManageBookings(staff),
      invoice: canInvoiceBookings(staff),
      overrideNotice: canOverrideNotice(staff),
      revealIdNumbers: canSeeIdNumbers(staff),
    },
  };
}

/** The office's change for each intent; "resend" is finance's as well as the registrar's. */
function change(admin: AdminSession, bookingId: string, input: BookingAction) {
  const who: BookingChanger = { actor: admin.actor, overridesNotice: canOverrideNotice(staffOf(admin)) };
  requireRule(admin, input.intent === "resend" ? canInvoiceBookings : canManageBookings);
  switch (input.intent) {
    case "confirm":
      return confirmBooking(who, bookingId);
    case "substitute":
      return substituteParticipant(who, bookingId, input.id, input);
    case "move":
      return moveBooking(who, bookingId, input.toRunId);
    case "add":
      return addParticipant(who, bookingId, input);
    case "cancel":
      return cancelBooking(who, bookingId);
    case "resend":
      return resendDocuments(who, bookingId);
    case "details":
      return updateBookingDetails(who, bookingId, input);
    case "sms":
      // the office records what the person said on the phone; the portal is where they change it themselves
      return updateSmsConsent(who, bookingId, input.smsConsent);
    case "whatsapp":
      return updateChannelConsent(who, bookingId, "whatsapp", input.whatsappConsent);
  }
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canInvoiceBookings);
  const form = await readForm(args.request, [BookingActionSchema, BookingWithholdingSchema]);
  if (form.get("intent") === "withholding") return changeWithholding(admin, args.params, form);
  const parsed = BookingActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data<BookingChangeOutcome>(
      {
        ok: false,
        status: 400,
        message: issue?.message ?? "Invalid request.",
        field: String(issue?.path[0] ?? ""),
      },
      { status: 400 },
    );
  }
  const booking = (await findBooking(referenceOf(args.params))) ?? notFound();
  const outcome = await change(admin, booking.id, parsed.data);
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}

/** What the payer withholds: those who invoice bookings (registrars, finance) set it, and the invoice follows. */
async function changeWithholding(admin: AdminSession, params: { reference?: string }, form: FormData) {
  const parsed = BookingWithholdingSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data<BookingChangeOutcome>(
      {
        ok: false,
        status: 400,
        message: issue?.message ?? "Invalid request.",
        field: String(issue?.path[0] ?? ""),
      },
      { status: 400 },
    );
  }
  const booking = (await findBooking(referenceOf(params))) ?? notFound();
  const outcome = await changeBookingWithholding(admin.actor, booking.id, parsed.data);
  return data<BookingChangeOutcome>(outcome, { status: outcome.ok ? 200 : outcome.status });
}

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, balance } = loaderData;
  useOutcomeToast(actionData, "Booking not changed");
  return (
    <div className="space-y-6">
      <BackLink to="/admin/bookings">Back to Bookings</BackLink>
      <PageHeader
        title={`Booking ${booking.reference}`}
        badge={
          <span className="flex flex-wrap gap-2">
            <RowStatusBadge status={booking.status} />
            <PaymentStatePill state={balance.state} />
          </span>
        }
        description={[booking.courseTitle, booking.dates, booking.venue].filter(Boolean).join(" · ")}
      />
      {actionData ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={
            actionData.ok
              ? "rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
              : "rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          }
        >
          {actionData.message}
        </p>
      ) : null}
      <BookingContact page={loaderData} />
      <BookingLpo
        reference={booking.reference}
        lpoNumber={booking.lpoNumber}
        document={loaderData.lpoDocument}
        mayUpload={loaderData.may.invoice}
      />
      <BookingParticipants page={loaderData} />
      <BookingActions page={loaderData} />
      <BookingMoneySection page={loaderData} />
      {loaderData.withholding ? (
        <BookingWithholdingSection
          reference={booking.reference}
          view={loaderData.withholding}
          mayChange={loaderData.may.invoice}
        />
      ) : null}
      <BookingHistory page={loaderData} />
    </div>
  );
}
