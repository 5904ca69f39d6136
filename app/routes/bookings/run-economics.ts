import { data } from "react-router";
import { decideRun } from "#app/bookings/index.server";
import { RunEconomicsActionSchema } from "#app/delivery/index";
import { addRunCost, removeRunCost, requireRun } from "#app/delivery/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { canDecideRuns, canManageRunCosts } from "#app/staff/index";
import { requireAllowed, requireRule } from "#app/staff/index.server";
import type { Route } from "./+types/run-economics";

type Outcome = { ok: true; message: string } | { ok: false; status: number; message: string };

/**
 * The run page's economics form posts here: a cost added or removed (the office and finance), or the go/no-go
 * decision recorded (the schedulers), through bookings' decision so that bookings change only there.
 */
export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, canManageRunCosts);
  const formData = await readForm(args.request, RunEconomicsActionSchema);
  const parsed = RunEconomicsActionSchema.safeParse(Object.fromEntries(formData));
  const run = await requireRun(args.params);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid request.";
    return data<Outcome>({ ok: false, status: 400, message }, { status: 400 });
  }
  const input = parsed.data;
  let outcome: Outcome;
  if (input.intent === "decide") {
    requireRule(admin, canDecideRuns);
    outcome = await decideRun(admin.actor, run.courseId, run.id, input);
  } else if (input.intent === "add-cost") {
    outcome = await addRunCost(admin.actor, run.id, input);
  } else {
    outcome = await removeRunCost(admin.actor, run.id, input.id);
  }
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}
