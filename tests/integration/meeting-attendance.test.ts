import { and, desc, eq } from "drizzle-orm";
import { afterEach, beforeAll, expect, test } from "vitest";
import { courseRegistrations } from "#app/booking/tables.server";
import { attendanceMarks } from "#app/delivery/tables.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as attendancePage from "#app/routes/delivery/run-attendance";
import { courseRuns } from "#app/site/tables.server";
import { setClock } from "#app/utils/clock";
import { multipartRequest } from "../helpers/admin-actions";
import { answer, signedInAdmin } from "../helpers/admin-session";
import { book, newRun } from "../helpers/delivery";
import { registrationStatus } from "../helpers/submission-rows";

let admin: Awaited<ReturnType<typeof signedInAdmin>>;

/** A two-day run of `mode` with four participants; returns it and their registration ids by first name. */
async function runOf(mode: "virtual" | "hybrid") {
  const run = await newRun({ inDays: 3, days: 2, venue: mode === "virtual" ? "Online" : "Nairobi, Kenya" });
  await db().update(courseRuns).set({ deliveryMode: mode }).where(eq(courseRuns.id, run.id));
  await book(run.id, [
    { name: "Wanjiru Kamau", email: `wanjiru-${mode}@example.com` },
    { name: "Odhiambo Ouma", email: `odhiambo-${mode}@example.com` },
    { name: "Njeri Wambui", email: `njeri-${mode}@example.com` },
    { name: "Kiptoo Rotich", email: `kiptoo-${mode}@example.com` },
  ]);
  const rows = await db()
    .select({ id: courseRegistrations.id, name: courseRegistrations.name })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.runId, run.id));
  const ids = Object.fromEntries(rows.map((row) => [row.name.split(" ")[0], row.id])) as Record<
    string,
    string
  >;
  return { run, ids };
}

type Run = Awaited<ReturnType<typeof runOf>>["run"];

const url = (run: Run) => `http://localhost/admin/courses/${run.courseId}/runs/${run.id}/attendance`;
const params = (run: Run) => ({ courseId: run.courseId, runId: run.id });

/** Zoom's participants CSV for one 09:00–17:00 session (480 minutes; 75% is 360). */
const zoomCsv = (mode: string) =>
  [
    "Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest,In Waiting Room",
    `Wanjiru Kamau,wanjiru-${mode}@example.com,11/02/2026 08:58:00 AM,11/02/2026 12:00:00 PM,182,No,No`,
    `Wanjiru Kamau,wanjiru-${mode}@example.com,11/02/2026 01:00:00 PM,11/02/2026 05:00:00 PM,240,No,No`,
    `Odhiambo Ouma,odhiambo-${mode}@example.com,11/02/2026 09:00:00 AM,11/02/2026 02:59:00 PM,359,No,No`,
    "Njeri Wambui (Guest),,11/02/2026 09:00:00 AM,11/02/2026 05:00:00 PM,480,Yes,No",
    "Trainer Laptop,trainer@mafunzo.test,11/02/2026 08:30:00 AM,11/02/2026 05:10:00 PM,520,No,No",
  ].join("\n");

function upload(run: Run, day: string, csv: string, who = admin) {
  return answer(() =>
    attendancePage.action(
      who.args(
        multipartRequest(
          url(run),
          who.cookie,
          { intent: "import-report", day },
          { name: "participants.csv", type: "text/csv", bytes: csv },
        ),
        {},
        params(run),
      ) as never,
    ),
  );
}

async function marks(run: Run, day: string) {
  const rows = await db()
    .select({ id: attendanceMarks.registrationId, present: attendanceMarks.present })
    .from(attendanceMarks)
    .where(and(eq(attendanceMarks.runId, run.id), eq(attendanceMarks.day, day)));
  return Object.fromEntries(rows.map((row) => [row.id, row.present]));
}

const afterDay = (day: string) => setClock(new Date(`${day}T17:05:00+03:00`));

beforeAll(async () => {
  admin = await signedInAdmin();
});
afterEach(() => setClock(null));

test("a virtual session's report: rejoins summed, the threshold decides, names wait for a person, 'import' in the audit", async () => {
  const { run, ids } = await runOf("virtual");
  const day = run.startDate;
  setClock(new Date(`${day}T16:00:00+03:00`));
  const early = await upload(run, day, zoomCsv("virtual"));
  expect(early.status).toBe(409);
  expect(await marks(run, day)).toEqual({});

  afterDay(day);
  const imported = await upload(run, day, zoomCsv("virtual"));
  expect(imported.status).toBe(200);
  expect(imported.data).toMatchObject({
    ok: true,
    toConfirm: [{ id: ids.Njeri, reportName: "Njeri Wambui (Guest)", minutes: 480, present: true }],
    unknown: [{ name: "Trainer Laptop", minutes: 520 }],
  });
  // Njeri joined as a guest without her e-mail: she waits for a person to confirm, unmarked
  expect(await marks(run, day)).toEqual({
    [ids.Wanjiru as string]: true, // 182 + 240 = 422 minutes
    [ids.Odhiambo as string]: false, // 359 < 360
    [ids.Kiptoo as string]: false, // not in the report
  });
  const [audit] = await db()
    .select({ action: adminAuditLogs.action, newValues: adminAuditLogs.newValues })
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.recordId, ids.Wanjiru as string))
    .orderBy(desc(adminAuditLogs.createdAt))
    .limit(1);
  expect(audit).toMatchObject({
    action: "Imported attendance",
    newValues: { day, present: true, source: "import", minutes: 422 },
  });
});

test("a name match is marked once a person confirms it; a bad file or a stranger changes nothing", async () => {
  const { run, ids } = await runOf("virtual");
  const day = run.startDate;
  afterDay(day);
  await upload(run, day, zoomCsv("virtual"));
  const confirm = (who = admin) =>
    answer(() =>
      attendancePage.action(
        who.args(
          url(run),
          {
            form: {
              intent: "confirm-report-match",
              id: ids.Njeri as string,
              day,
              present: "true",
              minutes: "480",
            },
          },
          params(run),
        ) as never,
      ),
    );
  const finance = await signedInAdmin({ roles: ["finance"] });
  expect((await confirm(finance)).status).toBe(403);
  expect((await upload(run, day, zoomCsv("virtual"), finance)).status).toBe(403);
  expect((await marks(run, day))[ids.Njeri as string]).toBeUndefined();
  const confirmed = await confirm();
  expect(confirmed.status).toBe(200);
  expect((await marks(run, day))[ids.Njeri as string]).toBe(true);

  const before = await marks(run, day);
  const bad = await upload(run, day, "Date,Amount\n2026-11-02,100");
  expect(bad.status).toBe(400);
  expect(bad.data).toMatchObject({ message: expect.stringContaining("header row with a name column") });
  expect(await marks(run, day)).toEqual(before);
});

test("hybrid: the room's register and the meeting's report merge, present in either", async () => {
  const { run, ids } = await runOf("hybrid");
  const day = run.startDate;
  afterDay(day);
  // Odhiambo was in the room in the morning, then followed online; Kiptoo only in the room
  for (const id of [ids.Odhiambo, ids.Kiptoo]) {
    const tapped = await answer(() =>
      attendancePage.action(
        admin.args(url(run), { form: { id: id as string, day, present: "true" } }, params(run)) as never,
      ),
    );
    expect(tapped.status).toBe(200);
  }
  expect((await upload(run, day, zoomCsv("hybrid"))).status).toBe(200);
  expect(await marks(run, day)).toEqual({
    [ids.Wanjiru as string]: true,
    [ids.Odhiambo as string]: true, // under the threshold online, present in the room
    [ids.Kiptoo as string]: true, // not in the meeting, present in the room
  });
});

test("the threshold is a setting: at 70% a 359-minute session counts", async () => {
  const { run, ids } = await runOf("virtual");
  const day = run.startDate;
  afterDay(day);
  await setSettingValue(db(), "meeting_attendance_threshold", 70, null);
  try {
    await upload(run, day, zoomCsv("virtual"));
    expect((await marks(run, day))[ids.Odhiambo as string]).toBe(true);
  } finally {
    await setSettingValue(db(), "meeting_attendance_threshold", 75, null);
  }
  // both days present make Wanjiru attended (the certificate threshold counts the register's days)
  afterDay(run.endDate);
  await upload(run, run.endDate, zoomCsv("virtual"));
  expect(await registrationStatus(ids.Wanjiru as string)).toBe("attended");
});
