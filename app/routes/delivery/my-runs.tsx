import { CalendarCheck, FileDown } from "lucide-react";
import { Link } from "react-router";
import { EmptyState, PageHeader } from "#app/components/admin/page-header";
import { buttonClass } from "#app/components/ui/button";
import { listTrainerRuns } from "#app/delivery/index.server";
import { canSeeOwnRuns } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { today } from "#app/utils/dates";
import type { Route } from "./+types/my-runs";

export const meta: Route.MetaFunction = () => [{ title: "My runs | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canSeeOwnRuns);
  return { runs: await listTrainerRuns(admin.user.id, today()) };
}

type Run = Route.ComponentProps["loaderData"]["runs"][number];

const runPath = (run: Run) => `/admin/courses/${run.courseId}/runs/${run.id}`;

function RunLinks({ run }: { run: Run }) {
  const link =
    "inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50";
  return (
    <div className="mt-3 flex flex-wrap gap-1">
      <Link to={`${runPath(run)}/instructions`} className={link}>
        Joining instructions
      </Link>
      <a href={`${runPath(run)}/sign-in-sheet.pdf`} className={link}>
        <FileDown aria-hidden className="mr-1 size-4" />
        Sign-in sheet
      </a>
      <Link to={`${runPath(run)}/certificates`} className={link}>
        Certificates
      </Link>
      <Link to={`${runPath(run)}/feedback`} className={link}>
        Feedback
      </Link>
    </div>
  );
}

function RunCard({ run }: { run: Run }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold text-slate-900 wrap-anywhere">{run.courseTitle}</h2>
      <p className="text-sm text-slate-600">
        {[run.dates, run.venue].filter(Boolean).join(" · ")} · {run.participants}{" "}
        {run.participants === 1 ? "participant" : "participants"}
      </p>
      {run.today ? (
        <Link
          to={`${runPath(run)}/attendance`}
          className={buttonClass("primary", "lg", "mt-4 w-full min-h-12")}
        >
          <CalendarCheck aria-hidden className="mr-2 size-5" />
          Mark attendance
        </Link>
      ) : (
        <Link to={`${runPath(run)}/attendance`} className={buttonClass("outline", "md", "mt-4 min-h-11")}>
          Attendance
        </Link>
      )}
      <RunLinks run={run} />
    </li>
  );
}

export default function MyRuns({ loaderData }: Route.ComponentProps) {
  const under = loaderData.runs.filter((run) => run.today);
  const coming = loaderData.runs.filter((run) => !run.today);
  return (
    <>
      <PageHeader title="My runs" description="The course dates you train, today's first." />
      {loaderData.runs.length === 0 ? (
        <EmptyState>
          No course date is assigned to you. The office adds you on a course date's page.
        </EmptyState>
      ) : (
        <div className="space-y-6">
          {under.length > 0 ? (
            <section aria-label="Today">
              <ul className="space-y-3">
                {under.map((run) => (
                  <RunCard key={run.id} run={run} />
                ))}
              </ul>
            </section>
          ) : null}
          {coming.length > 0 ? (
            <section aria-labelledby="coming-heading">
              <h2 id="coming-heading" className="mb-3 text-base font-semibold text-slate-700">
                Coming up
              </h2>
              <ul className="space-y-3">
                {coming.map((run) => (
                  <RunCard key={run.id} run={run} />
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </>
  );
}
