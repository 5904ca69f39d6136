import { data, Link } from "react-router";
import { BOOKING_REFERENCE_PATTERN } from "#app/booking/index";
import { BookingActionSchema } from "#app/bookings/index";
import { changeClientBooking, getClientBooking, requireClient } from "#app/bookings/index.server";
import { StatementOfAccount } from "#app/components/booking/statement-of-account";
import { readForm } from "#app/platform/forms/form-input.server";
import { ClientBookingChanges } from "#app/routes/bookings/public/components/client-booking-changes";
import { owedText } from "#app/routes/bookings/public/components/client-booking-list";
import { ClientBookingMoney } from "#app/routes/bookings/public/components/client-booking-money";
import type { ClientOutcome } from "#app/routes/bookings/public/components/client-booking-screen";
import { ClientBookingSummary } from "#app/routes/bookings/public/components/client-booking-summary";
import { PortalNotice, PortalPage } from "#app/routes/bookings/public/components/portal-parts";
import type { Route } from "./+types/account.booking";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Booking ${params.reference} | Mafunzo Training & Consultancy` },
  { name: "robots", content: "noindex" },
];

const PRIVATE = { "Cache-Control": "no-store" };
export const headers: Route.HeadersFunction = () => PRIVATE;

const NOT_YOURS = "This booking is not one of yours, or it does not exist.";

function notFound(): never {
  throw data({ error: NOT_YOURS }, { status: 404 });
}

const referenceOf = (params: { reference: string }) => {
  const reference = params.reference.toUpperCase();
  return BOOKING_REFERENCE_PATTERN.test(reference) ? reference : notFound();
};

export async function loader(args: Route.LoaderArgs) {
  // a path that names no booking is answered as such, signed in or not
  const reference = referenceOf(args.params);
  const client = await requireClient(args);
  const page = (await getClientBooking(client, reference)) ?? notFound();
  return data(page, { headers: PRIVATE });
}

/** The values a refused form is shown again with (never anything but what the client typed). */
const KEPT = ["id", "name", "email", "phone", "idNumber", "kraPin", "lpoNumber", "nitaLevyNumber", "toRunId"];

export async function action(args: Route.ActionArgs) {
  // the body is bounded and checked against the form before anything else, as every action's is
  const form = await readForm(args.request, BookingActionSchema, { extra: ["confirmCancel"] });
  const client = await requireClient(args);
  const reference = referenceOf(args.params);
  const fields = Object.fromEntries(form) as Record<string, string>;
  const intent = fields.intent;
  const values = Object.fromEntries(
    KEPT.filter((name) => fields[name]).map((name) => [name, String(fields[name])]),
  );
  const refuse = (message: string, field?: string, status = 400) =>
    data<ClientOutcome>({ ok: false, message, intent, field, values }, { status });
  const parsed = BookingActionSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(issue?.message ?? "Invalid request.", String(issue?.path[0] ?? ""));
  }
  // the checkbox is required in the form; a request without it changes nothing
  if (parsed.data.intent === "cancel" && fields.confirmCancel !== "yes") {
    return refuse("Tick the box to confirm that the whole booking is cancelled.", "confirmCancel");
  }
  const outcome = await changeClientBooking(client, reference, parsed.data);
  if (!outcome.ok) return refuse(outcome.message, outcome.field, outcome.status);
  return data<ClientOutcome>({ ok: true, message: outcome.message, intent });
}

export default function ClientBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, balance } = loaderData;
  return (
    <PortalPage
      title={`Booking ${booking.reference}`}
      intro={
        <>
          <p className="font-semibold">{booking.courseTitle}</p>
          <p className="text-sm">
            {[booking.dates, booking.venue].filter(Boolean).join(" · ")} ·{" "}
            <span className="capitalize">{booking.status}</span> · {owedText(balance)}
          </p>
          <Link
            to="/account"
            className="mt-2 inline-flex min-h-11 items-center text-sm text-brand-700 underline"
          >
            All my bookings
          </Link>
        </>
      }
    >
      <PortalNotice outcome={actionData} />
      <ClientBookingSummary page={loaderData} />
      <ClientBookingMoney page={loaderData} />
      {loaderData.statement ? (
        <StatementOfAccount
          statement={loaderData.statement}
          pdfUrl={`/account/statement/booking/${booking.reference}`}
        />
      ) : null}
      <ClientBookingChanges page={loaderData} outcome={actionData} />
    </PortalPage>
  );
}

export function ErrorBoundary() {
  return (
    <PortalPage title="Booking not found">
      <p className="text-slate-700">
        {NOT_YOURS}{" "}
        <Link to="/account" className="text-brand-700 underline">
          See your bookings
        </Link>
        .
      </p>
    </PortalPage>
  );
}
