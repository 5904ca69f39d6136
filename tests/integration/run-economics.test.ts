import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { courseRegistrations } from "#app/booking/tables.server";
import { acceptPostponement, cancelParticipant, decideRun } from "#app/bookings/index.server";
import {
  addRunCost,
  economicsReport,
  goNoGoToday,
  holdRoom,
  JoiningInstructionsSchema,
  RoomSchema,
  RunCostSchema,
  RunDecisionSchema,
  RunVenueActionSchema,
  requestTrainer,
  runEconomics,
  saveJoiningInstructions,
  saveRoom,
  saveTrainerProfile,
  saveVenue,
  TrainerProfileSchema,
  VenueSchema,
} from "#app/delivery/index.server";
import { runCosts, runDecisions } from "#app/delivery/tables.server";
import { financeDocuments } from "#app/money/tables.server";
import { db, executeRows } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { createSmtpSender } from "#app/platform/email/email.server";
import { deliverDueEmails } from "#app/platform/email/outbox.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { courseRuns } from "#app/site/tables.server";
import { setClock } from "#app/utils/clock";
import { addDays, formatLongDate, today } from "#app/utils/dates";
import { signedInAdmin } from "../helpers/admin-session";
import { ACTOR, book, confirmAll, newRun } from "../helpers/money";
import { type ReceivedMail, startSmtpServer } from "../helpers/smtp";

// Issue 48, items 3-5: break-even with a venue's package per person, each go/no-go path with what every
// participant, trainer and venue receives (through a real SMTP server), the tentative wording, the dashboard,
// and per-run profit agreeing to the cent with the ledger and the recorded costs.

beforeAll(async () => {
  setClock("2027-08-02T10:00:00+03:00");
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
});
afterAll(() => setClock(null));
beforeEach(async () => {
  await db().update(emailOutbox).set({ status: "sent" });
});

/** Sends what the outbox holds through a real SMTP server; returns every message it received. */
async function deliver(expected: number) {
  const smtp = await startSmtpServer();
  try {
    await deliverDueEmails({ send: createSmtpSender(smtp.url) });
    return await smtp.waitFor((m) => m.length >= expected, 10_000);
  } finally {
    await smtp.close();
  }
}
const to = (mails: ReceivedMail[], address: string) => mails.filter((m) => m.to.includes(address));

async function trainer(dayRate = "20,000", perDiem = "5000") {
  const t = await signedInAdmin({ roles: ["trainer"] });
  const profile = TrainerProfileSchema.parse({
    intent: "profile",
    homeOffice: "Nairobi",
    engagement: "associate",
    currency: "KES",
    dayRate,
    perDiem,
    weekdays: ["1", "2", "3", "4", "5", "6", "7"],
    courses: [],
  });
  expect(await saveTrainerProfile(ACTOR, t.user.id, profile)).toMatchObject({ ok: true });
  return t;
}

/** A hotel in Naivasha with one room on a conference package of KES 4,500 per person per day. */
async function hotel(email = `events-${crypto.randomUUID().slice(0, 6)}@lakeside.example`) {
  const venue = await saveVenue(
    ACTOR,
    VenueSchema.parse({
      intent: "venue",
      name: `Lakeside ${crypto.randomUUID().slice(0, 6)}`,
      kind: "hotel",
      city: "Naivasha",
      contact: `Events desk, ${email}, 0722 000 000`,
    }),
  );
  const venueId = venue.ok ? (venue.id as string) : "";
  const room = await saveRoom(
    ACTOR,
    venueId,
    RoomSchema.parse({
      intent: "room",
      venue: venueId,
      name: "Flamingo",
      pricing: "package",
      currency: "KES",
      rate: "4,500",
      capacity_classroom: "40",
    }),
  );
  return { roomId: room.ok ? (room.id as string) : "", email };
}

async function hold(runId: string, roomId: string, ladder: string, finalNumbersDue: string | null = null) {
  const input = RunVenueActionSchema.parse({
    intent: "hold",
    room: roomId,
    layout: "classroom",
    finalNumbersDue: finalNumbersDue ?? "",
    cancellationLadder: ladder,
  });
  if (input.intent !== "hold") throw new Error("not a hold");
  expect(await holdRoom(ACTOR, runId, input)).toMatchObject({ ok: true });
}

const cost = (fields: Record<string, string>) =>
  RunCostSchema.parse({ intent: "add-cost", stage: "planned", ...fields });

// KES 45,000 a seat including 16 % VAT: the ledger's net per participant, as the invoice works it out
const NET = 4_500_000 - Math.round((4_500_000 * 16) / 116);

describe("break-even", () => {
  test("a venue's package per person per day is a cost per participant; trainers' days are fixed", async () => {
    const runId = await newRun("45000.00", { startsIn: 40 });
    await db().update(courseRuns).set({ minParticipants: 20 }).where(eq(courseRuns.id, runId));
    const t = await trainer();
    expect(
      await requestTrainer(ACTOR, runId, { intent: "assign", trainer: t.user.id, clashReason: null }),
    ).toMatchObject({ ok: true });
    const { roomId } = await hotel();
    await hold(runId, roomId, "");
    await addRunCost(
      ACTOR,
      runId,
      cost({ kind: "materials", basis: "per_participant", description: "Workbooks", amount: "1,500" }),
    );
    await addRunCost(
      ACTOR,
      runId,
      cost({ kind: "travel", basis: "fixed", description: "Van to Naivasha", amount: "12000" }),
    );

    const e = await runEconomics(runId);
    expect(e?.days).toBe(5);
    expect(e?.priceMinor).toBe(NET);
    // fixed: 5 days × (KES 20,000 fee + KES 5,000 per diem away from Nairobi) + KES 12,000 travel
    const fixed = 5 * (2_000_000 + 500_000) + 1_200_000;
    // per participant: the package 5 days × KES 4,500, and a workbook
    const perParticipant = 5 * 450_000 + 150_000;
    expect(e?.rows.filter((r) => r.stage === "planned").map((r) => [r.kind, r.basis, r.amountMinor])).toEqual(
      [
        ["trainer_fees", "per_day", 2_000_000],
        ["per_diem", "per_day", 500_000],
        ["venue", "per_participant", 2_250_000],
        ["materials", "per_participant", 150_000],
        ["travel", "fixed", 1_200_000],
      ],
    );
    const breakEven = Math.ceil(fixed / (NET - perParticipant));
    expect(breakEven).toBe(10);
    expect(e?.breakEven).toBe(10);
    const marginAt = (n: number) => n * NET - (fixed + n * perParticipant);
    expect(marginAt(9)).toBeLessThan(0);
    expect(marginAt(10)).toBeGreaterThan(0);
    expect(e?.margins.booked).toEqual({ participants: 0, margin: -fixed });
    expect(e?.margins.minimum).toEqual({ participants: 20, margin: marginAt(20) });
    expect(e?.margins.capacity).toEqual({ participants: 40, margin: marginAt(40) });
  });

  test("a bad amount is refused with the currency named, and nothing is recorded", async () => {
    const runId = await newRun("45000.00", { startsIn: 41 });
    const outcome = await addRunCost(
      ACTOR,
      runId,
      cost({ kind: "other", basis: "fixed", description: "Printing", amount: "12,000.505" }),
    );
    expect(outcome).toEqual({
      ok: false,
      status: 400,
      message: "Amount: enter an amount in KES, such as 15000 or 15000.50.",
    });
    expect(await db().select().from(runCosts).where(eq(runCosts.runId, runId))).toEqual([]);
    expect(
      RunDecisionSchema.safeParse({ intent: "decide", decision: "postpone", reason: "Low numbers" }).error
        ?.issues[0]?.message,
    ).toBe("Choose the next date the participants are offered.");
  });
});

/** A run 30 days ahead, minimum 20, three participants in two bookings (invoiced), a trainer and a hotel held. */
async function stagedRun() {
  const runId = await newRun("45000.00", { startsIn: 30 });
  await db().update(courseRuns).set({ minParticipants: 20 }).where(eq(courseRuns.id, runId));
  const a = await book(runId, 2, "Wanjiru");
  const b = await book(runId, 1, "Kamau");
  await confirmAll(runId, [...a.participants, ...b.participants]);
  const t = await trainer();
  await requestTrainer(ACTOR, runId, { intent: "assign", trainer: t.user.id, clashReason: null });
  const venue = await hotel();
  // cancelling from today costs 25 % of the total, from five days before the start all of it
  await hold(runId, venue.roomId, `${today()} 25\n${addDays(today(), 25)} 100`, addDays(today(), 28));
  const people = await db()
    .select({
      id: courseRegistrations.id,
      email: courseRegistrations.email,
      runId: courseRegistrations.runId,
    })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.runId, runId));
  await db().update(emailOutbox).set({ status: "sent" });
  return { runId, bookings: [a.booking, b.booking], trainer: t.user.email, venue: venue.email, people };
}

async function decideOn(runId: string, fields: Record<string, string>) {
  const [run] = await db()
    .select({ courseId: courseRuns.courseId })
    .from(courseRuns)
    .where(eq(courseRuns.id, runId));
  return decideRun(
    ACTOR,
    run?.courseId as string,
    runId,
    RunDecisionSchema.parse({ intent: "decide", ...fields }),
  );
}

// the penalty: 25 % of the package for 3 participants over 5 days
const PENALTY = Math.round((3 * 5 * 450_000 * 25) / 100);

describe("the go/no-go decision", () => {
  test("confirm: participants get their joining instructions, the trainer and the venue are told", async () => {
    const s = await stagedRun();
    await saveJoiningInstructions(
      ACTOR,
      s.runId,
      JoiningInstructionsSchema.parse({
        venueDetails: "Lakeside Hotel, Moi South Lake Road",
        startTime: "08:30",
        whatToBring: "Laptop",
        contactName: "Grace",
        contactPhone: "0722 111 222",
      }),
    );
    const outcome = await decideOn(s.runId, {
      decision: "confirm",
      reason: "Sponsor guarantees the numbers",
    });
    expect(outcome).toEqual({
      ok: true,
      message:
        "Course date confirmed: 3 participants sent their joining instructions, 1 trainer told, the venue told.",
    });
    const mails = await deliver(5);
    for (const person of s.people) {
      const [mail] = to(mails, person.email);
      expect(mail?.subject).toMatch(/^Confirmed: /);
      expect(mail?.text).toContain("is confirmed: it goes ahead");
      expect(mail?.text).toContain("Lakeside Hotel, Moi South Lake Road");
    }
    expect(to(mails, s.trainer)[0]?.text).toContain("is confirmed with 3 participants");
    expect(to(mails, s.venue)[0]?.text).toContain("final numbers of 3 participants");
    expect(await db().select().from(runCosts).where(eq(runCosts.runId, s.runId))).toEqual([]);
    expect((await runEconomics(s.runId))?.tentative).toBe(false);
    // decided once
    expect(await decideOn(s.runId, { decision: "cancel", reason: "changed our mind" })).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  test("postpone: each participant is offered the next date and moves with one click; the penalty is a cost", async () => {
    const s = await stagedRun();
    const nextId = await newRun("45000.00", { startsIn: 60 });
    const outcome = await decideOn(s.runId, {
      decision: "postpone",
      reason: "3 of 20 booked at the decision date",
      toRun: nextId,
    });
    expect(outcome).toMatchObject({ ok: true });
    expect(outcome.ok ? outcome.message : "").toContain("3 participants offered");
    expect(outcome.ok ? outcome.message : "").toContain("KES 16,875.00");
    const mails = await deliver(3 + 2 + 2);
    const offers = s.people.map((person) => to(mails, person.email)[0]);
    for (const offer of offers) {
      expect(offer?.subject).toMatch(/^Postponed: /);
      expect(offer?.text).toContain("Move me to");
    }
    for (const booking of s.bookings) {
      expect(to(mails, booking.contactEmail)[0]?.text).toContain("has been offered");
    }
    expect(to(mails, s.trainer)[0]?.subject).toMatch(/^Postponed: /);
    const venueMail = to(mails, s.venue)[0];
    expect(venueMail?.subject).toMatch(/^Cancellation: Flamingo/);
    expect(venueMail?.text).toContain("KES 16,875.00");

    // the penalty is an actual cost of the postponed date, the date off the public pages
    const [penalty] = await db().select().from(runCosts).where(eq(runCosts.runId, s.runId));
    expect(penalty).toMatchObject({
      stage: "actual",
      kind: "venue",
      basis: "fixed",
      amountMinor: PENALTY,
      source: "venue_penalty",
    });
    const [run] = await db()
      .select({ status: courseRuns.status })
      .from(courseRuns)
      .where(eq(courseRuns.id, s.runId));
    expect(run?.status).toBe("cancelled");
    const [decision] = await db().select().from(runDecisions).where(eq(runDecisions.runId, s.runId));
    expect(decision).toMatchObject({
      decision: "postpone",
      toRunId: nextId,
      participants: 3,
      penaltyMinor: PENALTY,
    });

    // one click from the first participant's e-mail moves them; the link works once
    const token = /\/postponed\/([\w-]+)/.exec(offers[0]?.text ?? "")?.[1] as string;
    const from = { ip: "203.0.113.9", userAgent: "phone" };
    expect(await acceptPostponement(token, from)).toMatchObject({ ok: true });
    expect(await acceptPostponement(token, from)).toEqual({
      ok: true,
      message: "You have already moved to the new date: nothing more to do.",
    });
    expect(await acceptPostponement("made-up", from)).toEqual({
      ok: false,
      status: 404,
      message: "This link is not valid.",
    });
    const moved = await db()
      .select({ runId: courseRegistrations.runId })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.id, s.people.find((p) => offers[0]?.to.includes(p.email))?.id as string));
    expect(moved[0]?.runId).toBe(nextId);
  });

  test("cancel: everyone told, credit notes through money's path, the venue's penalty recorded", async () => {
    const s = await stagedRun();
    const outcome = await decideOn(s.runId, {
      decision: "cancel",
      reason: "Trainer unavailable and 3 of 20 booked",
    });
    expect(outcome).toMatchObject({ ok: true });
    expect(outcome.ok ? outcome.message : "").toContain("2 credit notes issued");
    expect(outcome.ok ? outcome.message : "").toContain("KES 16,875.00");
    const credits = await db()
      .select({ bookingId: financeDocuments.bookingId })
      .from(financeDocuments)
      .where(
        and(
          inArray(
            financeDocuments.bookingId,
            s.bookings.map((b) => b.id),
          ),
          eq(financeDocuments.kind, "credit_note"),
        ),
      );
    expect(credits).toHaveLength(2);
    const mails = await deliver(3 + 2 + 2);
    for (const person of s.people) expect(to(mails, person.email)[0]?.subject).toMatch(/cancelled/i);
    expect(to(mails, s.trainer)[0]?.subject).toMatch(/^Cancelled: /);
    expect(to(mails, s.venue)[0]?.text).toContain("we cancel our booking of Flamingo");
    const e = await runEconomics(s.runId);
    expect(e?.actualCost).toBe(PENALTY);
    expect(e?.revenueBooked).toBe(0);
    expect(e?.profit).toBe(-PENALTY);
    const report = await economicsReport(today().slice(0, 7), addDays(today(), 40).slice(0, 7));
    expect(report.reasons.find((r) => r.id === s.runId)).toMatchObject({
      decision: "cancel",
      reason: "Trainer unavailable and 3 of 20 booked",
    });
  });
});

describe("tentative dates and the dashboard", () => {
  test("the confirmation says when a tentative date is confirmed; a date near its decision is on the dashboard", async () => {
    const runId = await newRun("45000.00", { startsIn: 18 });
    await db().update(courseRuns).set({ minParticipants: 20 }).where(eq(courseRuns.id, runId));
    const { booking } = await book(runId, 1, "Tentative");
    const [confirmation] = await db()
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.toAddress, booking.contactEmail),
          eq(emailOutbox.kind, "registration_confirmation"),
        ),
      );
    // no venue contract: 14 days before the first session
    const due = addDays(today(), 18 - 14);
    expect(confirmation?.text).toContain(
      `This date is confirmed when it reaches 20 participants, by ${formatLongDate(due)}.`,
    );
    const items = await goNoGoToday({ today: today() });
    const item = items.find((i) => i.id === `decision-${runId}`);
    expect(item?.title).toContain(`go/no-go due ${formatLongDate(due)}`);
    expect(item?.title).toContain("1 booked, minimum 20");
    expect(item?.to).toContain(`/runs/${runId}#economics`);
  });
});

test("per-run profit agrees to the cent with the ledger and the recorded costs", async () => {
  const runId = await newRun("45000.00", { startsIn: 50 });
  const a = await book(runId, 3, "Ledger");
  const b = await book(runId, 2, "Ledgertwo");
  await confirmAll(runId, [...a.participants, ...b.participants]);
  // one participant cancels: a new proforma version for the smaller booking, the first one credited
  expect((await cancelParticipant(ACTOR, runId, a.participants[0] as string)).ok).toBe(true);
  await addRunCost(ACTOR, runId, {
    ...cost({ kind: "venue", basis: "fixed", description: "Hall", amount: "50,000.35" }),
    stage: "actual",
  });
  await addRunCost(ACTOR, runId, {
    ...cost({ kind: "certificates", basis: "per_participant", description: "Prints", amount: "333.33" }),
    stage: "actual",
  });
  await addRunCost(ACTOR, runId, {
    ...cost({ kind: "other", basis: "per_day", description: "Tea", amount: "1,234.57" }),
    stage: "actual",
  });
  await addRunCost(
    ACTOR,
    runId,
    cost({ kind: "other", basis: "fixed", description: "Planned only", amount: "99,999" }),
  );

  const [ledger] = await executeRows<{ net: string }>(
    db(),
    sql`
    select coalesce(sum(d.net_cents), 0)::text as net from finance_documents d
    where d.kind = 'proforma' and d.booking_id in (${a.booking.id}, ${b.booking.id})
      and not exists (select 1 from finance_documents n where n.booking_id = d.booking_id and n.kind = 'proforma' and n.version > d.version)
      and not exists (select 1 from finance_documents c where c.kind = 'credit_note' and c.relates_to_id = d.id)`,
  );
  const ledgerNet = Number(ledger?.net);
  // four participants left on two proformas, VAT taken out once per line: about four net fees
  expect(Math.abs(ledgerNet - 4 * NET)).toBeLessThanOrEqual(4);
  const recorded = 5_000_035 + 4 * 33_333 + 5 * 123_457;
  const e = await runEconomics(runId);
  expect(e?.revenueBooked).toBe(ledgerNet);
  expect(e?.actualCost).toBe(recorded);
  expect(e?.profit).toBe(ledgerNet - recorded);
  const report = await economicsReport(addDays(today(), 50).slice(0, 7), addDays(today(), 50).slice(0, 7));
  expect(report.runs.find((r) => r.id === runId)).toMatchObject({
    revenue: ledgerNet,
    costs: recorded,
    profit: ledgerNet - recorded,
  });
});
