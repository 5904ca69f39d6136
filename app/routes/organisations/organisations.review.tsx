import { RefreshCw } from "lucide-react";
import { data, Form, Link } from "react-router";
import { BackLink } from "#app/components/admin/back-link";
import { EmptyState, PageHeader } from "#app/components/admin/page-header";
import { useOutcomeToast } from "#app/components/admin/use-outcome-toast";
import { buttonClass } from "#app/components/ui/button";
import { readForm } from "#app/platform/forms/form-input.server";
import { OrganisationPairSchema } from "#app/sales/index";
import {
  type DoubtfulPair,
  keepOrganisationsApart,
  listDoubtfulPairs,
  matchBookingsToOrganisations,
  mergeOrganisations,
} from "#app/sales/index.server";
import { canManageBookings, canReadBookings } from "#app/staff/index";
import { requireAllowed, staffOf } from "#app/staff/index.server";
import type { Route } from "./+types/organisations.review";

export const meta: Route.MetaFunction = () => [{ title: "Review organisation matches | Mafunzo Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, canReadBookings);
  return { pairs: await listDoubtfulPairs(), mayManage: canManageBookings(staffOf(admin)) };
}

export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canManageBookings);
  const parsed = OrganisationPairSchema.safeParse(
    Object.fromEntries(await readForm(args.request, OrganisationPairSchema)),
  );
  if (!parsed.success) {
    return data(
      { ok: false as const, message: parsed.error.issues[0]?.message ?? "Choose a pair from the list." },
      { status: 400 },
    );
  }
  const input = parsed.data;
  if (input.intent === "match") {
    const linked = await matchBookingsToOrganisations(actor);
    return {
      ok: true as const,
      message: `${linked} booking${linked === 1 ? "" : "s"} linked to their organisation.`,
    };
  }
  const outcome =
    input.intent === "merge"
      ? await mergeOrganisations(actor, input.keepId, input.mergeId)
      : await keepOrganisationsApart(actor, input.keepId, input.mergeId);
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}

function PairForm({
  intent,
  keepId,
  mergeId,
  label,
  tone,
}: {
  intent: "merge" | "keep-both";
  keepId: string;
  mergeId: string;
  label: string;
  tone: "primary" | "outline";
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="keepId" value={keepId} />
      <input type="hidden" name="mergeId" value={mergeId} />
      <button type="submit" className={buttonClass(tone, "md", "min-h-11 w-full sm:w-auto")}>
        {label}
      </button>
    </Form>
  );
}

function Side({ side }: { side: DoubtfulPair["first"] }) {
  return (
    <div className="min-w-0 flex-1 rounded-lg bg-slate-50 p-3 text-sm">
      <Link
        to={`/admin/organisations/${side.id}`}
        className="font-semibold text-brand-700 underline wrap-anywhere"
      >
        {side.name}
      </Link>
      <p className="text-slate-700">
        {side.kraPin ? `KRA PIN ${side.kraPin}` : "No KRA PIN"} · {side.bookings} booking
        {side.bookings === 1 ? "" : "s"}
      </p>
    </div>
  );
}

export default function ReviewOrganisations({ loaderData, actionData }: Route.ComponentProps) {
  const { pairs, mayManage } = loaderData;
  useOutcomeToast(actionData, "Nothing changed");
  return (
    <div className="space-y-6">
      <BackLink to="/admin/organisations">All organisations</BackLink>
      <PageHeader
        title="Review organisation matches"
        description="Bookings are linked to organisations by KRA PIN, then by name. These pairs may be one client under two spellings: merge them, or keep both."
        actions={
          mayManage ? (
            <Form method="post">
              <input type="hidden" name="intent" value="match" />
              <button type="submit" className={buttonClass("outline", "md", "min-h-11")}>
                <RefreshCw aria-hidden className="size-4" /> Match new bookings now
              </button>
            </Form>
          ) : null
        }
      />
      {pairs.length === 0 ? (
        <EmptyState>No doubtful matches: every organisation looks like a client of its own.</EmptyState>
      ) : (
        <ul className="space-y-4">
          {pairs.map((pair) => (
            <li
              key={`${pair.first.id}-${pair.second.id}`}
              data-testid="organisation-pair"
              className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="flex flex-col gap-3 sm:flex-row">
                <Side side={pair.first} />
                <Side side={pair.second} />
              </div>
              {pair.samePinConflict ? (
                <p className="text-sm text-slate-700">
                  Their KRA PINs differ, so they cannot be merged: correct the wrong PIN on its organisation's
                  page first.
                </p>
              ) : null}
              {mayManage ? (
                <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                  {pair.samePinConflict ? null : (
                    <>
                      <PairForm
                        intent="merge"
                        keepId={pair.first.id}
                        mergeId={pair.second.id}
                        tone="primary"
                        label={`Merge into ${pair.first.name}`}
                      />
                      <PairForm
                        intent="merge"
                        keepId={pair.second.id}
                        mergeId={pair.first.id}
                        tone="primary"
                        label={`Merge into ${pair.second.name}`}
                      />
                    </>
                  )}
                  <PairForm
                    intent="keep-both"
                    keepId={pair.first.id}
                    mergeId={pair.second.id}
                    tone="outline"
                    label="Keep both"
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
