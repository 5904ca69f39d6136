import { data, type RouterContextProvider } from "react-router";
import { findDeliveryRun } from "#app/delivery/delivery-run.server";
import { parseId } from "#app/platform/forms/admin-ids";
import {
  type AdminSession,
  NOT_ALLOWED_MESSAGE,
  requireAllowed,
  type Staff,
  staffOf,
} from "#app/staff/index.server";
import { listRunTrainerIds } from "./trainers.server";

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

/** A rule about a run: the account, and the ids of the run's trainers. */
export type RunRule = (staff: Staff, trainers: readonly string[]) => boolean;

type Args = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { courseId?: string; runId?: string };
  url?: URL;
};

/**
 * The signed-in account, if `rule` could let it at some run: an account no run would admit (a trainer asking
 * for money, an editor for a roster) is refused with 403 before its request body is read.
 */
export const requireRunRole = (args: Args, rule: RunRule) =>
  requireAllowed(args, (staff) => rule(staff, [staff.id]));

/**
 * The run of the address with its trainers' ids, if `rule` lets this account at it (a trainer not on the run
 * gets 403); the page asks the policy with those ids what else to offer.
 */
export async function requireRunAllowed(args: Args, admin: AdminSession, rule: RunRule) {
  const run = await requireRun(args.params);
  const trainerIds = await listRunTrainerIds(run.id);
  if (!rule(staffOf(admin), trainerIds)) {
    throw data({ error: NOT_ALLOWED_MESSAGE }, { status: 403 });
  }
  return { ...run, trainerIds };
}
