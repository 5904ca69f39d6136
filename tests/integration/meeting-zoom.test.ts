import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, expect, test } from "vitest";
import { courseRegistrations } from "#app/booking/tables.server";
import { findDeliveryRun, saveMeetingAccount } from "#app/delivery/index.server";
import { attendanceMarks, meetingAccounts } from "#app/delivery/tables.server";
import { db } from "#app/platform/db/client.server";
import * as settingsRoute from "#app/routes/back-office/settings";
import * as attendancePage from "#app/routes/delivery/run-attendance";
import { courseRuns, runSessions } from "#app/site/tables.server";
import { setClock } from "#app/utils/clock";
import { answer, signedInAdmin } from "../helpers/admin-session";
import { book, newRun } from "../helpers/delivery";
import { standInForFile } from "../helpers/stand-in-env";
import { startZoomStandIn, ZOOM_KEYS } from "../helpers/zoom";

const zoom = standInForFile(startZoomStandIn, (standIn) => ({
  ZOOM_URL: standIn.url,
  MEETING_API_TIMEOUT_SECONDS: "1",
}));

let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let run: Awaited<ReturnType<typeof newRun>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  admin = await signedInAdmin();
  run = await newRun({ inDays: 3, days: 2, venue: "Online" });
  await db().update(courseRuns).set({ deliveryMode: "virtual" }).where(eq(courseRuns.id, run.id));
  await book(run.id, [
    { name: "Amina Hassan", email: "amina.zoom@example.com" },
    { name: "Brian Kiprop", email: "brian.zoom@example.com" },
  ]);
  const rows = await db()
    .select({ id: courseRegistrations.id, email: courseRegistrations.email })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.runId, run.id));
  for (const row of rows) ids[row.email.split(".")[0] as string] = row.id;
});
beforeEach(async () => {
  await saveMeetingAccount(admin.actor, { provider: "zoom", ...ZOOM_KEYS, organizer: "me" });
});
afterEach(() => setClock(null));

const url = () => `/admin/courses/${run.courseId}/runs/${run.id}/attendance`;
const params = () => ({ courseId: run.courseId, runId: run.id });
const post = (form: Record<string, string>, who = admin) =>
  answer(() => attendancePage.action(who.args(url(), { form }, params()) as never));

async function meetingOf(day: string) {
  const [row] = await db()
    .select({
      link: runSessions.meetingLink,
      provider: runSessions.meetingProvider,
      id: runSessions.meetingId,
    })
    .from(runSessions)
    .where(and(eq(runSessions.runId, run.id), eq(runSessions.date, day)));
  return row;
}

test("the secret is sealed, a meeting is created through Zoom's API, and its participants report marks the day", async () => {
  const [stored] = await db().select().from(meetingAccounts).where(eq(meetingAccounts.provider, "zoom"));
  expect(stored?.clientSecretSealed).not.toContain(ZOOM_KEYS.clientSecret);

  const day = run.startDate;
  const created = await post({ intent: "create-meeting", day, provider: "zoom" });
  expect(created).toMatchObject({ status: 200, data: { ok: true } });
  const made = zoom().meetings.at(-1);
  expect(made).toMatchObject({ duration: 480, start_time: `${day}T06:00:00Z` });
  expect(await meetingOf(day)).toEqual({ link: made?.join_url, provider: "zoom", id: String(made?.id) });
  // the loader shows the link to the staff who deliver the run
  setClock(new Date(`${day}T17:05:00+03:00`));
  const page = await answer(() =>
    attendancePage.loader(admin.args(`${url()}?day=${day}`, {}, params()) as never),
  );
  expect(page.data).toMatchObject({
    meeting: { link: made?.join_url },
    connected: { zoom: true, teams: false },
  });

  zoom().held(String(made?.id), [
    {
      name: "Amina Hassan",
      user_email: "amina.zoom@example.com",
      join_time: `${day}T05:59:00Z`,
      leave_time: `${day}T10:00:00Z`,
      duration: 14_460,
    },
    {
      name: "Amina Hassan",
      user_email: "amina.zoom@example.com",
      join_time: `${day}T11:00:00Z`,
      leave_time: `${day}T14:00:00Z`,
      duration: 10_800,
    },
    {
      name: "Brian Kiprop",
      user_email: "brian.zoom@example.com",
      join_time: `${day}T06:00:00Z`,
      leave_time: `${day}T09:00:00Z`,
      duration: 10_800,
    },
  ]);
  const imported = await post({ intent: "fetch-report", day });
  expect(imported).toMatchObject({ status: 200, data: { ok: true } });
  const marks = await db()
    .select({ id: attendanceMarks.registrationId, present: attendanceMarks.present })
    .from(attendanceMarks)
    .where(and(eq(attendanceMarks.runId, run.id), eq(attendanceMarks.day, day)));
  expect(Object.fromEntries(marks.map((m) => [m.id, m.present]))).toEqual({
    [ids.amina as string]: true,
    [ids.brian as string]: false,
  });
});

test("Zoom's documented failures each say what to do and change nothing", async () => {
  const day = run.endDate;
  const before = await meetingOf(day);
  zoom().fail({ kind: "429", retryAfter: 120 });
  expect(await post({ intent: "create-meeting", day, provider: "zoom" })).toMatchObject({
    status: 502,
    data: { message: "Zoom is limiting requests: try again in 2 minute(s)." },
  });
  zoom().fail({ kind: "401" });
  expect((await post({ intent: "create-meeting", day, provider: "zoom" })).data?.message).toMatch(
    /refused the connected account/,
  );
  zoom().fail({ kind: "500" });
  expect((await post({ intent: "create-meeting", day, provider: "zoom" })).data?.message).toBe(
    "Zoom answered HTTP 500: try again in a few minutes.",
  );
  zoom().fail({ kind: "timeout" });
  expect((await post({ intent: "create-meeting", day, provider: "zoom" })).data?.message).toBe(
    "Zoom did not answer in time: try again in a few minutes.",
  );
  expect(await meetingOf(day)).toEqual(before);

  await saveMeetingAccount(admin.actor, {
    provider: "zoom",
    ...ZOOM_KEYS,
    clientSecret: "wrong",
    organizer: "me",
  });
  expect((await post({ intent: "create-meeting", day, provider: "zoom" })).data?.message).toMatch(/refused/);

  // a meeting Zoom no longer has (deleted, or older than its reports keep)
  await saveMeetingAccount(admin.actor, { provider: "zoom", ...ZOOM_KEYS, organizer: "me" });
  expect((await post({ intent: "create-meeting", day, provider: "zoom" })).status).toBe(200);
  setClock(new Date(`${day}T17:05:00+03:00`));
  expect(await post({ intent: "fetch-report", day })).toMatchObject({
    status: 502,
    data: { message: expect.stringMatching(/^Zoom has no such meeting/) },
  });
});

test("a pasted link needs https; only staff who deliver the run may set it", async () => {
  const day = run.endDate;
  expect((await post({ intent: "set-meeting-link", day, link: "javascript:alert(1)" })).status).toBe(400);
  const finance = await signedInAdmin({ roles: ["finance"] });
  expect(
    (await post({ intent: "set-meeting-link", day, link: "https://meet.example.com/abc" }, finance)).status,
  ).toBe(403);
  expect(
    await post({ intent: "set-meeting-link", day, link: "https://meet.example.com/abc", passcode: "4411" }),
  ).toMatchObject({
    status: 200,
  });
  expect(await meetingOf(day)).toMatchObject({
    link: "https://meet.example.com/abc",
    provider: "link",
    id: null,
  });
  const fresh = await findDeliveryRun(run.id);
  expect(fresh?.sessions.find((s) => s.date === day)?.mode).toBe("virtual");
});

test("an owner connects Zoom in Settings; the card never shows the secret; finance staff may not", async () => {
  const owner = await signedInAdmin();
  const form = { intent: "meeting-account", provider: "zoom", ...ZOOM_KEYS, organizer: "" };
  const post = (who: typeof owner) =>
    answer(() => settingsRoute.action(who.args("/admin/settings", { form }) as never));
  const finance = await signedInAdmin({ roles: ["finance"] });
  expect((await post(finance)).status).toBe(403);
  expect(await post(owner)).toMatchObject({
    status: 302,
    location: "/admin/settings?section=site#meeting-accounts",
  });
  const loaded = (await settingsRoute.loader(owner.args("/admin/settings?section=site") as never)) as {
    meetings: unknown;
  };
  expect(loaded.meetings).toMatchObject({
    zoom: { accountId: ZOOM_KEYS.accountId, clientId: ZOOM_KEYS.clientId },
    teams: null,
  });
  expect(JSON.stringify(loaded)).not.toContain(ZOOM_KEYS.clientSecret);
  // a Teams account needs the user who organises its meetings
  const teams = await answer(() =>
    settingsRoute.action(
      owner.args("/admin/settings", { form: { ...form, provider: "teams", organizer: "" } }) as never,
    ),
  );
  expect(teams).toMatchObject({
    status: 400,
    data: { detail: "Enter the user who organises the meetings." },
  });
});
