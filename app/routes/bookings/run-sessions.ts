import { data } from "react-router";
import { changeRunSession } from "#app/bookings/index.server";
import { parseId } from "#app/platform/forms/admin-ids";
import { readForm } from "#app/platform/forms/form-input.server";
import { RunSessionSchema } from "#app/site/index";
import type { SessionEdit } from "#app/site/index.server";
import { canScheduleRuns } from "#app/staff/index";
import { requireAllowed } from "#app/staff/index.server";
import type { Route } from "./+types/run-sessions";

/** The run page's sessions form posts here: the days a course date is held are the schedulers' to set. */
export async function action(args: Route.ActionArgs) {
  const { actor } = await requireAllowed(args, canScheduleRuns);
  const parsed = RunSessionSchema.safeParse(
    Object.fromEntries(await readForm(args.request, RunSessionSchema)),
  );
  const courseId = parseId(args.params.courseId);
  const runId = parseId(args.params.runId);
  if (!courseId || !runId) {
    return data<SessionEdit>(
      { ok: false, status: 404, message: "This course date does not exist." },
      { status: 404 },
    );
  }
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid request.";
    return data<SessionEdit>({ ok: false, status: 400, message }, { status: 400 });
  }
  const outcome = await changeRunSession(actor, courseId, runId, parsed.data);
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}
