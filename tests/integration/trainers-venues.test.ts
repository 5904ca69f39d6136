import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { changeRunSession, updateCourseRun } from "#app/bookings/index.server";
import {
  addTrainerLeave,
  answerRequestAsTrainer,
  answerRequestByLink,
  checkTrainer,
  deliveryToday,
  describeRequestLink,
  feeStatement,
  holdRoom,
  listTrainerRuns,
  RoomSchema,
  RunTrainerActionSchema,
  RunVenueActionSchema,
  requestTrainer,
  saveRoom,
  saveTrainerProfile,
  saveVenue,
  TrainerLeaveSchema,
  TrainerProfileSchema,
  VenueSchema,
} from "#app/delivery/index.server";
import { renderFeeStatement } from "#app/delivery/pdf.server";
import { runTrainers, venueRooms } from "#app/delivery/tables.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs, emailOutbox } from "#app/platform/db/tables.server";
import { CourseRunSchema, getFirmIdentity } from "#app/site/index.server";
import { courseRuns } from "#app/site/tables.server";
import { setClock } from "#app/utils/clock";
import { addDays, today } from "#app/utils/dates";
import { signedInAdmin } from "../helpers/admin-session";
import { book, newRun } from "../helpers/delivery";
import { ACTOR } from "../helpers/money";
import { extractPdfText, squash } from "../helpers/pdf-text";

// Issue 48, items 1 and 2: trainers and rooms are checked per session day, never over a run's span; a request
// is answered once, by its trainer, before its date; a month's fees follow the accepted session days.

type Trainer = Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(() => setClock("2027-08-02T10:00:00+03:00")); // a Monday
afterAll(() => setClock(null));

const trainer = () => signedInAdmin({ roles: ["trainer"] });
const nameOf = (t: Trainer) => t.user.name ?? t.user.email;

async function ask(runId: string, who: Trainer, extra: Record<string, string> = {}) {
  const input = RunTrainerActionSchema.parse({
    intent: "request",
    trainer: who.user.id,
    dueDate: addDays(today(), 2),
    ...extra,
  });
  if (input.intent === "withdraw") throw new Error("not a request");
  return requestTrainer(ACTOR, runId, input);
}

async function assign(runId: string, who: Trainer) {
  const outcome = await requestTrainer(ACTOR, runId, {
    intent: "assign",
    trainer: who.user.id,
    clashReason: null,
  });
  expect(outcome).toMatchObject({ ok: true });
}

/** The token of the last request e-mailed to the trainer, read from the link in the message. */
async function tokenFor(who: Trainer) {
  const mails = await db()
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, who.user.email), eq(emailOutbox.kind, "trainer_request")))
    .orderBy(emailOutbox.createdAt);
  const match = /\/trainer-request\/([\w-]+)/.exec(mails.at(-1)?.text ?? "");
  if (!match?.[1]) throw new Error("no request e-mail");
  return match[1];
}

const stateOf = async (runId: string, who: Trainer) =>
  (
    await db()
      .select({ state: runTrainers.state })
      .from(runTrainers)
      .where(and(eq(runTrainers.runId, runId), eq(runTrainers.userId, who.user.id)))
  )[0]?.state;

const FROM = { ip: "203.0.113.9", userAgent: "phone" };

describe("a trainer's clashes are checked per session day", () => {
  test("leave on day 3 of 5 is a hard stop, named by its day", async () => {
    const t = await trainer();
    const run = await newRun({ inDays: 35, days: 5 });
    const day3 = addDays(run.startDate, 2);
    await addTrainerLeave(
      ACTOR,
      t.user.id,
      TrainerLeaveSchema.parse({ intent: "add-leave", startDate: day3, endDate: day3 }),
    );
    const outcome = await ask(run.id, t);
    expect(outcome).toEqual({
      ok: false,
      status: 409,
      message: `${nameOf(t)} is on leave on 8 September 2027 (day 3 of 5): choose another trainer.`,
    });
    expect(await stateOf(run.id, t)).toBeUndefined();
    // even a reason does not book a trainer on leave, and the office cannot assign them either
    expect(await ask(run.id, t, { clashReason: "they said yes" })).toMatchObject({ ok: false, status: 409 });
    expect(
      await requestTrainer(ACTOR, run.id, { intent: "assign", trainer: t.user.id, clashReason: null }),
    ).toMatchObject({ ok: false });
  });

  test("another course date on the same day needs a typed reason, which is recorded", async () => {
    const t = await trainer();
    const first = await newRun({ inDays: 42, days: 3 });
    const second = await newRun({ inDays: 44, days: 2 }); // its first day is the first run's last
    await assign(first.id, t);
    const refused = await ask(second.id, t);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(refused.ok ? "" : refused.message).toContain("15 September 2027");
    expect(refused.ok ? "" : refused.message).toContain("type the reason for the double booking");
    expect(await stateOf(second.id, t)).toBeUndefined();
    const booked = await ask(second.id, t, { clashReason: "Morning only on the first run's last day" });
    expect(booked).toMatchObject({ ok: true });
    const [row] = await db()
      .select()
      .from(runTrainers)
      .where(and(eq(runTrainers.runId, second.id), eq(runTrainers.userId, t.user.id)));
    expect(row).toMatchObject({
      state: "requested",
      clashReason: "Morning only on the first run's last day",
    });
    const [audit] = await db()
      .select()
      .from(adminAuditLogs)
      .where(
        and(
          eq(adminAuditLogs.recordId, second.id),
          eq(adminAuditLogs.action, "Requested trainer (double booking)"),
        ),
      );
    expect(audit?.newValues).toMatchObject({
      clashDays: ["2027-09-15"],
      clashReason: "Morning only on the first run's last day",
    });
  });

  test("a gap day between sessions clashes with nothing; a Saturday added on purpose is a real day", async () => {
    const t = await trainer();
    // Monday 20 to Friday 24 September, Tuesday dropped: the run meets Mon, Wed, Thu, Fri
    const gappy = await newRun({ inDays: 49, days: 5 });
    await changeRunSession(ACTOR, gappy.courseId, gappy.id, { intent: "remove-session", date: "2027-09-21" });
    await assign(gappy.id, t);
    const tuesday = await newRun({ inDays: 50, days: 1 });
    expect(await ask(tuesday.id, t)).toMatchObject({ ok: true });

    const weekLong = await newRun({ inDays: 56, days: 5 }); // Monday 27 September to Friday 1 October
    const saturday = "2027-10-02";
    const other = await trainer();
    const onSaturday = await newRun({ inDays: 61, days: 1 });
    await assign(onSaturday.id, other);
    // before the Saturday is added the two runs share no day
    expect(await checkTrainer(db(), weekLong.id, other.user.id)).toMatchObject({ clashes: [] });
    expect(
      await changeRunSession(ACTOR, weekLong.courseId, weekLong.id, {
        intent: "add-session",
        date: saturday,
      }),
    ).toMatchObject({ ok: true });
    const refused = await ask(weekLong.id, other);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(refused.ok ? "" : refused.message).toContain("2 October 2027");
    // a trainer free that Saturday is asked, with a warning that Saturday is outside their week
    const free = await trainer();
    const asked = await ask(weekLong.id, free);
    expect(asked).toMatchObject({ ok: true });
    expect(asked.message).toContain("2 October 2027 (day 6 of 6) is outside");
  });

  test("a declined or withdrawn request frees the days", async () => {
    const t = await trainer();
    const a = await newRun({ inDays: 63, days: 2 });
    const b = await newRun({ inDays: 63, days: 2 });
    expect(await ask(a.id, t)).toMatchObject({ ok: true });
    expect(await answerRequestByLink(await tokenFor(t), "decline", FROM)).toMatchObject({ ok: true });
    expect(await ask(b.id, t)).toMatchObject({ ok: true });
  });
});

describe("a request is answered once, by its trainer, before its date", () => {
  test("the e-mail's link accepts once; the trainer then delivers the run", async () => {
    const t = await trainer();
    const run = await newRun({ inDays: 20, days: 2 });
    expect(await ask(run.id, t)).toMatchObject({ ok: true });
    const token = await tokenFor(t);
    expect(await describeRequestLink(token)).toMatchObject({ state: "open", name: nameOf(t) });
    expect(await listTrainerRuns(t.user.id, today())).toEqual([]);
    expect(await answerRequestByLink(token, "accept", FROM)).toMatchObject({ ok: true });
    expect(await stateOf(run.id, t)).toBe("accepted");
    expect((await listTrainerRuns(t.user.id, today())).map((r) => r.id)).toEqual([run.id]);
    // one use: the same link cannot decline afterwards
    expect(await answerRequestByLink(token, "decline", FROM)).toEqual({
      ok: false,
      status: 409,
      message: "This request was already accepted.",
    });
    expect(await stateOf(run.id, t)).toBe("accepted");
    const [audit] = await db()
      .select()
      .from(adminAuditLogs)
      .where(and(eq(adminAuditLogs.recordId, run.id), eq(adminAuditLogs.action, "Trainer accepted request")));
    expect(audit).toMatchObject({ actorId: t.user.id, ip: "203.0.113.9" });
  });

  test("after its date the link is expired and changes nothing", async () => {
    const t = await trainer();
    const run = await newRun({ inDays: 20, days: 2 });
    expect(await ask(run.id, t)).toMatchObject({ ok: true });
    const token = await tokenFor(t);
    setClock("2027-08-05T09:00:00+03:00"); // the due date was 4 August
    try {
      expect(await describeRequestLink(token)).toMatchObject({ state: "expired" });
      expect(await answerRequestByLink(token, "accept", FROM)).toMatchObject({ ok: false, status: 410 });
      expect(await stateOf(run.id, t)).toBe("requested");
    } finally {
      setClock("2027-08-02T10:00:00+03:00");
    }
  });

  test("another trainer cannot answer it, and a made-up link is unknown", async () => {
    const t = await trainer();
    const intruder = await trainer();
    const run = await newRun({ inDays: 21, days: 1 });
    const office = await signedInAdmin({ roles: ["registrar"] });
    const asked = await requestTrainer(office.actor, run.id, {
      intent: "request",
      trainer: t.user.id,
      dueDate: addDays(today(), 2),
      clashReason: null,
    });
    expect(asked).toMatchObject({ ok: true });
    expect(await answerRequestAsTrainer(intruder.actor, run.id, "accept")).toEqual({
      ok: false,
      status: 403,
      message: "This request was sent to another trainer.",
    });
    expect(await stateOf(run.id, t)).toBe("requested");
    expect(await stateOf(run.id, intruder)).toBeUndefined();
    expect(await describeRequestLink("made-up-token")).toEqual({ state: "unknown" });
    expect(await answerRequestByLink("made-up-token", "accept", FROM)).toMatchObject({
      ok: false,
      status: 404,
    });
    // the trainer's own answer from "My runs"; whoever asked is told
    expect(await answerRequestAsTrainer(t.actor, run.id, "decline")).toMatchObject({ ok: true });
    expect(await stateOf(run.id, t)).toBe("declined");
    const told = await db()
      .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "trainer_declined"), eq(emailOutbox.relatedId, run.id)));
    expect(told).toEqual([
      { to: office.user.email, subject: expect.stringContaining(`${nameOf(t)} declined`) },
    ]);
  });
});

test("a course date starting within 14 days with participants and no confirmed trainer is on the dashboard", async () => {
  const t = await trainer();
  const run = await newRun({ inDays: 10, days: 2 });
  const itemOf = async () =>
    (await deliveryToday({ today: today() })).find((i) => i.id === `trainer-${run.id}`);
  expect(await itemOf()).toBeUndefined(); // nobody booked yet
  await book(run.id, [{ name: "Soon Participant", email: "soon@example.com" }]);
  expect(await itemOf()).toMatchObject({
    count: 1,
    title: expect.stringMatching(/^course date with no trainer confirmed/),
  });
  expect(await ask(run.id, t)).toMatchObject({ ok: true });
  expect(await itemOf()).toMatchObject({
    count: 1,
    title: expect.stringMatching(/^trainer asked, no answer yet/),
  });
  expect(await answerRequestAsTrainer(t.actor, run.id, "accept")).toMatchObject({ ok: true });
  expect(await itemOf()).toBeUndefined();
});

describe("rooms", () => {
  async function venueWithRooms() {
    const venue = await saveVenue(
      ACTOR,
      VenueSchema.parse({
        intent: "venue",
        name: `Sarova ${crypto.randomUUID().slice(0, 6)}`,
        kind: "hotel",
        city: "Mombasa",
      }),
    );
    const room = async (name: string, classroom: string) => {
      const saved = await saveRoom(
        ACTOR,
        venue.ok ? (venue.id as string) : "",
        RoomSchema.parse({
          intent: "room",
          venue: venue.ok ? venue.id : "",
          name,
          pricing: "package",
          currency: "KES",
          rate: "4,500",
          capacity_classroom: classroom,
          capacity_theatre: "60",
        }),
      );
      return saved.ok ? (saved.id as string) : "";
    };
    return { baobab: await room("Baobab", "24"), mvule: await room("Mvule", "40") };
  }

  const hold = (runId: string, room: string, layout = "classroom") => {
    const input = RunVenueActionSchema.parse({
      intent: "hold",
      room,
      layout,
      cancellationLadder: "2027-09-01 50\n2027-09-10 100",
    });
    if (input.intent !== "hold") throw new Error("not a hold");
    return holdRoom(ACTOR, runId, input);
  };

  test("two rooms of one venue take two groups the same days; one room takes one", async () => {
    const { baobab, mvule } = await venueWithRooms();
    const a = await newRun({ inDays: 70, days: 3 });
    const b = await newRun({ inDays: 71, days: 3 });
    expect(await hold(a.id, baobab)).toMatchObject({ ok: true });
    const refused = await hold(b.id, baobab);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(refused.ok ? "" : refused.message).toContain("Baobab");
    expect(refused.ok ? "" : refused.message).toContain("12 October 2027");
    expect(await hold(b.id, mvule)).toMatchObject({ ok: true });
  });

  test("a run's capacity cannot exceed the room's seats in the layout", async () => {
    const { baobab } = await venueWithRooms();
    const run = await newRun({ inDays: 80, days: 2 });
    await db().update(courseRuns).set({ capacity: 30 }).where(eq(courseRuns.id, run.id));
    const refused = await hold(run.id, baobab);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(refused.ok ? "" : refused.message).toMatch(
      /takes 30 participants but Baobab \(Sarova \w+\) seats 24 in classroom layout/,
    );
    expect(await hold(run.id, baobab, "theatre")).toMatchObject({ ok: true });
    expect(await hold(run.id, baobab, "boardroom")).toMatchObject({ ok: false, status: 400 });
    // raising the course date's capacity past the room's 60 theatre seats is refused, and changes nothing
    const [before] = await db().select().from(courseRuns).where(eq(courseRuns.id, run.id));
    const raise = (capacity: string) =>
      updateCourseRun(
        ACTOR,
        run.courseId,
        run.id,
        CourseRunSchema.parse({ startDate: run.startDate, endDate: run.endDate, venue: "Mombasa", capacity }),
      );
    const tooMany = await raise("70");
    expect(tooMany).toMatchObject({ ok: false, status: 409 });
    expect(tooMany.ok ? "" : tooMany.message).toContain(
      "seats 60 in theatre layout: a capacity of 70 does not fit",
    );
    expect((await db().select().from(courseRuns).where(eq(courseRuns.id, run.id)))[0]).toEqual(before);
    expect(await raise("60")).toMatchObject({ ok: true });
  });

  test("a room changed keeps its name unique in its venue, audited with before and after", async () => {
    const { baobab, mvule } = await venueWithRooms();
    const [row] = await db().select().from(venueRooms).where(eq(venueRooms.id, baobab));
    const change = (name: string) =>
      RoomSchema.parse({
        intent: "room",
        venue: row?.venueId,
        id: baobab,
        name,
        pricing: "day_rate",
        currency: "KES",
        rate: "25000",
        capacity_boardroom: "12",
      });
    expect(await saveRoom(ACTOR, row?.venueId as string, change("Mvule"))).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await saveRoom(ACTOR, row?.venueId as string, change("Baobab Hall"))).toMatchObject({ ok: true });
    const [audit] = await db()
      .select()
      .from(adminAuditLogs)
      .where(and(eq(adminAuditLogs.recordId, baobab), eq(adminAuditLogs.action, "Updated room")));
    expect(audit?.oldValues).toMatchObject({ name: "Baobab", pricing: "package", rate: 450_000 });
    expect(audit?.newValues).toMatchObject({
      name: "Baobab Hall",
      capacities: { boardroom: 12 },
      rate: 2_500_000,
    });
    expect(mvule).not.toBe(baobab);
  });

  test("the cancellation ladder is read in date order with rising percents", () => {
    const bad = RunVenueActionSchema.safeParse({
      intent: "hold",
      room: crypto.randomUUID(),
      layout: "classroom",
      cancellationLadder: "2027-09-10 100\n2027-09-01 50",
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toContain("date order");
  });
});

describe("the fee statement", () => {
  test("days × rate, per diem away from the home office, 5 % withholding for an associate", async () => {
    const t = await trainer();
    const profile = TrainerProfileSchema.parse({
      intent: "profile",
      homeOffice: "Nairobi",
      engagement: "associate",
      currency: "KES",
      dayRate: "15,000",
      perDiem: "5000",
      languages: "English, Kiswahili",
      kraPin: "a123456789z",
      mpesaNumber: "0712 345 678",
      weekdays: ["1", "2", "3", "4", "5"],
      courses: [],
    });
    expect(profile).toMatchObject({
      dayRate: 1_500_000,
      perDiem: 500_000,
      kraPin: "A123456789Z",
      mpesaNumber: "254712345678",
    });
    expect(await saveTrainerProfile(ACTOR, t.user.id, profile)).toMatchObject({ ok: true });
    const venue = await saveVenue(
      ACTOR,
      VenueSchema.parse({ intent: "venue", name: "Whitesands", kind: "hotel", city: "Mombasa" }),
    );
    const room = await saveRoom(
      ACTOR,
      venue.ok ? (venue.id as string) : "",
      RoomSchema.parse({
        intent: "room",
        venue: venue.ok ? venue.id : "",
        name: "Coral",
        pricing: "day_rate",
        currency: "KES",
        rate: "30000",
        capacity_classroom: "30",
      }),
    );
    const run = await newRun({ inDays: 91, days: 3 }); // 1 to 3 November 2027
    const input = RunVenueActionSchema.parse({
      intent: "hold",
      room: room.ok ? room.id : "",
      layout: "classroom",
    });
    if (input.intent === "hold") expect(await holdRoom(ACTOR, run.id, input)).toMatchObject({ ok: true });
    await assign(run.id, t);
    const statement = await feeStatement(t.user.id, "2027-11");
    expect(statement).toMatchObject({
      days: 3,
      fees: 4_500_000,
      perDiem: 1_500_000,
      gross: 6_000_000,
      withholding: 300_000,
      net: 5_700_000,
    });
    expect(await feeStatement(t.user.id, "2027-10")).toMatchObject({ days: 0, gross: 0, withholding: 0 });
    const pdf = squash(
      extractPdfText(
        await renderFeeStatement(statement as NonNullable<typeof statement>, await getFirmIdentity()),
      ),
    );
    for (const text of [
      "Trainer fee statement",
      "KES 57,000.00",
      "KES 3,000.00",
      "A123456789Z",
      "Whitesands, Mombasa",
    ]) {
      expect(pdf).toContain(squash(text));
    }
  });

  test("a bad KRA PIN or M-PESA number is refused with a specific message", () => {
    const base = {
      intent: "profile",
      homeOffice: "Kisumu",
      engagement: "associate",
      currency: "KES",
      dayRate: "1000",
      weekdays: ["1"],
      courses: [],
    };
    expect(TrainerProfileSchema.safeParse({ ...base, kraPin: "P12345X" }).error?.issues[0]?.message).toBe(
      "Enter the KRA PIN as a letter, nine digits and a letter.",
    );
    expect(
      TrainerProfileSchema.safeParse({ ...base, mpesaNumber: "0212 345 678" }).error?.issues[0]?.message,
    ).toContain("M-PESA number");
    expect(
      TrainerProfileSchema.safeParse({ ...base, currency: "UGX", dayRate: "150000.50" }).error?.issues[0]
        ?.message,
    ).toContain("whole francs");
  });
});
