import { Download } from "lucide-react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { AUDIT_PAGE_SIZE, type AuditLogFilter, parseAuditLogFilter } from "#app/back-office/index";
import { countAuditLogs, listAuditLogs, listAuditTables } from "#app/back-office/index.server";
import { PageHeader } from "#app/components/admin/page-header";
import { ScreenError } from "#app/components/admin/screen-error";
import { useErrorToast } from "#app/components/admin/use-error-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Button, buttonClass } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import { loadOrReport } from "#app/platform/forms/admin-result.server";
import { AuditLogTable } from "#app/routes/back-office/components/audit-log-table";
import { canExportAudit, canReadAudit } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/audit-logs";

export const meta: Route.MetaFunction = () => [{ title: "Audit Logs | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadAudit);
  const filter = parseAuditLogFilter(new URL(args.request.url).searchParams);
  const { value, error } = await loadOrReport(
    "Failed to fetch audit logs",
    async () => {
      const [rows, total, tables] = await Promise.all([
        listAuditLogs(filter),
        countAuditLogs(filter),
        listAuditTables(),
      ]);
      return { rows, total, tables };
    },
    { rows: [], total: 0, tables: [] as string[] },
  );
  return { ...value, filter, error };
}

const ACTION_OPTIONS = [
  ["all", "All Actions"],
  ["create", "Create"],
  ["update", "Update"],
  ["delete", "Delete"],
  ["login", "Login"],
] as const;

/** The current filters as a query string, with a different page. */
function queryFor(filter: AuditLogFilter, page: number) {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.action !== "all") params.set("action", filter.action);
  if (filter.table) params.set("table", filter.table);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export default function AuditLogs({ loaderData }: Route.ComponentProps) {
  const { rows, total, tables, filter, error } = loaderData;
  const navigation = useNavigation();
  const submit = useSubmit();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/audit-logs";
  useErrorToast(loaderData);
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const exportHref = `/admin/audit-logs/export${queryFor(filter, 1)}`;
  const mayExport = canExportAudit(useStaff());
  return (
    <div>
      <PageHeader
        title="Audit Logs"
        description="Every change made in the back office, who made it, and the values before and after."
        actions={
          mayExport ? (
            <a href={exportHref} download className={buttonClass("outline")}>
              <Download aria-hidden className="size-4" />
              Export CSV
            </a>
          ) : null
        }
      />
      <section
        aria-labelledby="filters-heading"
        className="mb-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="filters-heading" className="mb-3 text-base font-semibold text-slate-900">
          Filters
        </h2>
        <Form
          method="get"
          className="grid items-end gap-4 md:grid-cols-[2fr_1fr_1fr_auto]"
          onChange={(event) => {
            // selects apply at once; the search box applies on Enter or the button
            if (event.target instanceof HTMLSelectElement) submit(event.currentTarget);
          }}
        >
          <InputField
            label="Search"
            name="q"
            type="search"
            defaultValue={filter.q ?? ""}
            placeholder="Action or table name"
          />
          <SelectField label="Action type" name="action" defaultValue={filter.action}>
            {ACTION_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Table" name="table" defaultValue={filter.table ?? ""}>
            <option value="">All Tables</option>
            {tables.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </SelectField>
          <div className="flex gap-2">
            <Button type="submit">Apply</Button>
            <Link to="/admin/audit-logs" className={buttonClass("ghost")}>
              Clear
            </Link>
          </div>
        </Form>
      </section>
      {error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800">
          {error}
        </p>
      ) : null}
      <section
        aria-labelledby="activity-heading"
        className="rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        <h2
          id="activity-heading"
          className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900"
        >
          Recent Activity ({total} records)
        </h2>
        <AuditLogTable rows={rows} loading={loading} />
        {pages > 1 ? (
          <nav
            aria-label="Audit log pages"
            className="flex items-center justify-between border-t border-slate-200 px-4 py-3 text-sm"
          >
            {filter.page > 1 ? (
              <Link to={queryFor(filter, filter.page - 1) || "?"} className={buttonClass("outline")}>
                Newer
              </Link>
            ) : (
              <span />
            )}
            <span className="text-slate-600">
              Page {filter.page} of {pages}
            </span>
            {filter.page < pages ? (
              <Link to={queryFor(filter, filter.page + 1)} className={buttonClass("outline")}>
                Load older
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <ScreenError title="Audit Logs" />;
}
