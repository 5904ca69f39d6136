import { z } from "zod";
import { EngagementList } from "#app/components/admin/engagement-list";
import { FilterForm, Pagination } from "#app/components/admin/list-controls";
import { EmptyState, PageHeader } from "#app/components/admin/page-header";
import { SelectField } from "#app/components/ui/field";
import { queryPage } from "#app/platform/forms/query";
import { ENGAGEMENT_STATUS_LABELS, ENGAGEMENT_STATUSES } from "#app/sales/index";
import { listEngagements } from "#app/sales/index.server";
import { canReadBookings } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/engagements";

export const meta: Route.MetaFunction = () => [{ title: "Engagements | Mafunzo Admin" }];

const QuerySchema = z.object({
  status: z.enum(ENGAGEMENT_STATUSES).or(z.literal("")).catch(""),
  page: queryPage(),
});

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadBookings);
  const query = QuerySchema.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  return {
    status: query.status,
    list: await listEngagements({ status: query.status || null, page: query.page }),
  };
}

export default function Engagements({ loaderData }: Route.ComponentProps) {
  const { status, list } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Engagements"
        badge={<span className="text-sm text-slate-600">{list.total} in all</span>}
        description="Consultancy sold by accepted quotes: each milestone is invoiced when it is reached."
      />
      <FilterForm resetTo="/admin/engagements">
        <SelectField label="Status" name="status" defaultValue={status}>
          <option value="">All statuses</option>
          {ENGAGEMENT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {ENGAGEMENT_STATUS_LABELS[value]}
            </option>
          ))}
        </SelectField>
      </FilterForm>
      {list.rows.length === 0 ? (
        <EmptyState>
          {status
            ? "No engagement has this status."
            : "No engagements yet: an accepted consultancy quote opens one."}
        </EmptyState>
      ) : (
        <EngagementList rows={list.rows} />
      )}
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} />
    </div>
  );
}
