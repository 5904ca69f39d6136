import { data } from "react-router";
import { RunTrainerActionSchema } from "#app/delivery/index";
import { type RequestOutcome, requestTrainer, requireRun, withdrawTrainer } from "#app/delivery/index.server";
import { wakeOutboxWorker } from "#app/platform/email/outbox.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { canScheduleRuns } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/run-trainers";

/**
 * The run page's trainer form posts here: asking a trainer (an e-mail with the answer link), recording one the
 * office confirmed, or withdrawing one is the schedulers' choice.
 */
export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canScheduleRuns);
  const formData = await readForm(args.request, RunTrainerActionSchema);
  const parsed = RunTrainerActionSchema.safeParse(Object.fromEntries(formData));
  const run = await requireRun(args.params);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid request.";
    return data<RequestOutcome>({ ok: false, status: 400, message }, { status: 400 });
  }
  const outcome =
    parsed.data.intent === "withdraw"
      ? await withdrawTrainer(actor, run.id, parsed.data.trainer)
      : await requestTrainer(actor, run.id, parsed.data);
  if (outcome.ok && parsed.data.intent === "request") wakeOutboxWorker();
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}
