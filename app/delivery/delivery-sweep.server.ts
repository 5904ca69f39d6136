import { sendFeedbackRequests } from "#app/delivery/feedback/feedback.server";
import { scheduleReminders } from "#app/delivery/reminders/run-reminder.server";
import { wakeOutboxWorker } from "#app/platform/email/outbox.server";
import { runPeriodically } from "#app/platform/jobs/periodic.server";

/** One pass: schedules the reminders of runs starting soon and sends feedback links for runs that ended. */
export async function sweepDelivery() {
  const reminders = await scheduleReminders();
  const feedback = await sendFeedbackRequests();
  if (reminders + feedback > 0) wakeOutboxWorker();
  return { reminders, feedback };
}

/** Runs the pass at start and every `intervalMs` in this process; the returned function stops it. */
export function startDeliverySweeper(options: { intervalMs?: number; onError: (e: unknown) => void }) {
  return runPeriodically(sweepDelivery, { ...options, atStart: true });
}
