import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { parseSettingInput } from "#app/back-office/index.server";
import { courseRegistrations } from "#app/booking/tables.server";
import { cancelParticipant } from "#app/bookings/index.server";
import { saveJoiningInstructions } from "#app/delivery/index.server";
import { runReminders } from "#app/delivery/tables.server";
import { parseReminderDays, reminderDueAt, scheduleReminders } from "#app/delivery/testing.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { createSmtpSender } from "#app/platform/email/email.server";
import { deliverDueEmails } from "#app/platform/email/outbox.server";
import { setClock } from "#app/utils/clock";
import { signedInAdmin } from "../helpers/admin-session";
import { book, clearOutbox, newRun } from "../helpers/delivery";
import { startSmtpServer } from "../helpers/smtp";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let send: ReturnType<typeof createSmtpSender>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  send = createSmtpSender(smtp.url);
});
afterAll(async () => {
  send.close();
  await smtp.close();
});
afterEach(() => setClock(null));

const INSTRUCTIONS = {
  venueDetails: "Lake Naivasha Resort, Kilimanjaro Hall",
  mapUrl: "https://maps.example.com/naivasha",
  startTime: "08:30",
  timetable: "08:30 tea, 09:00 sessions, 17:00 close",
  whatToBring: "Laptop and national ID",
  contactName: "Peter Otieno",
  contactPhone: "+254 700 111 222",
};

const toOf = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

test("instructions go with the confirmation and as reminders 7 and 1 days ahead, once, never to a cancelled participant", async () => {
  const admin = await signedInAdmin();
  await clearOutbox();
  const run = await newRun({ inDays: 8 });
  await saveJoiningInstructions(admin.actor, run.id, INSTRUCTIONS);
  await book(run.id, [
    { name: "Amina Stays", email: "amina@example.com" },
    { name: "Brian Cancels", email: "brian@example.com" },
  ]);
  await deliverDueEmails({ send });
  const confirmation = await smtp.waitFor((m) =>
    m.some((x) => x.subject.startsWith("Registration received")),
  );
  expect(confirmation.find((m) => m.subject.startsWith("Registration received"))?.text).toContain(
    "Kilimanjaro Hall",
  );

  // scheduled days ahead, with the not-before time; nothing is due yet
  expect(await scheduleReminders()).toBe(4);
  expect(await scheduleReminders()).toBe(0);
  const queued = await db()
    .select({ next: emailOutbox.nextAttemptAt, to: emailOutbox.toAddress })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "run_reminder"), eq(emailOutbox.status, "pending")));
  expect(queued.map((q) => q.next.toISOString()).sort()).toEqual(
    [
      reminderDueAt(run.startDate, 7),
      reminderDueAt(run.startDate, 7),
      reminderDueAt(run.startDate, 1),
      reminderDueAt(run.startDate, 1),
    ]
      .map((d) => d.toISOString())
      .sort(),
  );
  expect((await deliverDueEmails({ send })).claimed).toBe(0);

  const [brian] = await db()
    .select({ id: courseRegistrations.id })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.email, "brian@example.com"));
  await cancelParticipant(admin.actor, run.id, brian?.id as string);
  // edited after scheduling: the reminder is written when it falls due
  await saveJoiningInstructions(admin.actor, run.id, {
    ...INSTRUCTIONS,
    whatToBring: "Laptop, ID and a jumper",
  });

  setClock(new Date(reminderDueAt(run.startDate, 7).getTime() + 60_000));
  await deliverDueEmails({ send });
  await smtp.waitFor(() => toOf("amina@example.com").some((m) => m.subject.includes("starts in 7 days")));
  const seven = toOf("amina@example.com").filter((m) => m.subject.includes("starts in 7 days"));
  expect(seven).toHaveLength(1);
  expect(seven[0]?.text).toContain("Laptop, ID and a jumper");
  expect(seven[0]?.text).toContain("Peter Otieno, +254 700 111 222");

  setClock(new Date(reminderDueAt(run.startDate, 1).getTime() + 60_000));
  expect(await scheduleReminders()).toBe(0);
  await deliverDueEmails({ send });
  await smtp.waitFor(() => toOf("amina@example.com").some((m) => m.subject.includes("starts tomorrow")));
  await deliverDueEmails({ send });
  expect(toOf("amina@example.com").filter((m) => m.subject.startsWith("Reminder"))).toHaveLength(2);
  expect(toOf("brian@example.com").filter((m) => m.subject.startsWith("Reminder"))).toHaveLength(0);
  const brianRows = await db()
    .select({ status: emailOutbox.status })
    .from(emailOutbox)
    .innerJoin(runReminders, eq(sql`${runReminders.id}::text`, emailOutbox.relatedId))
    .where(eq(runReminders.registrationId, brian?.id as string));
  expect(brianRows.map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
});

test("several processes scheduling and sending at once: each reminder exactly once", async () => {
  await clearOutbox();
  const run = await newRun({ inDays: 5 });
  const people = Array.from({ length: 6 }, (_, i) => ({
    name: `Parallel ${i}`,
    email: `parallel${i}@example.com`,
  }));
  await book(run.id, people);
  setClock(new Date(reminderDueAt(run.startDate, 1).getTime() + 60_000));
  // on PostgreSQL these are separate connections in separate transactions, as two processes would be
  const scheduled = await Promise.all([scheduleReminders(), scheduleReminders(), scheduleReminders()]);
  const mine = await db()
    .select({ id: runReminders.id })
    .from(runReminders)
    .where(eq(runReminders.runId, run.id));
  expect(mine).toHaveLength(6);
  expect(scheduled.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(6);
  const passes = await Promise.all([
    deliverDueEmails({ send, limit: 2 }),
    deliverDueEmails({ send, limit: 2 }),
    deliverDueEmails({ send, limit: 2 }),
    deliverDueEmails({ send, limit: 2 }),
  ]);
  while ((await deliverDueEmails({ send })).claimed > 0) {}
  expect(passes.length).toBe(4);
  await smtp.waitFor(() => people.every((p) => toOf(p.email).length >= 1));
  await deliverDueEmails({ send });
  for (const p of people) {
    // one reminder: the 7-day one was due before they booked
    expect(toOf(p.email).filter((m) => m.subject.startsWith("Reminder"))).toHaveLength(1);
  }
});

test("reminder_days and the certificate settings are checked as typed on the settings screen", () => {
  expect(parseSettingInput("reminder_days", " 14, 7 ,1")).toEqual({ ok: true, value: "14, 7 ,1" });
  expect(parseSettingInput("reminder_days", "7,x")).toEqual({
    ok: false,
    message: "Enter whole numbers of days separated by commas, e.g. 7,1",
  });
  expect(parseSettingInput("reminder_days", "90")).toEqual({
    ok: false,
    message: "Each number of days must be from 1 to 60",
  });
  expect(parseReminderDays("1, 7,7")).toEqual([7, 1]);
  expect(parseSettingInput("certificate_threshold", "101")).toEqual({
    ok: false,
    message: "Enter a whole number from 1 to 100",
  });
  expect(parseSettingInput("certificate_signatory_name", "")).toMatchObject({ ok: false });
});
