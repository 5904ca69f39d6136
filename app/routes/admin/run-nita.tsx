import { Download, FileDown } from "lucide-react";
import { Link } from "react-router";
import { RunDeliveryHeader } from "#app/components/admin/run-delivery-nav";
import { buttonClass } from "#app/components/ui/button";
import {
  currentNitaPackGaps,
  listRunOrganisations,
  NITA_PACK_REFUSED,
  requireRun,
} from "#app/delivery/index.server";
import { getSetting } from "#app/platform/settings/setting.server";
import { canBuildNitaPack } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/run-nita";

export const meta: Route.MetaFunction = () => [{ title: "NITA claim pack | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, canBuildNitaPack);
  const run = await requireRun(args.params);
  const [organisations, gaps, providerNumber] = await Promise.all([
    listRunOrganisations(run.id),
    currentNitaPackGaps(run),
    getSetting("nita_provider_number"),
  ]);
  return { run, organisations, gaps, providerNumber, refused: NITA_PACK_REFUSED };
}

export default function RunNita({ loaderData }: Route.ComponentProps) {
  const { run, organisations, gaps, providerNumber, refused } = loaderData;
  const base = `/admin/courses/${run.courseId}/runs/${run.id}/nita-pack`;
  return (
    <div className="space-y-5">
      <RunDeliveryHeader run={run} title="NITA claim pack" />
      <p className="text-sm text-slate-600">
        One pack per organisation for its claim to the National Industrial Training Authority: participants
        with ID numbers, the course outline and timetable, the proforma invoice and receipts, the attendance
        register and the certificates. Download it as one PDF with a contents page, or as a ZIP of the
        separate files.
      </p>
      {providerNumber ? null : (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          The firm's NITA training provider number is not set: the packs say "not registered" until it is set
          in{" "}
          <Link to="/admin/settings#setting-nita_provider_number" className="font-semibold underline">
            Settings
          </Link>
          .
        </p>
      )}
      {gaps.length > 0 ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">{refused} It needs:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {gaps.map((gap) => (
              <li key={gap.label}>
                <Link to={gap.to} className="underline">
                  {gap.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : organisations.length === 0 ? (
        <p className="text-slate-700">No booked participants on this course date.</p>
      ) : (
        <ul className="space-y-3">
          {organisations.map((org) => {
            const query = `?org=${encodeURIComponent(org.name)}`;
            return (
              <li
                key={org.name}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <div>
                  <h2 className="font-semibold text-slate-900">{org.name}</h2>
                  <p className="text-sm text-slate-600">{org.participants} participant(s)</p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <a href={`${base}/pack.pdf${query}`} className={buttonClass("primary", "md", "min-h-11")}>
                    <FileDown aria-hidden className="size-4" /> PDF{" "}
                    <span className="sr-only">pack for {org.name}</span>
                  </a>
                  <a href={`${base}/pack.zip${query}`} className={buttonClass("outline", "md", "min-h-11")}>
                    <Download aria-hidden className="size-4" /> ZIP{" "}
                    <span className="sr-only">pack for {org.name}</span>
                  </a>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
