import { sendFeedbackRequests } from "#app/delivery/feedback/feedback.server";
import { scheduleReminders } from "#app/delivery/reminders/run-reminder.server";
import { wakeOutboxWorker } from "#app/platform/email/outbox.server";

/** One pass: schedules the reminders of runs starting soon and sends feedback links for runs that ended. */
export async function sweepDelivery() {
  const reminders = await scheduleReminders();
  const feedback = await sendFeedbackRequests();
  if (reminders + feedback > 0) wakeOutboxWorker();
  return { reminders, feedback };
}
