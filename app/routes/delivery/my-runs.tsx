import { CalendarCheck, FileDown } from "lucide-react";
import { data, Link, useFetcher } from "react-router";
import { EmptyState, PageHeader } from "#app/components/admin/page-header";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { buttonClass } from "#app/components/ui/button";
import { TrainerAnswerSchema } from "#app/delivery/index";
import {
  answerRequestAsTrainer,
  feeStatement,
  listOpenRequests,
  listTrainerRuns,
  type RequestOutcome,
  statementMonth,
} from "#app/delivery/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { FeeStatementView } from "#app/routes/delivery/components/fee-statement-view";
import { canSeeOwnRuns } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { formatLongDate, today } from "#app/utils/dates";
import type { Route } from "./+types/my-runs";

export const meta: Route.MetaFunction = () => [{ title: "My course dates | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canSeeOwnRuns);
  const month = statementMonth(new URL(args.request.url));
  return {
    runs: await listTrainerRuns(admin.user.id, today()),
    requests: await listOpenRequests(admin.user.id),
    statement: await feeStatement(admin.user.id, month),
  };
}

/** A trainer accepts or declines a request sent to them (and only to them). */
export async function action(args: Route.ActionArgs) {
  const { actor, user } = await requireAllowed(args, canSeeOwnRuns);
  const formData = await readForm(args.request, TrainerAnswerSchema);
  const parsed = TrainerAnswerSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success || !parsed.data.run) {
    return data<RequestOutcome>(
      { ok: false, status: 400, message: "Choose accept or decline." },
      { status: 400 },
    );
  }
  const outcome = await answerRequestAsTrainer(
    { ...actor, id: user.id },
    parsed.data.run,
    parsed.data.answer,
  );
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}

type Request = Route.ComponentProps["loaderData"]["requests"][number];

function RequestCard({ request }: { request: Request }) {
  const fetcher = useFetcher<RequestOutcome>();
  useOutcomeToast(fetcher.data, "Answer not recorded");
  return (
    <li className="rounded-xl border border-amber-200 bg-amber-50 p-4">
      <h3 className="text-lg font-semibold text-slate-900 wrap-anywhere">{request.courseTitle}</h3>
      <p className="text-sm text-slate-700">{[request.dates, request.venue].filter(Boolean).join(" · ")}</p>
      {request.dueDate ? (
        <p className="text-sm text-slate-700">
          {request.expired ? "The date to answer passed on " : "Answer by "}
          {formatLongDate(request.dueDate)}
        </p>
      ) : null}
      {request.expired ? null : (
        <fetcher.Form method="post" className="mt-3 flex flex-wrap gap-2">
          <input type="hidden" name="run" value={request.runId} />
          <button
            type="submit"
            name="answer"
            value="accept"
            className={buttonClass("primary", "md", "min-h-11")}
            disabled={fetcher.state !== "idle"}
          >
            Accept
          </button>
          <button
            type="submit"
            name="answer"
            value="decline"
            className={buttonClass("outline", "md", "min-h-11")}
            disabled={fetcher.state !== "idle"}
          >
            Decline
          </button>
        </fetcher.Form>
      )}
    </li>
  );
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
  const { requests, statement } = loaderData;
  return (
    <>
      <PageHeader title="My course dates" description="The course dates you train, today's first." />
      {requests.length > 0 ? (
        <section aria-labelledby="requests-heading" className="mb-6">
          <h2 id="requests-heading" className="mb-3 text-base font-semibold text-slate-700">
            Requests to answer
          </h2>
          <ul className="space-y-3">
            {requests.map((request) => (
              <RequestCard key={request.runId} request={request} />
            ))}
          </ul>
        </section>
      ) : null}
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
      {statement ? (
        <FeeStatementView
          statement={statement}
          pdfHref={`/admin/my-runs/fee-statement.pdf?month=${statement.month}`}
        />
      ) : null}
    </>
  );
}
