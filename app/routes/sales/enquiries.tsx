import { Link } from "react-router";
import { z } from "zod";
import { FilterCheckbox, FilterForm, Pagination } from "#app/components/admin/list-controls";
import { EmptyState, PageHeader } from "#app/components/admin/page-header";
import { SelectField } from "#app/components/ui/field";
import { queryPage, queryText } from "#app/platform/forms/query";
import { ENQUIRY_KIND_LABELS, ENQUIRY_STATUS_LABELS, ENQUIRY_STATUSES } from "#app/sales/index";
import { listEnquiries } from "#app/sales/index.server";
import { canReadBookings } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { formatLongDate } from "#app/utils/dates";
import type { Route } from "./+types/enquiries";

export const meta: Route.MetaFunction = () => [{ title: "Enquiries | Mafunzo Admin" }];

const QuerySchema = z.object({
  status: z.enum(ENQUIRY_STATUSES).or(z.literal("")).catch(""),
  due: queryText(1),
  page: queryPage(),
});

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadBookings);
  const query = QuerySchema.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const filter = { status: query.status, due: query.due === "1" };
  return { filter, list: await listEnquiries(filter, query.page) };
}

export default function Enquiries({ loaderData }: Route.ComponentProps) {
  const { filter, list } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Enquiries"
        badge={<span className="text-sm text-slate-600">{list.total} in all</span>}
        description="Requests for training and consultancy from the website, each with its owner, status and follow-up date."
      />
      <FilterForm resetTo="/admin/enquiries">
        <SelectField label="Status" name="status" defaultValue={filter.status}>
          <option value="">All statuses</option>
          {ENQUIRY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ENQUIRY_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <FilterCheckbox label="Only follow-ups due today or earlier" name="due" checked={filter.due} />
      </FilterForm>
      {list.rows.length === 0 ? (
        <EmptyState>{filter.due ? "No follow-up is due." : "No enquiries match."}</EmptyState>
      ) : (
        <ul
          aria-label="Enquiries"
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          {list.rows.map((enquiry) => (
            <li
              key={enquiry.id}
              data-testid="enquiry-row"
              className="flex flex-wrap items-start justify-between gap-2 p-4"
            >
              <div className="min-w-0 text-sm">
                <Link
                  to={`/admin/enquiries/${enquiry.id}`}
                  className="font-semibold text-brand-700 underline wrap-anywhere"
                >
                  {enquiry.organisationName ?? enquiry.contactName}
                </Link>
                <p className="text-slate-800 wrap-anywhere">
                  {[enquiry.topic, enquiry.participants ? `${enquiry.participants} participants` : null]
                    .filter(Boolean)
                    .join(" · ") || ENQUIRY_KIND_LABELS[enquiry.kind]}
                </p>
                <p className="text-slate-600">
                  {ENQUIRY_KIND_LABELS[enquiry.kind]} · {enquiry.ownerName ?? "No owner"}
                  {enquiry.followUpOn ? ` · follow up ${formatLongDate(enquiry.followUpOn)}` : ""}
                </p>
              </div>
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
                {ENQUIRY_STATUS_LABELS[enquiry.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
    </div>
  );
}
