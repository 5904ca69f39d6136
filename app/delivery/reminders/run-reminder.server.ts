import { and, eq, gte, inArray, isNull, lte, ne } from "drizzle-orm";
import { courseRegistrations as r } from "#app/booking/tables.server";
import { runReminders } from "#app/delivery/tables.server";
import { db } from "#app/platform/db/client.server";
import { enqueueEmails } from "#app/platform/email/outbox.server";
import { getSetting } from "#app/platform/settings/setting.server";
import { enqueueSms } from "#app/platform/sms/sms-outbox.server";
import { enqueueWhatsApp } from "#app/platform/whatsapp/whatsapp-outbox.server";
import { sessionsOfRuns } from "#app/site/index.server";
import { courseRuns } from "#app/site/tables.server";
import { now } from "#app/utils/clock";
import { addDays, today } from "#app/utils/dates";
import { LIVE_STATUSES } from "../delivery-run.server";
import {
  RUN_REMINDER_KIND,
  reminderMessage,
  reminderSmsText,
  reminderWhatsAppVariables,
} from "./reminder-message.server";

/** "7,1" → [7, 1]: distinct, largest first. */
export function parseReminderDays(text: string): number[] {
  const days = text
    .split(",")
    .map((n) => Number(n.trim()))
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 60);
  return [...new Set(days)].sort((a, b) => b - a);
}

/** Reminders go out at 08:00 in Nairobi, `daysBefore` days before the first session. */
export function reminderDueAt(startDate: string, daysBefore: number) {
  return new Date(`${addDays(startDate, -daysBefore)}T08:00:00+03:00`);
}

/** How many days a run's first session can come after its start date (a weekend and Easter's two holidays). */
const FIRST_SESSION_LAG_DAYS = 5;

// a reminder whose moment passed while no process ran is still worth sending for a while, not days later
const LATE_GRACE_MS = 12 * 60 * 60 * 1000;

/**
 * Schedules the reminders of every live participant of the runs starting soon, once each: the unique key of
 * `run_reminders` lets one process insert a reminder and the others skip it, and its outbox row, inserted
 * in the same transaction, waits for its not-before time. A participant who booked after a reminder's
 * moment already had the instructions with the confirmation and is not sent that one.
 */
export async function scheduleReminders(at: Date = now()) {
  const days = parseReminderDays(await getSetting("reminder_days"));
  if (days.length === 0) return 0;
  const from = today(at);
  const until = addDays(from, (days[0] as number) + 1);
  return db().transaction(async (tx) => {
    const candidates = await tx
      .select({
        registrationId: r.id,
        email: r.email,
        phone: r.phone,
        smsConsentAt: r.smsConsentAt,
        whatsappConsentAt: r.whatsappConsentAt,
        createdAt: r.createdAt,
        runId: courseRuns.id,
        startDate: courseRuns.startDate,
        endDate: courseRuns.endDate,
        country: courseRuns.country,
      })
      .from(r)
      .innerJoin(courseRuns, eq(courseRuns.id, r.runId))
      .where(
        and(
          inArray(r.status, [...LIVE_STATUSES]),
          isNull(r.deletedAt),
          ne(courseRuns.status, "cancelled"),
          // a run's first session may follow its start date by a weekend and a holiday or two
          gte(courseRuns.startDate, addDays(from, -FIRST_SESSION_LAG_DAYS)),
          lte(courseRuns.startDate, until),
        ),
      );
    // counted back from the first session, not the start date (DESIGN §9): a run starting on a holiday Monday
    // is held from Tuesday
    const sessions = await sessionsOfRuns(
      [...new Map(candidates.map((c) => [c.runId, { ...c, id: c.runId }])).values()],
      tx,
    );
    const wanted = candidates
      .map((c) => ({ ...c, startDate: sessions.get(c.runId)?.[0]?.date ?? null }))
      .filter((c) => c.startDate !== null && c.startDate >= from && c.startDate <= until)
      .flatMap((c) =>
        days
          .map((daysBefore) => ({
            ...c,
            daysBefore,
            dueAt: reminderDueAt(c.startDate as string, daysBefore),
          }))
          .filter((x) => x.dueAt >= x.createdAt && x.dueAt.getTime() >= at.getTime() - LATE_GRACE_MS),
      );
    // one order in every process, so concurrent sweeps wait on each other's keys instead of deadlocking
    wanted.sort((a, b) => a.registrationId.localeCompare(b.registrationId) || b.daysBefore - a.daysBefore);
    if (wanted.length === 0) return 0;
    const inserted = await tx
      .insert(runReminders)
      .values(
        wanted.map((w) => ({
          registrationId: w.registrationId,
          runId: w.runId,
          startDate: w.startDate as string,
          daysBefore: w.daysBefore,
        })),
      )
      .onConflictDoNothing()
      .returning({
        id: runReminders.id,
        registrationId: runReminders.registrationId,
        daysBefore: runReminders.daysBefore,
      });
    for (const reminder of inserted) {
      const w = wanted.find(
        (x) => x.registrationId === reminder.registrationId && x.daysBefore === reminder.daysBefore,
      );
      const message = await reminderMessage(reminder.id, tx);
      if (!w || !message) continue;
      await enqueueEmails(tx, [
        {
          to: w.email,
          kind: RUN_REMINDER_KIND,
          relatedTable: "run_reminders",
          relatedId: reminder.id,
          notBefore: w.dueAt,
          ...message,
        },
      ]);
      // the day before, by SMS too to a participant who agreed to it (decision 0767); e-mail always
      const sms =
        w.daysBefore === 1 && w.smsConsentAt && w.phone ? await reminderSmsText(reminder.id, tx) : null;
      if (sms && w.phone) {
        await enqueueSms(tx, [
          {
            to: w.phone,
            body: sms,
            kind: RUN_REMINDER_KIND,
            relatedTable: "run_reminders",
            relatedId: reminder.id,
            notBefore: w.dueAt,
          },
        ]);
      }
      // and on WhatsApp, as the approved template, to a participant who agreed to that (decision 0772)
      const variables =
        w.daysBefore === 1 && w.whatsappConsentAt && w.phone
          ? await reminderWhatsAppVariables(reminder.id, tx)
          : null;
      if (variables && w.phone) {
        await enqueueWhatsApp(tx, [
          {
            to: w.phone,
            moment: "session_reminder",
            variables,
            relatedTable: "run_reminders",
            relatedId: reminder.id,
            notBefore: w.dueAt,
          },
        ]);
      }
    }
    return inserted.length;
  });
}
