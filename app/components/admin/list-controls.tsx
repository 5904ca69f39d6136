import {
  ArrowDown,
  ArrowUp,
  ChevronLeft,
  ChevronRight,
  Download,
  type LucideIcon,
  SlidersHorizontal,
  Trash2,
} from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { Badge, type BadgeTone } from "#app/components/ui/badge";
import { Button, buttonClass } from "#app/components/ui/button";
import { InputField, SelectField } from "#app/components/ui/field";
import { canExportBookings } from "#app/staff/index";
import { cn } from "#app/utils/cn";
import { EmptyState, PageHeader } from "./page-header";
import { ActionNotice, type RowActionResult, RowActionToasts, type RowKind } from "./row-actions";
import { useStaff } from "./use-staff";

/**
 * Spec §4: new blue, contacted yellow, resolved green. Each registration status has its own colour, so a
 * list can be read at a glance: new blue, confirmed violet, paid green, attended teal, waitlisted orange,
 * cancelled grey (decision 0551).
 */
export const STATUS_TONES: Record<string, BadgeTone> = {
  new: "blue",
  contacted: "yellow",
  resolved: "green",
  confirmed: "violet",
  paid: "green",
  attended: "brand",
  waitlisted: "orange",
  cancelled: "grey",
};

export function RowStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={STATUS_TONES[status] ?? "grey"} className="capitalize" data-status={status}>
      {status}
    </Badge>
  );
}

/** The current search with some values replaced (empty values removed); page resets unless given. */
export function useQueryHref() {
  const [params] = useSearchParams();
  return (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    if (!("page" in changes)) next.delete("page");
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "" || value === 1) next.delete(key);
      else next.set(key, String(value));
    }
    const search = next.toString();
    return search ? `?${search}` : "?";
  };
}

function TotalBadge({ total }: { total: number }) {
  return (
    <Badge tone="brand" className="text-sm">
      <span data-testid="total">{total.toLocaleString("en-US")}</span>&nbsp;total
    </Badge>
  );
}

/** Query parameters that order or page a list rather than filter it. */
const NOT_FILTERS = new Set(["page", "sort", "dir", "view"]);

/**
 * The filter form: a plain GET form, so filters are links that can be shared and work without JavaScript.
 * On a phone it folds behind a "Filters" switch (a checkbox, so no script is needed), open when a filter is
 * set, so the list itself is on the first screen.
 */
export function FilterForm({ children, resetTo }: { children: ReactNode; resetTo: string }) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const active = [...params.entries()].filter(([key, value]) => value && !NOT_FILTERS.has(key)).length;
  const loading = navigation.state === "loading" && navigation.location?.pathname === resetTo;
  const toggleId = `filters-${resetTo.replace(/\W+/g, "-")}`;
  return (
    <>
      <input id={toggleId} type="checkbox" defaultChecked={active > 0} className="peer sr-only md:hidden" />
      <label
        htmlFor={toggleId}
        className="mb-3 inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 md:hidden"
      >
        <SlidersHorizontal aria-hidden className="size-4" />
        Filters{active > 0 ? ` (${active} set)` : ""}
      </label>
      <Form
        method="get"
        role="search"
        aria-label="Filter"
        className="mb-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm max-md:hidden max-md:peer-checked:grid sm:grid-cols-2 lg:grid-cols-4"
      >
        {children}
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
          <Button type="submit" disabled={loading}>
            {loading ? "Loading..." : "Apply filters"}
          </Button>
          <Link to={resetTo} className={buttonClass("ghost")}>
            Clear
          </Link>
        </div>
      </Form>
    </>
  );
}

// no `download` attribute: the CSV comes as an attachment anyway, and a stale sign-in must be able to send
// the browser to the step-up page instead
function ExportLink({ href }: { href: string }) {
  return (
    <a href={href} className={buttonClass("outline")}>
      <Download aria-hidden className="size-4" />
      Export CSV
    </a>
  );
}

/** A column header that sorts by its column; a second click reverses the order. */
export function SortHeader({
  label,
  sort,
  current,
  dir,
}: {
  label: string;
  sort: string;
  current: string;
  dir: "asc" | "desc";
}) {
  const href = useQueryHref();
  const active = current === sort;
  const nextDir = active && dir === "asc" ? "desc" : "asc";
  const Icon = dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"}
      className="px-4 py-3 text-left font-semibold"
    >
      <Link
        to={href({ sort, dir: nextDir })}
        className="inline-flex items-center gap-1 hover:text-brand-700"
        preventScrollReset
      >
        {label}
        {active ? <Icon aria-hidden className="size-3.5" /> : null}
        <span className="sr-only">, sort {nextDir === "asc" ? "ascending" : "descending"}</span>
      </Link>
    </th>
  );
}

export function Pagination({ page, pageCount, total }: { page: number; pageCount: number; total: number }) {
  const href = useQueryHref();
  if (total === 0) return null;
  const linkClass = (disabled: boolean) =>
    cn(buttonClass("outline", "sm"), disabled && "pointer-events-none opacity-50");
  return (
    <nav aria-label="Pagination" className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-600">
        Page {page} of {pageCount} ({total.toLocaleString("en-US")} in all)
      </p>
      <div className="flex gap-2">
        <Link
          to={href({ page: page - 1 })}
          className={linkClass(page <= 1)}
          aria-disabled={page <= 1}
          tabIndex={page <= 1 ? -1 : undefined}
        >
          <ChevronLeft aria-hidden className="size-4" />
          Previous
        </Link>
        <Link
          to={href({ page: page + 1 })}
          className={linkClass(page >= pageCount)}
          aria-disabled={page >= pageCount}
          tabIndex={page >= pageCount ? -1 : undefined}
        >
          Next
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      </div>
    </nav>
  );
}

/** One line of a card's contact details: an icon and the value. */
export function IconFact({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      <Icon aria-hidden className="size-4" />
      {children}
    </li>
  );
}

/**
 * A row of a list as a card: `head` at the top left, the status badge at the top right, the rest below. With
 * `wrap`, a head that holds the row's details lets the badge go under it when both do not fit side by side.
 */
export function StatusCard({
  status,
  head,
  wrap = false,
  className,
  children,
  ...item
}: ComponentProps<"li"> & { status: string; head: ReactNode; wrap?: boolean }) {
  return (
    <li
      className={cn("flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white shadow-sm", className)}
      {...item}
    >
      <div className={cn("flex items-start justify-between gap-3", wrap && "flex-wrap")}>
        <div className="min-w-0">{head}</div>
        <RowStatusBadge status={status} />
      </div>
      {children}
    </li>
  );
}

/**
 * The top of a list screen whose rows are exported, deleted and restored: the answers of the row actions (toasts,
 * or a notice without JavaScript), then the title with the total and, after `children`, the CSV of the rows the
 * filters select and "Recently deleted".
 */
export function RowListHeader({
  kind,
  result,
  title,
  total,
  description,
  children,
}: {
  kind: RowKind;
  result?: RowActionResult;
  title: string;
  total: number | undefined;
  description: string;
  children?: ReactNode;
}) {
  const href = useQueryHref();
  const mayExport = canExportBookings(useStaff());
  // the export holds every row the filters select, whichever page or view shows them
  const exportHref = `${kind.action}/export${href({ view: null, page: null }).replace(/^\?$/, "")}`;
  return (
    <>
      <RowActionToasts kind={kind} />
      <ActionNotice kind={kind} result={result} />
      <PageHeader
        title={title}
        badge={total === undefined ? null : <TotalBadge total={total} />}
        description={description}
        actions={
          <>
            {children}
            {mayExport ? <ExportLink href={exportHref} /> : null}
            <Link to={`${kind.action}/deleted`} className={buttonClass("ghost")}>
              <Trash2 aria-hidden className="size-4" />
              Recently deleted
            </Link>
          </>
        }
      />
    </>
  );
}

type ListPage = { rows: unknown[]; page: number; pageCount: number; total: number };

/** Below a list's filters: the failure, the empty message, or the rows; then the pager. */
export function ListBody<List extends ListPage>({
  error,
  list,
  empty,
  children,
}: {
  error: string | null;
  list: List | null;
  empty: string;
  children: (list: List) => ReactNode;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          {error}
        </p>
      ) : !list || list.rows.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        children(list)
      )}
      {list ? <Pagination page={list.page} pageCount={list.pageCount} total={list.total} /> : null}
    </>
  );
}

/** The search box of a list's filters; `placeholder` names what it searches. */
export function SearchFilter({ value, placeholder }: { value: string; placeholder: string }) {
  return (
    <InputField
      label="Search"
      name="q"
      type="search"
      defaultValue={value}
      placeholder={placeholder}
      className="sm:col-span-2"
    />
  );
}

/** The status filter of a list: every status of the table, or all of them. */
export function StatusFilter({ value, options }: { value: string | undefined; options: readonly string[] }) {
  return (
    <SelectField label="Status" name="status" defaultValue={value} className="capitalize">
      <option value="">All statuses</option>
      {options.map((status) => (
        <option key={status} value={status}>
          {status}
        </option>
      ))}
    </SelectField>
  );
}

/** A yes/no filter of a list: checked sends `name=1`, unchecked leaves the filter off. */
export function FilterCheckbox({ label, name, checked }: { label: string; name: string; checked: boolean }) {
  return (
    <label className="flex min-h-11 items-center gap-2 self-end text-sm font-medium text-slate-800">
      <input type="checkbox" name={name} value="1" defaultChecked={checked} className="size-5" />
      {label}
    </label>
  );
}
