import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminSearchSchema, type SearchGroup } from "#app/back-office/index";
import { adminSearch } from "#app/back-office/index.server";
import { EmptyState, PageHeader } from "#app/components/admin/page-header";
import { ScreenError } from "#app/components/admin/screen-error";
import { buttonClass } from "#app/components/ui/button";
import { controlClass } from "#app/components/ui/field";
import { canReadBookings, canReadMoney } from "#app/staff/index";
import { requireAllowed, staffOf } from "#app/staff/index.server";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = () => [{ title: "Search | Mafunzo Admin" }];

/** Those who read bookings or money search them; each group is searched only for a role that may read it. */
const maySearch = (staff: Parameters<typeof canReadBookings>[0]) =>
  canReadBookings(staff) || canReadMoney(staff);

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, maySearch);
  const typed = new URL(args.request.url).searchParams.get("q");
  if (typed === null || typed.trim() === "") return { q: "", error: null, groups: null };
  const parsed = AdminSearchSchema.safeParse({ q: typed });
  if (!parsed.success) {
    return {
      q: typed.slice(0, 100),
      error: parsed.error.issues[0]?.message ?? "Check what you typed.",
      groups: null,
    };
  }
  return { q: parsed.data.q, error: null, groups: await adminSearch(staffOf(admin), parsed.data.q) };
}

function Group({ group }: { group: SearchGroup }) {
  const id = `found-${group.kind}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 id={id} className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
        {group.title} <span className="font-normal text-slate-500">({group.hits.length})</span>
      </h2>
      <ul className="divide-y divide-slate-100">
        {group.hits.map((hit) => (
          <li key={hit.href + hit.title}>
            <Link to={hit.href} className="block min-h-11 px-4 py-3 hover:bg-slate-50">
              <span className="block font-medium break-words text-brand-800">{hit.title}</span>
              <span className="block text-sm break-words text-slate-600">{hit.detail}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function AdminSearch({ loaderData }: Route.ComponentProps) {
  const { q, error, groups } = loaderData;
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader
        title="Search"
        description="References however typed, names, organisations, phone numbers in any form, M-PESA codes and invoice numbers."
      />
      <Form method="get" role="search" className="flex gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          Search
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "search-page-error" : undefined}
          className={controlClass}
        />
        <button type="submit" className={buttonClass()}>
          <Search aria-hidden className="size-4" />
          Search
        </button>
      </Form>
      {error ? (
        <p id="search-page-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {groups && groups.length === 0 ? (
        <EmptyState>
          Nothing found for “{q}”. Try part of a name, or the reference as the client reads it.
        </EmptyState>
      ) : null}
      {groups?.map((group) => (
        <Group key={group.kind} group={group} />
      ))}
    </div>
  );
}

export function ErrorBoundary() {
  return <ScreenError title="Search" />;
}
