import { data } from "react-router";
import { findDeliveryRun } from "#app/delivery/delivery-run.server";
import { parseId } from "#app/platform/forms/admin-ids";

function notFound(): never {
  throw data({ error: "This course date does not exist." }, { status: 404 });
}

/** The run a delivery page is about, from its address; a made-up or mismatched id is a 404. */
export async function requireRun(params: { courseId?: string; runId?: string }) {
  const courseId = parseId(params.courseId) ?? notFound();
  const runId = parseId(params.runId) ?? notFound();
  const run = await findDeliveryRun(runId);
  if (!run || run.courseId !== courseId) notFound();
  return run;
}
