import { eq } from "drizzle-orm";
import { courseRegistrations as r } from "#app/booking/tables.server";
import { runReminder } from "#app/delivery/emails.server";
import { runReminders } from "#app/delivery/tables.server";
import { db, type Executor } from "#app/platform/db/client.server";
import type { Message } from "#app/platform/email/layout.server";
import { type OutboxRow, writeWhenDue } from "#app/platform/email/outbox.server";
import { writeSmsWhenDue } from "#app/platform/sms/sms-outbox.server";
import { writeWhatsAppWhenDue } from "#app/platform/whatsapp/whatsapp-outbox.server";
import { addDays, formatLongDate, today } from "#app/utils/dates";
import { findDeliveryRun, isLive } from "../delivery-run.server";
import { reminderSms } from "../delivery-sms";
import { getJoiningInstructions } from "../instructions/joining-instructions.server";

export const RUN_REMINDER_KIND = "run_reminder";

/** A reminder with its run and instructions, or null when it is no longer wanted (see `reminderMessage`). */
async function liveReminder(reminderId: string, executor: Executor) {
  const [reminder] = await executor
    .select({
      runId: runReminders.runId,
      startDate: runReminders.startDate,
      daysBefore: runReminders.daysBefore,
      name: r.name,
      status: r.status,
      deletedAt: r.deletedAt,
      registrationRunId: r.runId,
    })
    .from(runReminders)
    .innerJoin(r, eq(r.id, runReminders.registrationId))
    .where(eq(runReminders.id, reminderId));
  if (!reminder || !isLive(reminder.status) || reminder.deletedAt) return null;
  // "starts in 7 days" is only true on its day: a reminder held up past it (no process ran) is dropped
  if (today() > addDays(reminder.startDate, -reminder.daysBefore)) return null;
  if (reminder.registrationRunId !== reminder.runId) return null;
  const run = await findDeliveryRun(reminder.runId, executor);
  if (!run || run.status === "cancelled" || run.startDate !== reminder.startDate) return null;
  return { reminder, run, instructions: await getJoiningInstructions(run.id, executor) };
}

/**
 * A reminder as it should read now, or null when it is no longer wanted: the participant cancelled or was
 * moved, the run was cancelled or its start date changed since it was scheduled.
 */
export async function reminderMessage(
  reminderId: string,
  executor: Executor = db(),
): Promise<Message | null> {
  const live = await liveReminder(reminderId, executor);
  if (!live) return null;
  const { reminder, run, instructions } = live;
  return runReminder({
    name: reminder.name,
    courseTitle: run.courseTitle,
    dates: run.dates,
    venue: run.venue,
    daysBefore: reminder.daysBefore,
    instructions,
  });
}

/** The SMS of a reminder as it should read now (decision 0768), or null when it is no longer wanted. */
export async function reminderSmsText(reminderId: string, executor: Executor = db()): Promise<string | null> {
  const live = await liveReminder(reminderId, executor);
  const first = live?.run.sessions[0];
  if (!live || !first) return null;
  return reminderSms({
    courseTitle: live.run.courseTitle,
    date: first.date,
    startTime: live.instructions?.startTime || first.startTime,
    venue: first.mode === "virtual" ? "online" : live.run.venue,
    link: first.mode === "virtual" ? first.meetingLink : (live.instructions?.mapUrl ?? null),
    daysBefore: live.reminder.daysBefore,
  });
}

/**
 * The day-before reminder's WhatsApp template variables (decision 0771), in its order: course, date and time,
 * venue, map link (or the meeting link online); null when the reminder is no longer due.
 */
export async function reminderWhatsAppVariables(
  reminderId: string,
  executor: Executor = db(),
): Promise<string[] | null> {
  const live = await liveReminder(reminderId, executor);
  const first = live?.run.sessions[0];
  if (!live || !first) return null;
  const online = first.mode === "virtual";
  return [
    live.run.courseTitle,
    `${formatLongDate(first.date)}, ${live.instructions?.startTime || first.startTime}`,
    online ? "online" : (live.run.venue ?? "-"),
    (online ? first.meetingLink : live.instructions?.mapUrl) ?? "-",
  ];
}

/** The outbox asks this when a reminder falls due: it is checked and written afresh. */
async function currentScheduledMessage(row: OutboxRow): Promise<OutboxRow | null> {
  if (row.relatedTable !== "run_reminders" || !row.relatedId) return row;
  const message = await reminderMessage(row.relatedId);
  if (!message) return null;
  return { ...row, subject: message.subject, textBody: message.text, htmlBody: message.html };
}

// a reminder is queued days ahead and written when it falls due, so a change in between reaches it
writeWhenDue(RUN_REMINDER_KIND, currentScheduledMessage);
writeWhatsAppWhenDue("session_reminder", (row) =>
  row.relatedTable === "run_reminders" && row.relatedId
    ? reminderWhatsAppVariables(row.relatedId)
    : Promise.resolve(null),
);
writeSmsWhenDue(RUN_REMINDER_KIND, (row) =>
  row.relatedTable === "run_reminders" && row.relatedId
    ? reminderSmsText(row.relatedId)
    : Promise.resolve(null),
);
