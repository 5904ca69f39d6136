import { and, asc, count, eq, gte, lte } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { seatsForRuns } from "#app/booking/index.server";
import { courseRegistrations } from "#app/booking/tables.server";
import { createCourseRun } from "#app/bookings/index.server";
import { courseInterests } from "#app/bookings/tables.server";
import { openDatabase } from "#app/database.server";
import type { AuditActor } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import * as registerRoute from "#app/routes/bookings/public/register";
import * as courseRoute from "#app/routes/site/public/courses.course";
import type { CourseRunInput, FormResult } from "#app/site/index.server";
import { seedDatabase } from "#app/site/index.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { setClock } from "#app/utils/clock";
import { addDays, today } from "#app/utils/dates";
import { nextRun } from "#app/utils/runs";
import { callAction, contextFor, formRequest, oldFormKey } from "../helpers/form-post";

const actor: AuditActor = { id: null, email: "admin@mafunzo.test", ip: "127.0.0.1", userAgent: "vitest" };

afterEach(() => setClock(null));

async function newCourse(slug: string) {
  const [course] = await db()
    .insert(courses)
    .values({ slug, title: `Course ${slug}`, category: "management", cost: "50000", durationDays: 3 })
    .returning({ id: courses.id });
  return course?.id as string;
}

function runInput(startDate: string, extra: Partial<CourseRunInput> = {}): CourseRunInput {
  return {
    startDate,
    endDate: addDays(startDate, 2),
    label: null,
    venue: "Kigali, Rwanda",
    country: "Rwanda",
    deliveryMode: "physical",
    capacity: 25,
    costOverride: null,
    status: "open",
    ...extra,
  } as CourseRunInput;
}

async function signUp(slug: string, fields: Record<string, string>, ip?: string) {
  const result = (await courseRoute.action({
    request: formRequest(`/courses/${slug}`, { formKey: oldFormKey(), website: "", ...fields }),
    context: contextFor(ip),
    params: { slug },
  } as never)) as { data: FormResult; init: { status?: number } | null };
  return { body: result.data, status: result.init?.status ?? 200 };
}

const interestsOf = (courseId: string) =>
  db().select().from(courseInterests).where(eq(courseInterests.courseId, courseId));

const noticesFor = (runId: string) =>
  db()
    .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "new_run_notice"), eq(emailOutbox.relatedId, runId)));

describe("Notify me of new dates", () => {
  test("bad input gets a specific message and stores nothing", async () => {
    const courseId = await newCourse("interest-validation");
    const missing = await signUp("interest-validation", { name: "", email: "" });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      form: "interest",
      ok: false,
      message: "Please fill in all required fields",
    });
    const badEmail = await signUp("interest-validation", { name: "Achieng Otieno", email: "not-an-email" });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.fieldErrors?.email).toBe("Please enter a valid email address.");
    const bot = await signUp("interest-validation", { name: "Bot", email: "bot@example.com", website: "x" });
    expect(bot.status).toBe(400);
    const unknown = await signUp("no-such-course", { name: "Achieng Otieno", email: "a@example.com" });
    expect(unknown.status).toBe(404);
    // a slug no course could have (a NUL cannot even reach PostgreSQL) is the same 404, not a 500
    const impossible = await signUp("bad\u0000slug", { name: "Achieng Otieno", email: "a@example.com" });
    expect(impossible.status).toBe(404);
    expect(await interestsOf(courseId)).toHaveLength(0);
  });

  test("an undeclared field is refused before anything is read", async () => {
    await newCourse("interest-undeclared");
    await expect(
      signUp("interest-undeclared", { name: "Achieng", email: "a@example.com", courseId: "x" }),
    ).rejects.toBeInstanceOf(Response);
  });

  test("a second sign-up with the same e-mail (any case) answers the same and keeps one row", async () => {
    const courseId = await newCourse("interest-duplicate");
    const first = await signUp("interest-duplicate", {
      name: "Achieng Otieno",
      email: "achieng@example.com",
    });
    const second = await signUp("interest-duplicate", { name: "Achieng O.", email: "ACHIENG@example.com" });
    expect(first).toMatchObject({ status: 200, body: { ok: true, title: "You're on the list!" } });
    expect(second.body).toMatchObject({ ok: true, message: first.body.message });
    const rows = await interestsOf(courseId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe("Achieng Otieno");
  });

  test("each person is e-mailed once per new upcoming run, in the run's transaction; history runs announce nothing", async () => {
    const courseId = await newCourse("interest-notify");
    await signUp("interest-notify", { name: "Achieng Otieno", email: "achieng@example.com" });
    await signUp("interest-notify", { name: "Baraka Mwangi", email: "baraka@example.com" });

    const run = await createCourseRun(actor, courseId, runInput(addDays(today(), 30)));
    const notices = await noticesFor(run.id);
    expect(notices.map((n) => n.to).sort()).toEqual(["achieng@example.com", "baraka@example.com"]);
    expect(notices[0]?.subject).toBe("New dates: Course interest-notify");
    expect(notices[0]?.text).toContain("/courses/interest-notify");

    const second = await createCourseRun(actor, courseId, runInput(addDays(today(), 90)));
    expect(await noticesFor(second.id)).toHaveLength(2);
    // the first run's notices were not sent again
    expect(await noticesFor(run.id)).toHaveLength(2);

    const history = await createCourseRun(actor, courseId, runInput(addDays(today(), -30)));
    const cancelled = await createCourseRun(
      actor,
      courseId,
      runInput(addDays(today(), 60), { status: "cancelled" }),
    );
    expect(await noticesFor(history.id)).toHaveLength(0);
    expect(await noticesFor(cancelled.id)).toHaveLength(0);
  });

  test("a run whose insert fails queues no e-mail", async () => {
    const courseId = await newCourse("interest-rollback");
    await signUp("interest-rollback", { name: "Achieng Otieno", email: "achieng@example.com" });
    const before = await db().$count(emailOutbox, eq(emailOutbox.kind, "new_run_notice"));
    // capacity 0 breaks the capacity check constraint: the run and its e-mails roll back together
    await expect(
      createCourseRun(actor, courseId, runInput(addDays(today(), 10), { capacity: 0 })),
    ).rejects.toThrow();
    expect(await db().$count(emailOutbox, eq(emailOutbox.kind, "new_run_notice"))).toBe(before);
  });
});

describe("past runs", () => {
  test("a run is offered through its start day in Nairobi and past from the next Nairobi midnight", async () => {
    const courseId = await newCourse("midnight-course");
    const run = await createCourseRun(actor, courseId, runInput("2031-03-10"));
    const load = async () => {
      const { course } = await courseRoute.loader({ params: { slug: "midnight-course" } } as never);
      return course;
    };
    // 23:59:59 on 10 March in Nairobi (UTC+3) is 20:59:59 UTC
    setClock("2031-03-10T20:59:59Z");
    let course = await load();
    expect(course.runs.find((r) => r.id === run.id)?.past).toBe(false);
    expect(nextRun(course.runs)?.id).toBe(run.id);
    // one second later it is 11 March in Nairobi, though still 10 March in UTC
    setClock("2031-03-10T21:00:00Z");
    course = await load();
    expect(course.runs.find((r) => r.id === run.id)?.past).toBe(true);
    expect(nextRun(course.runs)).toBeNull();
  });
});

describe("seats", () => {
  test("seats taken count live registrations only, for many runs in one call", async () => {
    const courseId = await newCourse("seats-course");
    const small = await createCourseRun(actor, courseId, runInput(addDays(today(), 20), { capacity: 3 }));
    const open = await createCourseRun(actor, courseId, runInput(addDays(today(), 40), { capacity: null }));
    const base = { email: "p@example.com", courseName: "Seats", runId: small.id, courseId };
    await db()
      .insert(courseRegistrations)
      .values([
        { ...base, reference: "MF-SEATS001", name: "A", status: "new" },
        { ...base, reference: "MF-SEATS002", name: "B", status: "paid" },
        { ...base, reference: "MF-SEATS003", name: "C", status: "cancelled" },
        { ...base, reference: "MF-SEATS004", name: "D", status: "confirmed", deletedAt: new Date() },
        { ...base, reference: "MF-SEATS005", name: "E", status: "attended", runId: open.id },
      ]);
    const seats = await seatsForRuns([small.id, open.id, small.id]);
    expect(seats.get(small.id)).toEqual({ capacity: 3, taken: 2, left: 1 });
    expect(seats.get(open.id)).toEqual({ capacity: null, taken: 1, left: null });
    const { course } = await courseRoute.loader({ params: { slug: "seats-course" } } as never);
    expect(course.runs.find((r) => r.id === small.id)?.seatsLeft).toBe(1);
  });
});

describe("registration confirmation", () => {
  test("carries the run's .ics when the registration has a run", async () => {
    const courseId = await newCourse("ics-course");
    const run = await createCourseRun(actor, courseId, runInput(addDays(today(), 15)));
    const answer = await callAction<FormResult>(registerRoute.action, "/register", {
      name: "Wanjiku Kamau",
      email: "wanjiku@example.com",
      course: "ics-course",
      run: run.id,
      formKey: oldFormKey(),
    });
    expect(answer.body.ok).toBe(true);
    const [mail] = await db()
      .select({ attachments: emailOutbox.attachments })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.kind, "registration_confirmation"),
          eq(emailOutbox.toAddress, "wanjiku@example.com"),
        ),
      );
    expect(mail?.attachments).toHaveLength(1);
    expect(mail?.attachments?.[0]).toMatchObject({ contentType: "text/calendar; charset=utf-8" });
    const ics = mail?.attachments?.[0];
    // one event per session, each with its own UID (DESIGN §9)
    expect(ics && "content" in ics ? ics.content : "").toContain(`UID:course-run-${run.id}-`);
  });
});

describe("first-run seed", () => {
  test("keeps the printed runs as history and adds upcoming runs relative to the clock", async () => {
    setClock("2033-05-10T12:00:00Z");
    const handle = await openDatabase({ dataDir: "", inMemory: true, seed: false });
    try {
      await seedDatabase(handle.db);
      const seeded = handle.db;
      const history = await seeded
        .select({ n: count() })
        .from(courseRuns)
        .where(lte(courseRuns.startDate, "2025-12-31"));
      expect(history[0]?.n).toBeGreaterThan(30);
      const active = await seeded
        .select({ id: courses.id })
        .from(courses)
        .where(eq(courses.status, "active"));
      const upcoming = await seeded
        .select({
          courseId: courseRuns.courseId,
          startDate: courseRuns.startDate,
          capacity: courseRuns.capacity,
        })
        .from(courseRuns)
        .where(gte(courseRuns.startDate, "2033-05-10"))
        .orderBy(asc(courseRuns.startDate));
      for (const course of active) {
        const mine = upcoming.filter((r) => r.courseId === course.id);
        expect(mine.length).toBeGreaterThanOrEqual(1);
        expect(mine.length).toBeLessThanOrEqual(2);
      }
      for (const run of upcoming) {
        expect((run.startDate as string) <= "2034-05-10").toBe(true);
        expect(run.capacity).toBeGreaterThanOrEqual(20);
      }
    } finally {
      await handle.close();
    }
  });
});
