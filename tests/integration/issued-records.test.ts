import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { deleteRegistration, purgeExpiredRegistrations } from "#app/back-office/testing.server";
import { listRegistrationCourses, listUpcomingRuns } from "#app/booking/index.server";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { certificates } from "#app/delivery/tables.server";
import { financeDocuments } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs, emailOutbox } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as courseRun from "#app/routes/bookings/course-run";
import * as verifyPage from "#app/routes/delivery/public/verify";
import * as attendancePage from "#app/routes/delivery/run-attendance";
import * as certificatesPage from "#app/routes/delivery/run-certificates";
import * as courseEdit from "#app/routes/site/course-edit";
import * as courseList from "#app/routes/site/courses";
import { listActiveCourseSlugs } from "#app/site/index.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { getActiveCourseBySlugWithoutSeats } from "#app/site/testing.server";
import { setClock } from "#app/utils/clock";
import { addDays } from "#app/utils/dates";
import { useTempDiskStorage } from "../helpers/admin-actions";
import { answer, routeArgs, signedInAdmin } from "../helpers/admin-session";
import { afterRun, book, clearOutbox, newRun, SLUG } from "../helpers/delivery";

// Finding 6 of issue 30: deleting a course date destroyed its registrations, attendance and issued
// certificates (a genuine certificate then answered "unknown"). Nothing issued, nor what it stands on, is ever
// deleted: a booked date is cancelled, a booked course archived, and the database refuses the rest.

let store: ReturnType<typeof useTempDiskStorage>;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let run: Awaited<ReturnType<typeof newRun>>;
let code = "";
const ids: Record<string, string> = {};

const runPath = () => `/admin/courses/${run.courseId}/runs/${run.id}`;
const runParams = () => ({ courseId: run.courseId, runId: run.id });
const coursePath = () => `/admin/courses/${run.courseId}`;

const onRun = (form: Record<string, string>) =>
  answer(() => courseRun.action(admin.args(runPath(), { form }, runParams()) as never));
const onCourse = (form: Record<string, string>) =>
  answer(() => courseEdit.action(admin.args(coursePath(), { form }, { courseId: run.courseId }) as never));
const onCourseList = (form: Record<string, string>) =>
  answer(() => courseList.action(admin.args("/admin/courses", { form }) as never));

async function verify(certificateCode: string) {
  return answer(() =>
    verifyPage.loader(
      routeArgs(`/verify/${certificateCode}`, { ip: "198.51.100.60" }, { code: certificateCode }) as never,
    ),
  );
}

const runRow = async () => (await db().select().from(courseRuns).where(eq(courseRuns.id, run.id)))[0];
const outboxOf = (kind: string) =>
  db()
    .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.status, "pending")));

beforeAll(async () => {
  store = useTempDiskStorage();
  admin = await signedInAdmin();
  // a complete finance profile, so the proforma and its credit note are issued whatever else is required
  await setSettingValue(db(), "finance_legal_name", "Mafunzo Training & Consultancy Ltd", null);
  await setSettingValue(db(), "finance_kra_pin", "P051234567X", null);
  run = await newRun({ inDays: 3, days: 1 });
  await db().update(courseRuns).set({ costOverride: "45000.00" }).where(eq(courseRuns.id, run.id));
  await book(run.id, [
    { name: "Wanjiku Attended", email: "wanjiku@example.com" },
    { name: "Otieno Booked", email: "otieno@example.com" },
  ]);
  const rows = await db()
    .select({ id: courseRegistrations.id, email: courseRegistrations.email })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.runId, run.id));
  for (const row of rows) ids[row.email.split("@")[0] as string] = row.id;
  for (const person of ["wanjiku", "otieno"]) {
    expect((await onRun({ intent: "confirm", id: ids[person] as string })).status).toBe(200);
  }
  // the course is held (the register is kept and certificates issued after it, decision 0681); then back to now,
  // when it is still ahead
  afterRun(run);
  const marked = await answer(() =>
    attendancePage.action(
      admin.args(
        `${runPath()}/attendance`,
        { form: { id: ids.wanjiku as string, day: run.startDate, present: "true" } },
        runParams(),
      ) as never,
    ),
  );
  expect(marked.status).toBe(200);
  const issued = await answer(() =>
    certificatesPage.action(
      admin.args(`${runPath()}/certificates`, { form: { intent: "issue" } }, runParams()) as never,
    ),
  );
  expect(issued.status).toBe(200);
  setClock(null);
  const [cert] = await db().select().from(certificates).where(eq(certificates.runId, run.id));
  code = cert?.code as string;
  expect((await verify(code)).data).toMatchObject({ result: { state: "genuine" } });
});
afterAll(() => store.remove());

describe("a course date with bookings and issued documents", () => {
  test("is not deleted: the answer is 409 with the reason, the page says it first, the certificate verifies", async () => {
    const reason = "This course date has 1 booking and issued invoices and certificates: cancel it instead.";
    const refused = await onCourse({ intent: "delete-run", runId: run.id });
    expect(refused).toMatchObject({ status: 409, data: { error: reason } });
    expect(await runRow()).toBeTruthy();
    expect(await db().$count(courseRegistrations, eq(courseRegistrations.runId, run.id))).toBe(2);
    expect((await verify(code)).data).toMatchObject({ result: { state: "genuine" } });

    const page = await answer(() =>
      courseEdit.loader(admin.args(coursePath(), {}, { courseId: run.courseId }) as never),
    );
    const shown = (page.data as unknown as { runs: { id: string; keptBecause: string | null }[] }).runs;
    expect(shown.find((r) => r.id === run.id)?.keptBecause).toBe(reason);
    const roster = await answer(() => courseRun.loader(admin.args(runPath(), {}, runParams()) as never));
    expect((roster.data as unknown as { keptBecause: string }).keptBecause).toBe(reason);

    // nor is its course, from either screen
    const courseReason =
      "This course has 1 booking and issued invoices and certificates: archive it instead.";
    expect(await onCourse({ intent: "delete-course" })).toMatchObject({
      status: 409,
      data: { error: courseReason },
    });
    expect(await onCourseList({ intent: "delete", id: run.courseId })).toMatchObject({
      status: 409,
      data: { error: courseReason },
    });
    expect(await db().$count(courses, eq(courses.id, run.courseId))).toBe(1);
  });

  test("the database refuses a raw delete of the run, the course, the registration, the booking or the certificate", async () => {
    const [cert] = await db()
      .select({ id: certificates.id })
      .from(certificates)
      .where(eq(certificates.code, code));
    const [registration] = await db()
      .select({ bookingId: courseRegistrations.bookingId })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.id, ids.wanjiku as string));
    const attempts = [
      sql`delete from course_runs where id = ${run.id}`,
      sql`delete from courses where id = ${run.courseId}`,
      sql`delete from course_registrations where id = ${ids.wanjiku}`,
      sql`delete from bookings where id = ${registration?.bookingId}`,
      sql`delete from certificates where id = ${cert?.id}`,
    ];
    for (const attempt of attempts) await expect(db().execute(attempt)).rejects.toThrow();
    expect(await runRow()).toBeTruthy();
    expect(await db().$count(certificates, eq(certificates.runId, run.id))).toBe(1);
    expect((await verify(code)).data).toMatchObject({ result: { state: "genuine" } });
  });

  test("its status cannot be set to cancelled in the run form: that would leave its participants booked", async () => {
    const refused = await onCourse({
      intent: "update-run",
      formId: `run-${run.id}`,
      runId: run.id,
      startDate: run.startDate,
      endDate: run.startDate,
      venue: "Naivasha, Kenya",
      deliveryMode: "physical",
      status: "cancelled",
    });
    expect(refused.status).toBe(409);
    expect(refused.data?.error).toMatch(/use "Cancel this course date" on its page/);
    expect((await runRow())?.status).toBe("open");
  });

  test("once it has begun it is neither deleted nor cancelled: it took place, and its records stay as issued", async () => {
    setClock(`${addDays(run.startDate, 2)}T09:00:00+03:00`);
    try {
      const refused = await onRun({ intent: "cancel-run" });
      expect(refused.status).toBe(409);
      expect(JSON.stringify(refused.data)).toContain("a date that took place is kept as it is");
      expect((await runRow())?.status).toBe("open");
      expect(await onCourse({ intent: "delete-run", runId: run.id })).toMatchObject({
        status: 409,
        data: {
          error:
            "This course date has 1 booking and issued invoices and certificates: it took place, so it stays on record as it is.",
        },
      });
      const page = await answer(() => courseRun.loader(admin.args(runPath(), {}, runParams()) as never));
      expect(page.data).toMatchObject({ standing: "held" });
    } finally {
      setClock(null);
    }
  });

  test("is cancelled: everyone cancelled and told, the open proforma credited, all audited, the certificate kept", async () => {
    await clearOutbox();
    const cancelled = await onRun({ intent: "cancel-run" });
    expect(cancelled).toMatchObject({
      status: 200,
      data: {
        ok: true,
        message:
          "Course date cancelled: 2 participants cancelled, 3 people told by e-mail; 1 credit note issued.",
      },
    });
    expect((await runRow())?.status).toBe("cancelled");
    const people = await db()
      .select({ status: courseRegistrations.status, bookingId: courseRegistrations.bookingId })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.runId, run.id));
    expect(people.map((p) => p.status)).toEqual(["cancelled", "cancelled"]);
    const bookingId = people[0]?.bookingId as string;
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking?.status).toBe("cancelled");
    const documents = await db()
      .select()
      .from(financeDocuments)
      .where(eq(financeDocuments.bookingId, bookingId))
      .orderBy(financeDocuments.createdAt);
    expect(documents.map((d) => d.kind)).toEqual(["proforma", "credit_note"]);
    expect(documents[1]?.relatesToId).toBe(documents[0]?.id);
    expect(documents[1]?.totalCents).toBe(documents[0]?.totalCents);

    const told = await outboxOf("run_cancelled");
    expect(told.map((m) => m.to).sort()).toEqual(
      [booking?.contactEmail as string, "otieno@example.com", "wanjiku@example.com"].sort(),
    );
    expect(told[0]?.subject).toMatch(/^Cancelled: Strategic Planning/);
    expect(told.find((m) => m.to === "wanjiku@example.com")?.text).toContain(booking?.reference as string);
    expect((await outboxOf("finance_credit_note")).map((m) => m.to)).toEqual([booking?.contactEmail]);

    const [audit] = await db()
      .select()
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.recordId, run.id))
      .orderBy(desc(adminAuditLogs.createdAt))
      .limit(1);
    expect(audit).toMatchObject({
      action: "Updated course run: cancelled",
      actorEmail: admin.user.email,
      oldValues: { status: "open" },
      newValues: { status: "cancelled", participants_cancelled: 2, credit_notes: [documents[1]?.number] },
    });
    expect(
      await db().$count(
        adminAuditLogs,
        and(
          eq(adminAuditLogs.action, "Updated registration status: cancelled"),
          eq(adminAuditLogs.recordId, ids.otieno as string),
        ),
      ),
    ).toBe(1);

    // the certificate is the one issued, still genuine; the date stays on record, and says so
    expect((await verify(code)).data).toMatchObject({
      result: { state: "genuine", recipientName: "Wanjiku Attended" },
    });
    expect(await onRun({ intent: "cancel-run" })).toMatchObject({
      status: 200,
      data: { message: "This course date was already cancelled." },
    });
    expect(await outboxOf("run_cancelled")).toHaveLength(3);
    expect(await onCourse({ intent: "delete-run", runId: run.id })).toMatchObject({
      status: 409,
      data: {
        error:
          "This course date has 1 booking and issued invoices and certificates: it stays on record as cancelled.",
      },
    });
  });
});

test("a course date nobody booked is still deleted", async () => {
  const created = await onCourse({
    intent: "create-run",
    startDate: "2031-03-03",
    endDate: "2031-03-05",
    venue: "Kisumu, Kenya",
    deliveryMode: "physical",
    status: "open",
  });
  expect(created.status).toBe(302);
  const [empty] = await db()
    .select({ id: courseRuns.id })
    .from(courseRuns)
    .where(and(eq(courseRuns.courseId, run.courseId), eq(courseRuns.startDate, "2031-03-03")));
  // cancelled first or not, a date nobody booked can go
  const emptyPath = `${coursePath()}/runs/${empty?.id}`;
  const cancelled = await answer(() =>
    courseRun.action(
      admin.args(
        emptyPath,
        { form: { intent: "cancel-run" } },
        { courseId: run.courseId, runId: empty?.id as string },
      ) as never,
    ),
  );
  expect(cancelled.data).toMatchObject({
    ok: true,
    message: expect.stringMatching(/^Course date cancelled: 0 participants/),
  });
  const removed = await onCourse({ intent: "delete-run", runId: empty?.id as string });
  expect(removed).toMatchObject({ status: 302, location: coursePath() });
  expect(await db().$count(courseRuns, eq(courseRuns.id, empty?.id as string))).toBe(0);
});

test("a course with history is archived (off the site, the form, the sitemap and the calendar), then restored", async () => {
  const listed = async () => {
    const list = await answer(() => courseList.loader(admin.args("/admin/courses") as never));
    const rows = (
      list.data as unknown as { courses: { id: string; archivedAt: Date | null; hasHistory: boolean }[] }
    ).courses;
    return rows.find((c) => c.id === run.courseId);
  };
  const visible = async () => ({
    page: Boolean(await getActiveCourseBySlugWithoutSeats(SLUG)),
    sitemap: (await listActiveCourseSlugs()).some((c) => c.slug === SLUG),
    form: (await listRegistrationCourses()).some((c) => c.slug === SLUG),
    calendar: (await listUpcomingRuns()).some((r) => r.slug === SLUG),
  });
  const everywhere = { page: true, sitemap: true, form: true, calendar: true };
  expect(await visible()).toEqual(everywhere);
  expect(await listed()).toMatchObject({ archivedAt: null, hasHistory: true });

  expect(await onCourseList({ intent: "archive", id: run.courseId })).toMatchObject({
    status: 302,
    location: "/admin/courses",
  });
  expect(await visible()).toEqual({ page: false, sitemap: false, form: false, calendar: false });
  expect(await listed()).toMatchObject({ archivedAt: expect.any(Date), hasHistory: true });
  const [archived] = await db().select().from(courses).where(eq(courses.id, run.courseId));
  expect(archived?.status).toBe("inactive");
  // nothing makes an archived course public but restoring it: not the form, not a raw update
  const activate = await onCourse({
    intent: "save-course",
    title: archived?.title as string,
    category: archived?.category as string,
    status: "active",
  });
  expect(activate.status).toBe(409);
  expect(JSON.stringify(activate.data)).toContain(
    "This course is archived: restore it to make it active again.",
  );
  await expect(
    db().execute(sql`update courses set status = 'active' where id = ${run.courseId}`),
  ).rejects.toThrow();
  expect(await onCourse({ intent: "delete-course" })).toMatchObject({
    status: 409,
    data: {
      error:
        "This course has 1 booking and issued invoices and certificates: it stays on record as archived.",
    },
  });

  expect(await onCourse({ intent: "restore" })).toMatchObject({ status: 302, location: coursePath() });
  expect(await visible()).toEqual(everywhere);
  expect(await listed()).toMatchObject({ archivedAt: null });
  const actions = await db()
    .select({ action: adminAuditLogs.action })
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.recordId, run.courseId))
    .orderBy(adminAuditLogs.createdAt);
  expect(actions.map((a) => a.action)).toEqual(["Updated course: archived", "Updated course: restored"]);
});

test("the purge of deleted registrations keeps every one an issued record stands on", async () => {
  const other = await newRun({ inDays: 40 });
  await book(other.id, [{ name: "Plain Deletion", email: "plain@example.com" }]);
  const [plain] = await db()
    .select({ id: courseRegistrations.id })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.runId, other.id));
  for (const id of [ids.wanjiku, ids.otieno, plain?.id]) {
    expect(await deleteRegistration(id as string, admin.actor)).toBe(true);
  }
  await db()
    .update(courseRegistrations)
    .set({ deletedAt: sql`now() - interval '40 days'` })
    .where(sql`${courseRegistrations.deletedAt} is not null`);
  // Wanjiku has a certificate and attendance, Otieno a credited invoice on his booking: both stay
  expect(await purgeExpiredRegistrations(admin.actor)).toBe(1);
  const left = await db()
    .select({ id: courseRegistrations.id })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.runId, run.id));
  expect(left.map((r) => r.id).sort()).toEqual([ids.wanjiku, ids.otieno].sort());
  expect(await db().$count(courseRegistrations, eq(courseRegistrations.id, plain?.id as string))).toBe(0);
  expect((await verify(code)).data).toMatchObject({ result: { state: "genuine" } });
});
