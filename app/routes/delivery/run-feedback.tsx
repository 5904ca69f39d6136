import { data, Form } from "react-router";
import { RunDeliveryHeader } from "#app/components/admin/run-delivery-nav";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { useStaff } from "#app/components/admin/use-staff";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { FeedbackActionSchema } from "#app/delivery/index";
import {
  type DraftOutcome,
  draftTestimonial,
  listRunFeedback,
  requireRun,
  requireRunAllowed,
  requireRunRole,
} from "#app/delivery/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { canEditContent, canReadFeedback } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import { formatDateTime } from "#app/utils/datetime";
import type { Route } from "./+types/run-feedback";

export const meta: Route.MetaFunction = () => [{ title: "Feedback | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireRunRole(args, canReadFeedback);
  const run = await requireRunAllowed(args, admin, canReadFeedback);
  return { run, feedback: await listRunFeedback(run.id) };
}

export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canEditContent);
  const parsed = FeedbackActionSchema.safeParse(
    Object.fromEntries(await readForm(args.request, FeedbackActionSchema)),
  );
  // the body is judged before the run is looked up, so a hostile body never costs a query
  const run = await requireRun(args.params);
  if (!parsed.success) {
    return data<DraftOutcome>(
      { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? "Invalid request." },
      { status: 400 },
    );
  }
  const outcome = await draftTestimonial(actor, run.id, parsed.data.id);
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}

export default function RunFeedback({ loaderData, actionData }: Route.ComponentProps) {
  const { run, feedback } = loaderData;
  useOutcomeToast(actionData, "No testimonial made");
  const mayQuote = canEditContent(useStaff());
  return (
    <div className="space-y-5">
      <RunDeliveryHeader run={run} title="Feedback" />
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {[
          ["Answers", `${feedback.answers.length} of ${feedback.requested} asked`],
          [
            "Course rating",
            feedback.courseAverage === null ? "No answers yet" : `${feedback.courseAverage} / 5`,
          ],
          [
            "Facilitator rating",
            feedback.facilitatorAverage === null ? "No answers yet" : `${feedback.facilitatorAverage} / 5`,
          ],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-xs font-semibold uppercase text-slate-500">{label}</dt>
            <dd className="mt-1 text-xl font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-600">
        Each participant present on at least one day gets a one-use feedback link by e-mail at 17:00 on the
        last day.
      </p>
      <ul className="space-y-3">
        {feedback.answers.map((a) => (
          <li
            key={a.id}
            data-testid="feedback-answer"
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-semibold text-slate-900">
                {a.name}
                {a.organization ? `, ${a.organization}` : ""}
              </h2>
              <p className="text-sm text-slate-600">{a.submittedAt ? formatDateTime(a.submittedAt) : ""}</p>
            </div>
            <p className="mt-1 text-sm">
              Course {a.courseRating}/5 · Facilitator {a.facilitatorRating}/5
            </p>
            {a.mostUseful ? (
              <p className="mt-2 text-sm">
                <strong>Most useful:</strong> {a.mostUseful}
              </p>
            ) : null}
            {a.improve ? (
              <p className="mt-1 text-sm">
                <strong>To improve:</strong> {a.improve}
              </p>
            ) : null}
            <div className="mt-3">
              {a.testimonialId ? (
                <Badge tone="green">Testimonial draft made</Badge>
              ) : a.consentToQuote && mayQuote ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="testimonial" />
                  <input type="hidden" name="id" value={a.id} />
                  <Button type="submit" variant="outline" className="min-h-11">
                    Make testimonial draft <span className="sr-only">from {a.name}</span>
                  </Button>
                </Form>
              ) : a.consentToQuote ? (
                <Badge tone="brand">May be quoted</Badge>
              ) : (
                <Badge tone="grey">Not for quoting</Badge>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
