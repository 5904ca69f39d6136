import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { courseRegistrations } from "#app/booking/tables.server";
import { changeRunSession, createCourseRun } from "#app/bookings/index.server";
import {
  attendanceSummary,
  findDeliveryRun,
  gatherNitaPack,
  issueCertificates,
  markAttendance,
  nitaPackPdf,
} from "#app/delivery/index.server";
import { certificates } from "#app/delivery/tables.server";
import { NITA_DRAFT_MARK } from "#app/delivery/testing.server";
import { db } from "#app/platform/db/client.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { addGazettedHoliday, CourseRunSchema, findCalendarRun, runsCalendar } from "#app/site/index.server";
import { courses, runSessions } from "#app/site/tables.server";
import { setClock } from "#app/utils/clock";
import { useTempDiskStorage } from "../helpers/admin-actions";
import { book, SLUG, writeTimetable } from "../helpers/delivery";
import { ACTOR } from "../helpers/money";
import { extractPdfText, squash } from "../helpers/pdf-text";

// Issue 45, findings 1, 2 and 13: a run is the list of days it is held, never the calendar days between its dates.

let store: ReturnType<typeof useTempDiskStorage>;
let courseId: string;
beforeAll(async () => {
  store = useTempDiskStorage();
  const [course] = await db().select({ id: courses.id }).from(courses).where(eq(courses.slug, SLUG));
  courseId = course?.id as string;
  // the office books these runs in 2027, before they start
  setClock("2027-08-02T10:00:00+03:00");
});
afterAll(() => {
  setClock(null);
  store.remove();
});
afterEach(() => setClock("2027-08-02T10:00:00+03:00"));

async function addRun(
  startDate: string,
  endDate: string,
  venue = "Naivasha, Kenya",
  country = "Kenya",
  price: Record<string, string> = {},
) {
  const input = CourseRunSchema.parse({ startDate, endDate, venue, country, capacity: "30", ...price });
  const { runId: _, ...fields } = input;
  return createCourseRun(ACTOR, courseId, fields);
}

const run = async (id: string) =>
  (await findDeliveryRun(id)) as NonNullable<Awaited<ReturnType<typeof findDeliveryRun>>>;

async function people(runId: string, names: string[], organisation = "Kenya Power") {
  await book(
    runId,
    names.map((name) => ({
      name,
      email: `${name.split(" ")[0]?.toLowerCase()}@example.com`,
      idNumber: "12345678",
    })),
    organisation,
  );
  const rows = await db()
    .select({ id: courseRegistrations.id, name: courseRegistrations.name })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.runId, runId));
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

describe("finding 2: weekends and public holidays are no course days", () => {
  test("a ten-day course from Monday 20 September to Friday 1 October 2027 has ten sessions, and the threshold counts over ten", async () => {
    const made = await addRun("2027-09-20", "2027-10-01");
    const r = await run(made.id);
    expect(r.days).toHaveLength(10);
    expect(r.days).not.toContain("2027-09-25");
    expect(r.days).not.toContain("2027-09-26");
    const ids = await people(made.id, ["Akinyi Weekdays", "Baraka Sick"]);
    setClock("2027-10-01T17:30:00+03:00");
    for (const day of r.days) {
      await markAttendance(ACTOR, r, { id: ids["Akinyi Weekdays"] as string, day, present: true });
      // one sick day: nine of ten, still over 80 %
      await markAttendance(ACTOR, r, {
        id: ids["Baraka Sick"] as string,
        day,
        present: day !== "2027-09-22",
      });
    }
    const summary = await attendanceSummary(r);
    expect(summary.map((p) => [p.name, p.percent])).toEqual([
      ["Akinyi Weekdays", 100],
      ["Baraka Sick", 90],
    ]);
    // a Saturday is not a day of this run
    const saturday = await markAttendance(ACTOR, r, {
      id: ids["Akinyi Weekdays"] as string,
      day: "2027-09-25",
      present: true,
    });
    expect(saturday).toMatchObject({ ok: false, status: 400 });
  });

  test("a run across a weekend and Mashujaa Day: its sessions, the editor's notice, certificate hours, the NITA timetable and the .ics", async () => {
    const made = await addRun("2027-10-18", "2027-10-26");
    expect(made.notice).toContain("Mashujaa Day (20 October 2027)");
    const r = await run(made.id);
    expect(r.days).toEqual([
      "2027-10-18",
      "2027-10-19",
      "2027-10-21",
      "2027-10-22",
      "2027-10-25",
      "2027-10-26",
    ]);
    await writeTimetable(made.id);
    const ids = await people(made.id, ["Chebet Full"], "Kenya Ports Authority");
    setClock("2027-10-26T17:05:00+03:00");
    for (const day of r.days)
      await markAttendance(ACTOR, r, { id: ids["Chebet Full"] as string, day, present: true });
    expect(await issueCertificates(ACTOR, r)).toMatchObject({ ok: true, issued: 1 });
    const [cert] = await db().select().from(certificates).where(eq(certificates.runId, made.id));
    expect(cert?.hours).toBe(6 * 7);
    expect(cert?.attendancePercent).toBe(100);

    await setSettingValue(db(), "nita_provider_number", "NITA/TP/1234", null);
    const gathered = await gatherNitaPack(r, "Kenya Ports Authority");
    const text = squash(
      extractPdfText(Buffer.from(await nitaPackPdf(gathered as NonNullable<typeof gathered>))),
    );
    expect(text).toContain(squash("6 training day(s), 42 training hours"));
    expect(text).toContain(squash("Day 3: 21 October 2027, 09:00-17:00"));
    expect(text).not.toContain(squash("20 October 2027, 09:00"));

    const ics = runsCalendar("Course", [
      (await findCalendarRun(made.id)) as NonNullable<Awaited<ReturnType<typeof findCalendarRun>>>,
    ]);
    const starts = [...ics.matchAll(/DTSTART:(\d{8})T060000Z/g)].map((m) => m[1]);
    expect(starts).toEqual(["20271018", "20271019", "20271021", "20271022", "20271025", "20271026"]);
    await setSettingValue(db(), "nita_provider_number", "", null);
  });

  test("staff add a Saturday on purpose and drop a day; a marked day stays; a gazetted one-off is skipped by the next run", async () => {
    const made = await addRun("2027-11-08", "2027-11-12");
    expect((await run(made.id)).days).toHaveLength(5);
    expect(
      await changeRunSession(ACTOR, courseId, made.id, {
        intent: "add-session",
        date: "2027-11-13",
        startTime: "09:00",
        endTime: "13:00",
      }),
    ).toMatchObject({ ok: true });
    const withSaturday = await run(made.id);
    expect(withSaturday.days).toContain("2027-11-13");
    expect(withSaturday.sessions.at(-1)).toMatchObject({
      date: "2027-11-13",
      startTime: "09:00",
      endTime: "13:00",
    });
    expect(
      await changeRunSession(ACTOR, courseId, made.id, { intent: "remove-session", date: "2027-11-12" }),
    ).toMatchObject({
      ok: true,
    });
    expect((await run(made.id)).days).toHaveLength(5);
    const ids = await people(made.id, ["Dan Marked"]);
    setClock("2027-11-09T09:30:00+03:00");
    await markAttendance(ACTOR, await run(made.id), {
      id: ids["Dan Marked"] as string,
      day: "2027-11-08",
      present: true,
    });
    expect(
      await changeRunSession(ACTOR, courseId, made.id, { intent: "remove-session", date: "2027-11-08" }),
    ).toMatchObject({
      ok: false,
      status: 409,
    });

    const gazetted = await addGazettedHoliday(ACTOR, {
      country: "KE",
      date: "2027-11-10",
      name: "National census day",
    });
    // the run above already holds a session that day: the answer says so, the office decides
    expect(gazetted).toMatchObject({ ok: true });
    expect(gazetted.message).toContain("1 course date has a session that day");
    const next = await addRun("2027-11-08", "2027-11-12", "Nairobi, Kenya");
    expect(next.notice).toContain("National census day");
    expect((await run(next.id)).days).toEqual(["2027-11-08", "2027-11-09", "2027-11-11", "2027-11-12"]);
    // a Ugandan run is not held back by a Kenyan holiday, but by Uganda's own (Martyrs' Day, 3 June)
    // (the Kampala office sells in UGX: the date carries its own price, decision 0790)
    const kampala = await addRun("2027-06-01", "2027-06-04", "Kampala, Uganda", "Uganda", {
      costOverride: "1500000",
    });
    expect((await run(kampala.id)).days).toEqual(["2027-06-01", "2027-06-02", "2027-06-04"]);
  });

  test("the migration's backfill gives an existing run its working days, without its country's holidays", async () => {
    const made = await addRun("2027-12-20", "2027-12-31");
    await db().delete(runSessions).where(eq(runSessions.runId, made.id));
    const file = fs.readdirSync("drizzle").find((name) => name.endsWith("_run-sessions.sql")) as string;
    const migration = fs.readFileSync(`drizzle/${file}`, "utf8");
    const backfill = migration.slice(migration.indexOf("-- Backfill")).split("--> statement-breakpoint");
    for (const statement of backfill) await db().execute(sql.raw(statement));
    const rows = await db()
      .select({ date: runSessions.date })
      .from(runSessions)
      .where(eq(runSessions.runId, made.id))
      .orderBy(runSessions.date);
    // Christmas falls on Saturday 25th; Boxing Day, a Sunday, is kept on Monday 27th (Cap. 110, s. 3)
    expect(rows.map((row) => row.date)).toEqual([
      "2027-12-20",
      "2027-12-21",
      "2027-12-22",
      "2027-12-23",
      "2027-12-24",
      "2027-12-28",
      "2027-12-29",
      "2027-12-30",
      "2027-12-31",
    ]);
    expect(rows.map((row) => row.date)).toEqual((await run(made.id)).days);
  });
});

describe("finding 1: no mark before a day starts, no certificate before the last session", () => {
  test("on the first day the next days cannot be marked, certificates are not due, and the NITA pack counts none", async () => {
    const made = await addRun("2028-01-17", "2028-01-19");
    await writeTimetable(made.id);
    const ids = await people(made.id, ["Esther Early"], "Safaricom");
    setClock("2028-01-17T10:00:00+03:00");
    const r = await run(made.id);
    const id = ids["Esther Early"] as string;
    expect(await markAttendance(ACTOR, r, { id, day: "2028-01-17", present: true })).toMatchObject({
      ok: true,
    });
    for (const day of ["2028-01-18", "2028-01-19"]) {
      const ahead = await markAttendance(ACTOR, r, { id, day, present: true });
      expect(ahead).toMatchObject({ ok: false, status: 409 });
      expect(ahead.ok ? "" : ahead.message).toContain("has not started yet");
    }
    // even with every day marked (as the old code let a trainer do), nothing is issued before the end
    await db().execute(
      sql`insert into attendance_marks (registration_id, run_id, day, present, marked_at)
          values (${id}, ${made.id}, '2028-01-18', true, now()), (${id}, ${made.id}, '2028-01-19', true, now())`,
    );
    const early = await issueCertificates(ACTOR, r);
    expect(early).toMatchObject({ ok: false, status: 409 });
    expect(early.ok ? "" : early.message).toContain("19 January 2028 at 17:00");
    expect(await db().select().from(certificates).where(eq(certificates.runId, made.id))).toHaveLength(0);

    // on the last day, still before its session ends
    setClock("2028-01-19T16:59:00+03:00");
    expect(await issueCertificates(ACTOR, await run(made.id))).toMatchObject({ ok: false, status: 409 });
    setClock("2028-01-19T17:00:00+03:00");
    expect(await issueCertificates(ACTOR, await run(made.id))).toMatchObject({ ok: true, issued: 1 });
  });
});

describe("finding 13: a pack NITA would return is a draft, marked on every page", () => {
  test("without the provider's number and before any certificate: a draft saying what is missing; with both: final", async () => {
    const made = await addRun("2028-02-07", "2028-02-08");
    await writeTimetable(made.id);
    const ids = await people(made.id, ["Faith Draft"], "KenGen");
    await setSettingValue(db(), "nita_provider_number", "", null);
    setClock("2028-02-07T12:00:00+03:00");
    const during = await gatherNitaPack(await run(made.id), "KenGen");
    expect(during?.pack.certificates).toEqual([]);
    expect(during?.pack.draft).toEqual([
      "the firm's NITA training provider registration number (in Settings)",
      "the certificates: the course is still under way, they are issued after its last session on 8 February 2028",
    ]);
    const pdf = Buffer.from(await nitaPackPdf(during as NonNullable<typeof during>));
    const text = extractPdfText(pdf);
    const pages = Number(/Page \d+ of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(3);
    expect(text.split(NITA_DRAFT_MARK).length - 1).toBe(pages);
    expect(squash(text)).toContain(squash("DRAFT: NOT FOR SUBMISSION TO NITA"));

    setClock("2028-02-08T17:10:00+03:00");
    const r = await run(made.id);
    for (const day of r.days)
      await markAttendance(ACTOR, r, { id: ids["Faith Draft"] as string, day, present: true });
    await issueCertificates(ACTOR, r);
    await setSettingValue(db(), "nita_provider_number", "NITA/TP/1234", null);
    const final = await gatherNitaPack(r, "KenGen");
    expect(final?.pack.draft).toEqual([]);
    expect(final?.pack.certificates).toHaveLength(1);
    expect(extractPdfText(Buffer.from(await nitaPackPdf(final as NonNullable<typeof final>)))).not.toContain(
      NITA_DRAFT_MARK,
    );
    await setSettingValue(db(), "nita_provider_number", "", null);
  });
});
