import { Link, redirect } from "react-router";
import { BOOKING_STATUSES, BookingQuerySchema, parseListQuery } from "#app/back-office/index";
import { listBookedRuns, listBookings } from "#app/back-office/index.server";
import { BOOKING_REFERENCE_PATTERN, referenceIn } from "#app/booking/index";
import { findBooking } from "#app/bookings/index.server";
import { PaymentStatePill } from "#app/components/admin/finance-parts";
import {
  FilterForm,
  ListBody,
  RowStatusBadge,
  SearchFilter,
  StatusFilter,
} from "#app/components/admin/list-controls";
import { PageHeader } from "#app/components/admin/page-header";
import { InputField, SelectField } from "#app/components/ui/field";
import { canReadBookings } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { formatKes } from "#app/utils/cents";
import { formatDateTime } from "#app/utils/datetime";
import { PAYMENT_STATE_LABELS, PAYMENT_STATES } from "#app/utils/payment-state";
import type { Route } from "./+types/bookings";

export const meta: Route.MetaFunction = () => [{ title: "Bookings | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadBookings);
  const query = parseListQuery(BookingQuerySchema, new URL(args.request.url));
  // a reference typed whole is a booking looked up: open it ("mf 72jfv9g8" as read out on the phone, too)
  const typed = referenceIn(query.q) ?? "";
  if (BOOKING_REFERENCE_PATTERN.test(typed) && (await findBooking(typed))) {
    throw redirect(`/admin/bookings/${typed}`);
  }
  const [list, runs] = await Promise.all([listBookings(query), listBookedRuns()]);
  return { query, list, runs };
}

export default function Bookings({ loaderData }: Route.ComponentProps) {
  const { query, list, runs } = loaderData;
  return (
    <div>
      <PageHeader
        title="Bookings"
        description="One booking is one contact's order for one course date: its participants, invoice and payments."
      />
      <FilterForm resetTo="/admin/bookings">
        <SearchFilter value={query.q} placeholder="Reference, organisation, contact, e-mail, phone" />
        <SelectField label="Course date" name="run" defaultValue={query.run}>
          <option value="">All course dates</option>
          {runs.map((run) => (
            <option key={run.id} value={run.id}>
              {run.title}
            </option>
          ))}
        </SelectField>
        <InputField label="Organisation" name="organization" defaultValue={query.organization} />
        <SelectField label="Payment" name="payment" defaultValue={query.payment}>
          <option value="">Any payment state</option>
          {PAYMENT_STATES.map((state) => (
            <option key={state} value={state}>
              {PAYMENT_STATE_LABELS[state]}
            </option>
          ))}
        </SelectField>
        <StatusFilter value={query.status} options={BOOKING_STATUSES} />
        <InputField label="Booked from" name="from" type="date" defaultValue={query.from} />
        <InputField label="Booked to" name="to" type="date" defaultValue={query.to} />
      </FilterForm>
      <ListBody error={null} list={list} empty="No booking matches these filters.">
        {(page) => (
          <ul className="space-y-3">
            {page.rows.map((row) => (
              <li
                key={row.id}
                data-testid="booking-row"
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link
                    to={`/admin/bookings/${row.reference}`}
                    className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
                  >
                    {row.reference}
                  </Link>
                  <span className="flex flex-wrap gap-2">
                    <RowStatusBadge status={row.status} />
                    <PaymentStatePill state={row.paymentState} />
                  </span>
                </div>
                <p className="break-words text-sm text-slate-800">
                  {[row.organization, row.contactName].filter(Boolean).join(" · ")} · {row.participants}{" "}
                  {row.participants === 1 ? "participant" : "participants"}
                </p>
                <p className="text-sm text-slate-600">
                  {row.courseTitle ?? "No course"} · {row.dates}
                </p>
                <p className="text-xs text-slate-500">
                  Booked {formatDateTime(row.createdAt)}
                  {Number(row.invoicedCents) > 0
                    ? ` · invoiced ${formatKes(Number(row.invoicedCents))}, paid ${formatKes(Number(row.paidCents))}`
                    : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </ListBody>
    </div>
  );
}
