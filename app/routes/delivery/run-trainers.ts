import { data } from "react-router";
import { RunTrainersSchema } from "#app/delivery/index";
import { requireRun, setRunTrainers, type TrainersOutcome } from "#app/delivery/index.server";
import { readForm } from "#app/platform/forms/form-input.server";
import { canScheduleRuns } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/run-trainers";

/** The run page's trainers form posts here: who may deliver this course date is the schedulers' choice. */
export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canScheduleRuns);
  const formData = await readForm(args.request, RunTrainersSchema);
  const parsed = RunTrainersSchema.safeParse({ trainers: formData.getAll("trainers") });
  const run = await requireRun(args.params);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid request.";
    return data<TrainersOutcome>({ ok: false, status: 400, message }, { status: 400 });
  }
  const outcome = await setRunTrainers(actor, run.id, parsed.data.trainers);
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}
