import { GitMerge } from "lucide-react";
import { Link } from "react-router";
import { z } from "zod";
import { FilterForm, Pagination, SearchFilter } from "#app/components/admin/list-controls";
import { EmptyState, PageHeader } from "#app/components/admin/page-header";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { buttonClass } from "#app/components/ui/button";
import { ORGANISATION_TYPE_LABELS, OrganisationSchema } from "#app/organisations/index";
import { saveOrganisationSubmission } from "#app/organisations/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { queryPage, queryText } from "#app/platform/forms/query";
import { OrganisationForm } from "#app/routes/organisations/components/organisation-form";
import { listOrganisations } from "#app/sales/index.server";
import { canManageBookings, canReadBookings } from "#app/staff/index";
import { requireAllowed, staffOf } from "#app/staff/index.server";
import type { Route } from "./+types/organisations";

export const meta: Route.MetaFunction = () => [{ title: "Organisations | Mafunzo Admin" }];

const QuerySchema = z.object({ q: queryText(), page: queryPage() });

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canReadBookings);
  const { q, page } = QuerySchema.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  return { q, list: await listOrganisations(q, page), mayManage: canManageBookings(staffOf(admin)) };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canManageBookings);
  return saveOrganisationSubmission(
    admin.actor,
    await readForm(args.request, OrganisationSchema, { extra: ["intent"] }),
  );
}

export default function Organisations({ loaderData, actionData }: Route.ComponentProps) {
  const { q, list, mayManage } = loaderData;
  useErrorToast(actionData);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Organisations"
        badge={<span className="text-sm text-slate-600">{list.total} in all</span>}
        description="The firm's clients, with everything each has booked, been certified for and paid."
        actions={
          <Link to="/admin/organisations/review" className={buttonClass("outline", "md", "min-h-11")}>
            <GitMerge aria-hidden className="size-4" /> Review matches
          </Link>
        }
      />
      <FilterForm resetTo="/admin/organisations">
        <SearchFilter value={q} placeholder="Part of the name" />
      </FilterForm>
      {list.rows.length === 0 ? (
        <EmptyState>{q ? "No organisation has this in its name." : "No organisations yet."}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
          {list.rows.map((organisation) => (
            <li key={organisation.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
              <div className="min-w-0">
                <Link
                  to={`/admin/organisations/${organisation.id}`}
                  className="font-semibold text-brand-700 underline wrap-anywhere"
                >
                  {organisation.name}
                </Link>
                <p className="text-sm text-slate-600">
                  {[ORGANISATION_TYPE_LABELS[organisation.type], organisation.kraPin]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </div>
              <span className="text-sm text-slate-700">
                {organisation.bookings} booking{organisation.bookings === 1 ? "" : "s"}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
      {mayManage ? (
        <details className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" open={!!actionData}>
          <summary className="min-h-11 cursor-pointer text-lg font-semibold text-slate-900">
            Add an organisation
          </summary>
          <div className="mt-4">
            <OrganisationForm lastResult={actionData?.result} />
          </div>
        </details>
      ) : null}
    </div>
  );
}
