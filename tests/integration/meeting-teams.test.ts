import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, expect, test } from "vitest";
import { courseRegistrations } from "#app/booking/tables.server";
import { saveMeetingAccount } from "#app/delivery/index.server";
import { attendanceMarks } from "#app/delivery/tables.server";
import { db } from "#app/platform/db/client.server";
import * as attendancePage from "#app/routes/delivery/run-attendance";
import { courseRuns, runSessions } from "#app/site/tables.server";
import { setClock } from "#app/utils/clock";
import { answer, signedInAdmin } from "../helpers/admin-session";
import { book, newRun } from "../helpers/delivery";
import { GRAPH_KEYS, startGraphStandIn } from "../helpers/ms-graph";
import { standInForFile } from "../helpers/stand-in-env";

const graph = standInForFile(startGraphStandIn, (standIn) => ({
  MS_GRAPH_URL: standIn.url,
  MEETING_API_TIMEOUT_SECONDS: "1",
}));

let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let run: Awaited<ReturnType<typeof newRun>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  admin = await signedInAdmin();
  run = await newRun({ inDays: 3, days: 1, venue: "Online" });
  await db().update(courseRuns).set({ deliveryMode: "virtual" }).where(eq(courseRuns.id, run.id));
  await book(run.id, [
    { name: "Faith Chepkoech", email: "faith.teams@example.com" },
    { name: "Galgalo Boru", email: "galgalo.teams@example.com" },
  ]);
  const rows = await db()
    .select({ id: courseRegistrations.id, email: courseRegistrations.email })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.runId, run.id));
  for (const row of rows) ids[row.email.split(".")[0] as string] = row.id;
  await saveMeetingAccount(admin.actor, { provider: "teams", ...GRAPH_KEYS });
});
afterEach(() => setClock(null));

const post = (form: Record<string, string>) =>
  answer(() =>
    attendancePage.action(
      admin.args(
        `/admin/courses/${run.courseId}/runs/${run.id}/attendance`,
        { form },
        {
          courseId: run.courseId,
          runId: run.id,
        },
      ) as never,
    ),
  );

test("a Teams meeting made through Graph, its attendance report imported after the session", async () => {
  const day = run.startDate;
  graph().fail({ kind: "429", retryAfter: 30 });
  expect((await post({ intent: "create-meeting", day, provider: "teams" })).data?.message).toBe(
    "Microsoft Teams is limiting requests: try again in 1 minute(s).",
  );
  graph().fail({ kind: "503" });
  expect((await post({ intent: "create-meeting", day, provider: "teams" })).status).toBe(502);
  expect(graph().meetings).toEqual([]);

  expect(await post({ intent: "create-meeting", day, provider: "teams" })).toMatchObject({ status: 200 });
  const made = graph().meetings[0];
  expect(made).toMatchObject({ startDateTime: `${day}T06:00:00.000Z`, endDateTime: `${day}T14:00:00.000Z` });
  const [session] = await db()
    .select({
      link: runSessions.meetingLink,
      id: runSessions.meetingId,
      passcode: runSessions.meetingPasscode,
    })
    .from(runSessions)
    .where(and(eq(runSessions.runId, run.id), eq(runSessions.date, day)));
  expect(session).toEqual({ link: made?.joinWebUrl, id: made?.id, passcode: "Ab3xYz" });

  setClock(new Date(`${day}T17:05:00+03:00`));
  // no report yet: Teams makes it once the meeting ends
  expect((await post({ intent: "fetch-report", day })).data?.message).toBe(
    "Microsoft Teams has no attendance report for this meeting yet.",
  );
  graph().held(made?.id as string, [
    { email: "faith.teams@example.com", name: "Faith Chepkoech", seconds: 27_000 },
    { email: "galgalo.teams@example.com", name: "Galgalo Boru", seconds: 20_000 },
  ]);
  graph().fail({ kind: "timeout" });
  expect((await post({ intent: "fetch-report", day })).data?.message).toBe(
    "Microsoft Teams did not answer in time: try again in a few minutes.",
  );
  expect(await post({ intent: "fetch-report", day })).toMatchObject({ status: 200 });
  const marks = await db()
    .select({ id: attendanceMarks.registrationId, present: attendanceMarks.present })
    .from(attendanceMarks)
    .where(eq(attendanceMarks.runId, run.id));
  expect(Object.fromEntries(marks.map((m) => [m.id, m.present]))).toEqual({
    [ids.faith as string]: true, // 450 of 480 minutes
    [ids.galgalo as string]: false, // 333 minutes, under 75%
  });

  await saveMeetingAccount(admin.actor, { provider: "teams", ...GRAPH_KEYS, clientSecret: "wrong" });
  expect((await post({ intent: "fetch-report", day })).data?.message).toMatch(/^Microsoft Teams refused/);
});
