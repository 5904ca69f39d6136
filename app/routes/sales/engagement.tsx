import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { BackLink } from "#app/components/admin/back-link";
import { MoneyStat } from "#app/components/admin/finance-parts";
import { RowStatusBadge } from "#app/components/admin/list-controls";
import { PageHeader } from "#app/components/admin/page-header";
import { recordErrorBoundary } from "#app/components/admin/record-not-found";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { buttonClass } from "#app/components/ui/button";
import { parseId } from "#app/platform/forms/admin-ids";
import { readForm } from "#app/platform/forms/form-input.server";
import { MilestoneCard } from "#app/routes/sales/components/milestone-card";
import { MilestonePlanForm } from "#app/routes/sales/components/milestone-plan-form";
import { ENGAGEMENT_STATUS_LABELS, MilestonePlanSchema, MilestoneReachSchema } from "#app/sales/index";
import {
  cancelEngagement,
  type EngagementOutcome,
  getEngagementPage,
  reachMilestone,
  saveMilestonePlan,
} from "#app/sales/index.server";
import { canInvoiceBookings, canManageBookings, canReadBookings } from "#app/staff/index";
import { requireAllowed, requireRule, staffOf } from "#app/staff/index.server";
import { formatKes } from "#app/utils/cents";
import { formatLongDate, today } from "#app/utils/dates";
import type { Route } from "./+types/engagement";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.engagement.title ?? "Engagement"} | Mafunzo Admin` },
];

function notFound(): never {
  throw data("Engagement not found", { status: 404 });
}

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canReadBookings);
  const id = parseId(args.params.id) ?? notFound();
  const page = (await getEngagementPage(id)) ?? notFound();
  const staff = staffOf(admin);
  return { ...page, may: { plan: canManageBookings(staff), invoice: canInvoiceBookings(staff) } };
}

type Answer = EngagementOutcome & { errors?: Record<string, string[] | null | undefined> };

export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canInvoiceBookings);
  const form = await readForm(args.request, [MilestonePlanSchema, MilestoneReachSchema], {
    extra: ["intent"],
  });
  const id = parseId(args.params.id) ?? notFound();
  const intent = form.get("intent");
  let outcome: Answer;
  if (intent === "plan") {
    requireRule(admin, canManageBookings);
    const submission = parseWithZod(form, { schema: MilestonePlanSchema });
    if (submission.status !== "success") {
      outcome = {
        ok: false,
        status: 400,
        message: "Milestones not saved: check the marked fields.",
        errors: submission.reply().error ?? {},
      };
    } else outcome = await saveMilestonePlan(admin.actor, id, submission.value);
  } else if (intent === "reach") {
    const parsed = MilestoneReachSchema.safeParse(Object.fromEntries(form));
    outcome = parsed.success
      ? await reachMilestone(admin.actor, id, parsed.data.milestoneId)
      : { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? "Choose a milestone." };
  } else if (intent === "cancel") {
    requireRule(admin, canManageBookings);
    outcome = await cancelEngagement(admin.actor, id);
  } else {
    outcome = {
      ok: false,
      status: 400,
      message: "Choose what to do: save the milestones, mark one reached, or cancel.",
    };
  }
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}

export const ErrorBoundary = recordErrorBoundary({
  title: "Engagement not found",
  text: "No engagement has this address, or the link is incomplete.",
  list: "/admin/engagements",
  listLabel: "All engagements",
});

export default function Engagement({ loaderData, actionData }: Route.ComponentProps) {
  const { engagement, organisation, milestones, plannedCents, balance, may } = loaderData;
  useOutcomeToast(actionData, "Nothing changed");
  const reachedAny = milestones.some((m) => m.reachedAt);
  const active = engagement.status === "active";
  return (
    <div className="max-w-4xl space-y-6">
      <BackLink to="/admin/engagements">All engagements</BackLink>
      <PageHeader
        title={engagement.title}
        badge={<RowStatusBadge status={engagement.status} />}
        description={`${ENGAGEMENT_STATUS_LABELS[engagement.status]} · opened ${formatLongDate(today(engagement.createdAt))} · invoices go to ${engagement.contactName} (${engagement.contactEmail})`}
      />
      <p className="text-sm text-slate-700">
        {organisation ? (
          <>
            Client:{" "}
            <Link
              to={`/admin/organisations/${organisation.id}`}
              className="font-semibold text-brand-700 underline"
            >
              {organisation.name}
            </Link>
            {" · "}
          </>
        ) : (
          <>{engagement.organisationName ?? engagement.contactName} · </>
        )}
        <Link
          to={`/admin/enquiries/${engagement.enquiryId}`}
          className="font-semibold text-brand-700 underline"
        >
          The enquiry and its quote
        </Link>
      </p>
      <section aria-labelledby="money-heading" className="space-y-3">
        <h2 id="money-heading" className="sr-only">
          Money
        </h2>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <MoneyStat label="Engagement total" cents={engagement.totalCents} />
          <MoneyStat label="Invoiced" cents={balance.invoicedCents} />
          <MoneyStat label="Paid" cents={balance.paidCents} />
          <MoneyStat label="Balance" cents={balance.balanceCents} />
        </dl>
      </section>
      <section aria-labelledby="milestones-heading" className="space-y-3">
        <h2 id="milestones-heading" className="text-lg font-semibold text-slate-900">
          Milestones
        </h2>
        {milestones.length === 0 ? (
          <p className="text-sm text-slate-700">
            No milestones yet: plan them below, adding up to {formatKes(engagement.totalCents)}.
          </p>
        ) : (
          <>
            {plannedCents !== engagement.totalCents ? (
              <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                The milestones come to {formatKes(plannedCents)}, not the total{" "}
                {formatKes(engagement.totalCents)}.
              </p>
            ) : null}
            <ol className="space-y-3">
              {milestones.map((milestone) => (
                <MilestoneCard key={milestone.id} milestone={milestone} mayReach={may.invoice && active} />
              ))}
            </ol>
          </>
        )}
      </section>
      {may.plan && active && !reachedAny ? (
        <MilestonePlanForm
          milestones={milestones}
          totalCents={engagement.totalCents}
          errors={actionData && "errors" in actionData ? actionData.errors : undefined}
        />
      ) : null}
      {may.plan && active && !reachedAny ? (
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className={buttonClass("outline", "md", "min-h-11")}>
            Cancel this engagement
          </button>
        </Form>
      ) : null}
    </div>
  );
}
