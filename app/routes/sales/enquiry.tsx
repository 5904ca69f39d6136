import { data, Form, Link } from "react-router";
import { BackLink } from "#app/components/admin/back-link";
import { EngagementList } from "#app/components/admin/engagement-list";
import { PageHeader } from "#app/components/admin/page-header";
import { recordErrorBoundary } from "#app/components/admin/record-not-found";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { buttonClass } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import { parseId } from "#app/platform/forms/admin-ids";
import { readForm } from "#app/platform/forms/form-input.server";
import {
  ENQUIRY_KIND_LABELS,
  ENQUIRY_NEXT,
  ENQUIRY_STATUS_LABELS,
  EnquiryUpdateSchema,
  QUOTABLE_STATUSES,
  QUOTE_KIND_LABELS,
  QUOTE_STATUS_LABELS,
} from "#app/sales/index";
import {
  getEnquiry,
  listEngagementsOf,
  listEnquiryQuotes,
  quotePath,
  updateEnquiry,
} from "#app/sales/index.server";
import { canManageBookings, canReadBookings } from "#app/staff/index";
import { requireAllowed, staffOf } from "#app/staff/index.server";
import { formatKes } from "#app/utils/cents";
import { formatLongDate, today } from "#app/utils/dates";
import type { Route } from "./+types/enquiry";

export const meta: Route.MetaFunction = () => [{ title: "Enquiry | Mafunzo Admin" }];

function notFound(): never {
  throw data("Enquiry not found", { status: 404 });
}

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canReadBookings);
  const id = parseId(args.params.id) ?? notFound();
  const found = (await getEnquiry(id)) ?? notFound();
  const quotes = (await listEnquiryQuotes(id)).map((quote) => ({ ...quote, path: quotePath(quote.id) }));
  const engagements = await listEngagementsOf({ enquiryId: id });
  return { ...found, quotes, engagements, mayManage: canManageBookings(staffOf(admin)) };
}

export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canManageBookings);
  const id = parseId(args.params.id) ?? notFound();
  const parsed = EnquiryUpdateSchema.safeParse(
    Object.fromEntries(await readForm(args.request, EnquiryUpdateSchema)),
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data(
      {
        ok: false as const,
        status: 400,
        message: issue?.message ?? "Check the form.",
        field: String(issue?.path[0] ?? ""),
      },
      { status: 400 },
    );
  }
  const outcome = await updateEnquiry(actor, id, parsed.data);
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}

export const ErrorBoundary = recordErrorBoundary({
  title: "Enquiry not found",
  text: "No enquiry has this address, or the link is incomplete.",
  list: "/admin/enquiries",
  listLabel: "All enquiries",
});

export default function Enquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { enquiry, courseTitle, organisation, owners, organisationChoices, quotes, engagements, mayManage } =
    loaderData;
  useOutcomeToast(actionData, "Enquiry not saved");
  const fieldError = (name: string) =>
    actionData && !actionData.ok && "field" in actionData && actionData.field === name
      ? [actionData.message]
      : undefined;
  const facts: [string, string | null][] = [
    ["Organisation (as given)", enquiry.organisationName],
    ["Contact", enquiry.contactName],
    ["E-mail", enquiry.contactEmail],
    ["Phone", enquiry.contactPhone],
    ["Course", courseTitle],
    ["Topic", enquiry.topic],
    ["Participants", enquiry.participants ? String(enquiry.participants) : null],
    ["Preferred dates", enquiry.preferredDates],
    ["County or venue", enquiry.venue],
    ["Budget", enquiry.budgetCents === null ? null : formatKes(enquiry.budgetCents)],
    ["Message", enquiry.message],
  ];
  const statuses = [enquiry.status, ...ENQUIRY_NEXT[enquiry.status]];
  return (
    <div className="max-w-4xl space-y-6">
      <BackLink to="/admin/enquiries">All enquiries</BackLink>
      <PageHeader
        title={`Enquiry from ${enquiry.organisationName ?? enquiry.contactName}`}
        badge={
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
            {ENQUIRY_STATUS_LABELS[enquiry.status]}
          </span>
        }
        description={`${ENQUIRY_KIND_LABELS[enquiry.kind]} · received ${formatLongDate(today(enquiry.createdAt))}`}
      />
      <section
        aria-labelledby="request-heading"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="request-heading" className="mb-3 text-lg font-semibold text-slate-900">
          The request
        </h2>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          {facts.map(([label, value]) =>
            value ? (
              <div key={label}>
                <dt className="font-semibold text-slate-700">{label}</dt>
                <dd className="whitespace-pre-line text-slate-900 wrap-anywhere">{value}</dd>
              </div>
            ) : null,
          )}
        </dl>
        {organisation?.id ? (
          <p className="mt-3 text-sm">
            Client:{" "}
            <Link
              to={`/admin/organisations/${organisation.id}`}
              className="font-semibold text-brand-700 underline"
            >
              {organisation.name}
            </Link>
          </p>
        ) : null}
        {enquiry.lostReason ? (
          <p className="mt-3 text-sm text-slate-800">Lost because: {enquiry.lostReason}</p>
        ) : null}
      </section>
      <section
        aria-labelledby="quotes-heading"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="quotes-heading" className="text-lg font-semibold text-slate-900">
            Quotes
          </h2>
          {mayManage && QUOTABLE_STATUSES.includes(enquiry.status) ? (
            <Link
              to={`/admin/enquiries/${enquiry.id}/quote`}
              className={buttonClass("primary", "md", "min-h-11")}
            >
              {quotes.length > 0 ? "Send a new version" : "Send a quote"}
            </Link>
          ) : null}
        </div>
        {quotes.length === 0 ? (
          <p className="text-sm text-slate-700">No quote sent yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {quotes.map((quote) => (
              <li key={quote.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                <span>
                  Version {quote.version} · {QUOTE_KIND_LABELS[quote.kind]} · {formatKes(quote.totalCents)} ·
                  valid until {formatLongDate(quote.validUntil)}
                </span>
                <span className="font-semibold">
                  {QUOTE_STATUS_LABELS[quote.status]}
                  {quote.answeredByName ? ` by ${quote.answeredByName}` : ""}
                  {quote.declineReason ? `: ${quote.declineReason}` : ""}
                </span>
                <a href={quote.path} className="text-brand-700 underline">
                  The client's page for version {quote.version}
                </a>
                {quote.bookingReference ? (
                  <Link to={`/admin/bookings/${quote.bookingReference}`} className="text-brand-700 underline">
                    Booking {quote.bookingReference} on the private course date
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {engagements.length > 0 ? (
        <section aria-labelledby="engagements-heading" className="space-y-3">
          <h2 id="engagements-heading" className="text-lg font-semibold text-slate-900">
            Engagement
          </h2>
          <EngagementList rows={engagements} />
        </section>
      ) : null}
      {mayManage ? (
        <section
          aria-labelledby="work-heading"
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2 id="work-heading" className="mb-3 text-lg font-semibold text-slate-900">
            Follow-up
          </h2>
          <Form method="post" className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Owner"
              name="ownerId"
              defaultValue={enquiry.ownerId ?? ""}
              errors={fieldError("ownerId")}
            >
              <option value="">No owner yet</option>
              {owners.map((owner) => (
                <option key={owner.id} value={owner.id}>
                  {owner.name ?? owner.email}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Status"
              name="status"
              defaultValue={enquiry.status}
              errors={fieldError("status")}
            >
              {statuses.map((status) => (
                <option key={status} value={status}>
                  {ENQUIRY_STATUS_LABELS[status]}
                </option>
              ))}
            </SelectField>
            <InputField
              label="Follow up on"
              name="followUpOn"
              type="date"
              defaultValue={enquiry.followUpOn ?? ""}
              errors={fieldError("followUpOn")}
            />
            <SelectField
              label="Organisation"
              name="organisationId"
              defaultValue={enquiry.organisationId ?? ""}
              errors={fieldError("organisationId")}
            >
              <option value="">Not linked yet</option>
              {organisationChoices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </SelectField>
            <InputField
              label="Reason, when lost"
              name="lostReason"
              maxLength={500}
              defaultValue={enquiry.lostReason ?? ""}
              errors={fieldError("lostReason")}
              className="sm:col-span-2"
            />
            <div className="sm:col-span-2">
              <button type="submit" className={buttonClass("primary", "md", "min-h-11")}>
                Save follow-up
              </button>
            </div>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
