import { data } from "react-router";
import { RunVenueActionSchema } from "#app/delivery/index";
import { holdRoom, releaseHold, requireRun, type VenueOutcome } from "#app/delivery/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { canManageVenues } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/run-venue";

/** The run page's venue form posts here: holding a room with the contract's dates, or releasing it. */
export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canManageVenues);
  const formData = await readForm(args.request, RunVenueActionSchema);
  const parsed = RunVenueActionSchema.safeParse(Object.fromEntries(formData));
  const run = await requireRun(args.params);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid request.";
    return data<VenueOutcome>({ ok: false, status: 400, message }, { status: 400 });
  }
  const outcome =
    parsed.data.intent === "release"
      ? await releaseHold(actor, run.id)
      : await holdRoom(actor, run.id, parsed.data);
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}
