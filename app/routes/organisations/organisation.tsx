import { data, Link } from "react-router";
import { BackLink } from "#app/components/admin/back-link";
import { EngagementList } from "#app/components/admin/engagement-list";
import { MoneyStat } from "#app/components/admin/finance-parts";
import { RowStatusBadge } from "#app/components/admin/list-controls";
import { PageHeader } from "#app/components/admin/page-header";
import { recordErrorBoundary } from "#app/components/admin/record-not-found";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { ORGANISATION_TYPE_LABELS, OrganisationSchema } from "#app/organisations/index";
import { saveOrganisationSubmission } from "#app/organisations/index.server";
import { parseId } from "#app/platform/forms/admin-ids";
import { readForm } from "#app/platform/forms/form-input.server";
import { OrganisationForm } from "#app/routes/organisations/components/organisation-form";
import { ENQUIRY_KIND_LABELS, ENQUIRY_STATUS_LABELS } from "#app/sales/index";
import { getOrganisationPage } from "#app/sales/index.server";
import { canManageBookings, canReadBookings, canReadMoney } from "#app/staff/index";
import { requireAllowed, staffOf } from "#app/staff/index.server";
import { formatLongDate, today } from "#app/utils/dates";
import type { Route } from "./+types/organisation";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.organisation.name ?? "Organisation"} | Mafunzo Admin` },
];

function notFound(): never {
  throw data("Organisation not found", { status: 404 });
}

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canReadBookings);
  const id = parseId(args.params.id) ?? notFound();
  const page = (await getOrganisationPage(id)) ?? notFound();
  return {
    ...page,
    mayManage: canManageBookings(staffOf(admin)),
    mayReadMoney: canReadMoney(staffOf(admin)),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canManageBookings);
  const id = parseId(args.params.id) ?? notFound();
  return saveOrganisationSubmission(
    admin.actor,
    await readForm(args.request, OrganisationSchema, { extra: ["intent"] }),
    id,
  );
}

export const ErrorBoundary = recordErrorBoundary({
  title: "Organisation not found",
  text: "No organisation has this address. It may have been merged into another, or the link is incomplete.",
  list: "/admin/organisations",
  listLabel: "All organisations",
});

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-xs font-semibold uppercase text-slate-500">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

export default function Organisation({ loaderData, actionData }: Route.ComponentProps) {
  const {
    organisation,
    bookings,
    participantsTrained,
    certificates,
    money,
    enquiries,
    engagements,
    mayManage,
    mayReadMoney,
  } = loaderData;
  useErrorToast(actionData);
  return (
    <div className="space-y-8">
      <BackLink to="/admin/organisations">All organisations</BackLink>
      <PageHeader
        title={organisation.name}
        description={[
          ORGANISATION_TYPE_LABELS[organisation.type],
          organisation.kraPin && `KRA PIN ${organisation.kraPin}`,
          organisation.nitaLevyNumber && `NITA ${organisation.nitaLevyNumber}`,
          organisation.withholdsIncomeTax && "Withholds income tax 5 %",
          organisation.withholdsVat && "Withholding VAT agent 2 %",
        ]
          .filter(Boolean)
          .join(" · ")}
      />
      <section aria-labelledby="record-heading" className="space-y-3">
        <h2 id="record-heading" className="sr-only">
          Record
        </h2>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Fact label="Bookings">{bookings.length}</Fact>
          <Fact label="Participants trained">{participantsTrained}</Fact>
          <Fact label="Certificates">{certificates}</Fact>
          <MoneyStat label="Invoiced" cents={money.invoicedCents} />
          <MoneyStat label="Paid" cents={money.receivedCents} />
          <MoneyStat label="Outstanding" cents={money.outstandingCents} />
        </dl>
        {mayReadMoney ? (
          <p className="text-sm">
            <Link
              to={`/admin/finance/statement?organisation=${organisation.id}`}
              className="font-semibold text-brand-700 underline"
            >
              Statement of account
            </Link>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="bookings-heading" className="space-y-3">
        <h2 id="bookings-heading" className="text-lg font-semibold text-slate-900">
          Bookings
        </h2>
        {bookings.length === 0 ? (
          <p className="text-sm text-slate-600">No booking is linked to this organisation.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
            {bookings.map((booking) => (
              <li
                key={booking.id}
                data-testid="organisation-booking"
                className="flex flex-wrap items-center justify-between gap-2 p-4"
              >
                <div className="min-w-0 text-sm">
                  <Link
                    to={`/admin/bookings/${booking.reference}`}
                    className="font-semibold text-brand-700 underline"
                  >
                    {booking.reference}
                  </Link>
                  <p className="text-slate-800 wrap-anywhere">{booking.courseTitle ?? "Course removed"}</p>
                  <p className="text-slate-600">
                    {booking.runLabel ??
                      (booking.startDate ? formatLongDate(booking.startDate) : "Date to be confirmed")}{" "}
                    · {booking.participants} participant{booking.participants === 1 ? "" : "s"} ·{" "}
                    {booking.contactName}
                  </p>
                </div>
                <RowStatusBadge status={booking.status} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="enquiries-heading" className="space-y-3">
        <h2 id="enquiries-heading" className="text-lg font-semibold text-slate-900">
          Enquiries
        </h2>
        {enquiries.length === 0 ? (
          <p className="text-sm text-slate-600">No enquiry is linked to this organisation.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
            {enquiries.map((enquiry) => (
              <li key={enquiry.id} className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
                <Link
                  to={`/admin/enquiries/${enquiry.id}`}
                  className="font-semibold text-brand-700 underline wrap-anywhere"
                >
                  {enquiry.topic ?? ENQUIRY_KIND_LABELS[enquiry.kind]}
                </Link>
                <span className="text-slate-700">
                  {ENQUIRY_STATUS_LABELS[enquiry.status]} · {formatLongDate(today(enquiry.createdAt))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="engagements-heading" className="space-y-3">
        <h2 id="engagements-heading" className="text-lg font-semibold text-slate-900">
          Engagements
        </h2>
        {engagements.length === 0 ? (
          <p className="text-sm text-slate-600">No consultancy engagement with this organisation.</p>
        ) : (
          <EngagementList rows={engagements} />
        )}
      </section>

      {organisation.address || organisation.contacts || organisation.notes ? (
        <section aria-labelledby="notes-heading" className="space-y-3">
          <h2 id="notes-heading" className="text-lg font-semibold text-slate-900">
            Address, contacts and notes
          </h2>
          <dl className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
            {(
              [
                ["Address", organisation.address],
                ["Contacts", organisation.contacts],
                ["Notes", organisation.notes],
              ] as const
            ).map(([label, value]) =>
              value ? (
                <div key={label}>
                  <dt className="font-semibold text-slate-700">{label}</dt>
                  <dd className="whitespace-pre-line text-slate-800 wrap-anywhere">{value}</dd>
                </div>
              ) : null,
            )}
          </dl>
        </section>
      ) : null}

      {mayManage ? (
        <section
          aria-labelledby="edit-heading"
          className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="edit-heading" className="text-lg font-semibold text-slate-900">
            Edit organisation
          </h2>
          <OrganisationForm organisation={organisation} lastResult={actionData?.result} />
        </section>
      ) : null}
    </div>
  );
}
