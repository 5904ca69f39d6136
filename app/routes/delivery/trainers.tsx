import { Link } from "react-router";
import { EmptyState, PageHeader } from "#app/components/admin/page-header";
import { listTrainers } from "#app/delivery/index.server";
import { canReadTrainers } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { formatMinor } from "#app/utils/minor-units";
import type { Route } from "./+types/trainers";

export const meta: Route.MetaFunction = () => [{ title: "Trainers | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canReadTrainers);
  return { trainers: await listTrainers() };
}

/** Every account with the trainer role, with where they are based and what a day costs. */
export default function Trainers({ loaderData }: Route.ComponentProps) {
  const { trainers } = loaderData;
  return (
    <>
      <PageHeader
        title="Trainers"
        description="Who can deliver which courses, their rates, weekly pattern, leave and monthly fee statements."
      />
      {trainers.length === 0 ? (
        <EmptyState>
          No staff account has the trainer role yet: an owner invites trainers from the Staff page.
        </EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {trainers.map((t) => (
            <li key={t.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <Link
                to={`/admin/trainers/${t.id}`}
                className="text-lg font-semibold text-brand-700 hover:underline wrap-anywhere"
              >
                {t.name ?? t.email}
              </Link>
              <p className="text-sm text-slate-600 wrap-anywhere">
                {[
                  t.email,
                  t.homeOffice,
                  t.engagement === "employee" ? "Employee" : t.engagement ? "Associate" : "No profile yet",
                  t.dayRate && t.currency ? `${formatMinor(t.dayRate, t.currency)} a day` : null,
                  t.active ? null : "Deactivated",
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
