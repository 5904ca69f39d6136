import { sendFeedbackRequests } from "#app/models/feedback.server";
import { scheduleReminders } from "#app/models/run-reminder.server";
import { wakeOutboxWorker } from "./outbox.server";

/** One pass: schedules the reminders of runs starting soon and sends feedback links for runs that ended. */
export async function sweepDelivery() {
  const reminders = await scheduleReminders();
  const feedback = await sendFeedbackRequests();
  if (reminders + feedback > 0) wakeOutboxWorker();
  return { reminders, feedback };
}

/**
 * Runs the pass at start and every `intervalMs` in this process; the database rows decide which process
 * schedules what (DESIGN §7: no timer that only one process knows about). The returned function stops it.
 */
export function startDeliverySweeper({
  intervalMs = 60_000,
  onError,
}: {
  intervalMs?: number;
  onError: (e: unknown) => void;
}) {
  const run = () => {
    sweepDelivery().catch(onError);
  };
  const first = setTimeout(run, 0);
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
