import crypto from "node:crypto";
import { and, count, eq, inArray, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { bookings, courseRegistrations, waitlistOffers } from "#app/booking/tables.server";
import {
  type BookingOutcome,
  bookGroup,
  createBooking,
  findBookingConfirmation,
  type NewBooking,
  REGISTRATION_MESSAGES,
} from "#app/bookings/testing.server";
import { db } from "#app/platform/db/client.server";
import { emailOutbox } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import * as registerRoute from "#app/routes/bookings/public/register";
import type { FormResult } from "#app/site/index.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { setClock } from "#app/utils/clock";
import { addDays, today } from "#app/utils/dates";
import { callAction, contextFor, oldFormKey } from "../helpers/form-post";

const SLUG = "strategic-planning-and-performance-management";

const register = (fields: Record<string, string>) =>
  callAction<FormResult>(
    registerRoute.action,
    "/register",
    fields,
    contextFor(`198.18.0.${crypto.randomInt(250)}`),
  );

async function courseId(slug = SLUG) {
  const [course] = await db().select({ id: courses.id }).from(courses).where(eq(courses.slug, slug));
  return course?.id as string;
}

/** A run of the course starting `inDays` from today, with the given capacity. */
async function newRun(capacity: number | null, { inDays = 30, slug = SLUG, status = "open" as const } = {}) {
  const startDate = addDays(today(), inDays);
  const [run] = await db()
    .insert(courseRuns)
    .values({
      courseId: await courseId(slug),
      startDate,
      endDate: addDays(startDate, 4),
      venue: "Nairobi, Kenya",
      capacity,
      status,
    })
    .returning({ id: courseRuns.id });
  return run?.id as string;
}

async function registrationsOf(runId: string) {
  return db()
    .select({ status: courseRegistrations.status, email: courseRegistrations.email })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.runId, runId));
}

const person = (n: number) => ({ name: `Participant ${n}`, email: `p${n}@example.com` });
const group = (size: number) =>
  Object.fromEntries(
    Array.from({ length: size }, (_, i) => [
      [`participants[${i}].name`, person(i).name],
      [`participants[${i}].email`, person(i).email],
    ]).flat(),
  ) as Record<string, string>;
const booking = (runId: string, fields: Record<string, string> = {}) => ({
  name: "Grace Achieng",
  email: "grace@example.com",
  course: SLUG,
  run: runId,
  formKey: oldFormKey(),
  ...fields,
});

beforeEach(async () => {
  await setSettingValue(db(), "registration_enabled", true, null);
  await setSettingValue(db(), "max_group_size", 25, null);
});
afterEach(() => setClock(null));

describe("bookings", () => {
  test("a single-person registration is a booking of one with the booking's reference", async () => {
    const runId = await newRun(10);
    const answer = await register(booking(runId));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, title: "Registration Successful!" });
    const [row] = await db()
      .select()
      .from(bookings)
      .where(eq(bookings.reference, answer.body.reference as string));
    expect(row).toMatchObject({
      participants: 1,
      status: "pending",
      contactEmail: "grace@example.com",
      runId,
    });
    expect(await registrationsOf(runId)).toEqual([{ status: "new", email: "grace@example.com" }]);
  });

  test('"I am attending too" books the contact ahead of the rows; the answer carries the price per participant', async () => {
    const runId = await newRun(20);
    await db().update(courseRuns).set({ costOverride: "110000.00" }).where(eq(courseRuns.id, runId));
    const answer = await register(booking(runId, { contactAttends: "on", ...group(3) }));
    expect(answer.body).toMatchObject({ ok: true, participants: 4, unitCents: 11_000_000 });
    expect((await registrationsOf(runId)).map((r) => r.email).sort()).toEqual(
      ["grace@example.com", "p0@example.com", "p1@example.com", "p2@example.com"].sort(),
    );
    // the page a post without JavaScript lands on restates the same price
    const found = await findBookingConfirmation(answer.body.reference as string);
    expect(found).toMatchObject({ participants: 4, unitCents: 11_000_000 });
    // attending and listed again is one person twice, refused as before
    const twice = await register(
      booking(runId, {
        email: "twice@example.com",
        contactAttends: "on",
        "participants[0].name": "Grace",
        "participants[0].email": "twice@example.com",
      }),
    );
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(REGISTRATION_MESSAGES.duplicateParticipant("twice@example.com"));
    // without the box the rows alone attend; without rows the contact alone does, ticked or not
    const rowsOnly = await register(booking(runId, { email: "hr@example.com", ...group(2) }));
    expect(rowsOnly.body).toMatchObject({ ok: true, participants: 2 });
    const alone = await register(booking(runId, { email: "solo2@example.com", contactAttends: "on" }));
    expect(alone.body).toMatchObject({ ok: true, participants: 1, unitCents: 11_000_000 });
  });

  test("a group of eight is one booking with a registration per participant", async () => {
    const runId = await newRun(20);
    const answer = await register(
      booking(runId, {
        organization: "County Government of Kisumu",
        kraPin: "P051234567X",
        lpoNumber: "LPO-88",
        nitaLevyNumber: "NITA/LEVY/0042",
        ...group(8),
      }),
    );
    expect(answer.body).toMatchObject({ ok: true });
    const [row] = await db()
      .select()
      .from(bookings)
      .where(eq(bookings.reference, answer.body.reference as string));
    expect(row).toMatchObject({
      participants: 8,
      kraPin: "P051234567X",
      lpoNumber: "LPO-88",
      nitaLevyNumber: "NITA/LEVY/0042",
    });
    const rows = await registrationsOf(runId);
    expect(rows.map((r) => r.email).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => person(i).email).sort(),
    );
  });

  test("each bad input gets its own message and stores nothing", async () => {
    const runId = await newRun(20);
    const otherCourseRun = await newRun(20, { slug: "corporate-governance-for-boards-and-directors" });
    const cancelled = await newRun(20, { status: "cancelled" as never });
    const past = await newRun(20, { inDays: -1 });
    await setSettingValue(db(), "max_group_size", 3, null);
    const before = await db().$count(bookings);
    const cases: [Record<string, string>, string][] = [
      [booking(past), "This course date has already started."],
      [booking(cancelled), "This course date has been cancelled."],
      [booking(otherCourseRun), "The selected date is not a date of this course."],
      [booking(runId, group(4)), "At most 3 participants can be booked in one registration."],
      [
        booking(runId, {
          ...group(2),
          "participants[2].name": "Twin",
          "participants[2].email": "P1@example.com",
        }),
        "P1@example.com is listed more than once.",
      ],
    ];
    for (const [fields, message] of cases) {
      const answer = await register(fields);
      expect(answer.status, message).toBe(400);
      expect(answer.body.message).toContain(message.split(" is listed")[0]);
    }
    expect(await db().$count(bookings)).toBe(before);
  });

  test("a run that started today in Nairobi is past from that day on", async () => {
    const runId = await newRun(20, { inDays: 1 });
    setClock(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    const answer = await register(booking(runId));
    expect(answer.body.message).toBe(
      "This course date has already started. Please choose one of the upcoming dates.",
    );
  });

  test("a booking for a full run, or larger than the seats left, waits whole on the waiting list", async () => {
    const runId = await newRun(3);
    expect((await register(booking(runId, group(2)))).body.ok).toBe(true);
    const tooBig = await register(booking(runId, { ...group(2), email: "hr@example.com" }));
    expect(tooBig.body).toMatchObject({ ok: true, title: "You are on the waiting list" });
    expect(tooBig.body.message).toContain("position 1");
    const single = await register(booking(runId, { email: "solo@example.com" }));
    expect(single.body).toMatchObject({ ok: true, title: "Registration Successful!" });
    const next = await register(booking(runId, { email: "late@example.com" }));
    expect(next.body.message).toContain("position 2");
    const rows = await registrationsOf(runId);
    expect(rows.filter((r) => r.status === "new")).toHaveLength(3);
    expect(rows.filter((r) => r.status === "waitlisted")).toHaveLength(3);
  });
});

/** A booking as the form hands it over, for a run of the course; `fields` change the defaults. */
const newBooking = (runId: string | null, i: number, fields: Partial<NewBooking> = {}): NewBooking => ({
  name: `Racer ${i}`,
  email: `racer${i}@example.com`,
  phone: null,
  organization: null,
  course: SLUG,
  run: runId,
  message: null,
  kraPin: null,
  lpoNumber: null,
  nitaLevyNumber: null,
  contactAttends: false,
  participants: [],
  source: "register",
  idempotencyKey: `race-${runId}-${i}`,
  ip: null,
  ...fields,
});

async function seatsOf(runId: string) {
  const [live] = await db()
    .select({ n: count() })
    .from(courseRegistrations)
    .where(and(eq(courseRegistrations.runId, runId), inArray(courseRegistrations.status, ["new"])));
  const [waiting] = await db()
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.runId, runId), eq(bookings.status, "waitlisted")));
  return { taken: Number(live?.n), waiting: Number(waiting?.n) };
}

const positionsOf = (outcomes: (BookingOutcome | null)[]) =>
  outcomes.flatMap((o) => (o?.ok && o.position ? [o.position] : [])).sort((a, b) => a - b);

describe("seats under concurrency", () => {
  test("40 concurrent bookings for the last 5 seats: exactly 5 seats taken, 35 on the waiting list", async () => {
    const runId = await newRun(5);
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => createBooking(newBooking(runId, i))),
    );
    expect(outcomes.every((o) => o?.ok)).toBe(true);
    expect(await seatsOf(runId)).toEqual({ taken: 5, waiting: 35 });
    expect(positionsOf(outcomes)).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));
  });

  test("8 groups of 5 stored at once, each in its own transaction as several processes would: still 5 seats taken", async () => {
    const runId = await newRun(5);
    const groups = await Promise.all(
      Array.from({ length: 8 }, (_, g) =>
        bookGroup(Array.from({ length: 5 }, (_, i) => newBooking(runId, g * 5 + i))),
      ),
    );
    const outcomes = groups.flat();
    expect(outcomes.every((o) => o?.ok)).toBe(true);
    expect(await seatsOf(runId)).toEqual({ taken: 5, waiting: 35 });
    expect(positionsOf(outcomes)).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));
  });

  test("in one group each booking is decided in the order it arrived, with its own answer", async () => {
    const runId = await newRun(3);
    const cancelled = await newRun(20, { status: "cancelled" as never });
    const inputs = [
      newBooking(runId, 0),
      newBooking(runId, 1, {
        participants: [1, 2, 3].map((n) => ({ ...person(n), phone: null, idNumber: null })),
      }),
      // a double submit of the first: the same key
      newBooking(runId, 0, { name: "Racer 0 again" }),
      newBooking(cancelled, 3),
      newBooking(runId, 4, { course: "no-such-course" }),
      newBooking(runId, 5, {
        participants: [5, 6].map((n) => ({ ...person(n), phone: null, idNumber: null })),
      }),
      newBooking(runId, 7),
    ];
    const outcomes = await Promise.all(inputs.map((input) => createBooking(input)));
    const first = outcomes[0];
    expect(first).toMatchObject({ ok: true, waitlisted: false, participants: 1, replayed: false });
    expect(outcomes[1]).toMatchObject({ ok: true, waitlisted: true, position: 1, participants: 3 });
    expect(outcomes[2]).toEqual({ ...first, replayed: true });
    expect(outcomes[3]).toEqual({ ok: false, field: "run", message: REGISTRATION_MESSAGES.cancelledRun });
    expect(outcomes[4]).toBeNull();
    expect(outcomes[5]).toMatchObject({ ok: true, waitlisted: false, participants: 2 });
    expect(outcomes[6]).toMatchObject({ ok: true, waitlisted: true, position: 2 });
    expect(await seatsOf(runId)).toEqual({ taken: 3, waiting: 2 });
    // the confirmation page counts the queue the same way
    const waitlisted = outcomes[6];
    const shown = await findBookingConfirmation(waitlisted?.ok ? waitlisted.reference : "");
    expect(shown).toMatchObject({ waitlisted: true, position: 2 });
    const [stored] = await db()
      .select({ n: count() })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "registration_confirmation"));
    expect(Number(stored?.n)).toBeGreaterThanOrEqual(4);
  });

  test("a booking the database refuses fails alone; the others in its group are stored", async () => {
    const runId = await newRun(10);
    const outcomes = await Promise.allSettled([
      createBooking(newBooking(runId, 0)),
      // text with a NUL character: PostgreSQL refuses it, whatever passed the form's checks
      createBooking(newBooking(runId, 1, { organization: "Bad\u0000Org" })),
      createBooking(newBooking(runId, 2)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await seatsOf(runId)).toEqual({ taken: 2, waiting: 0 });
  });

  test.each([
    ["on a run", true],
    ["without a run, each group one statement", false],
  ])(
    "one key in two groups stored at once, as two processes would (%s): one booking, and the other answers with it",
    async (_, onRun) => {
      const runId = onRun ? await newRun(20) : null;
      const key = `twin-${crypto.randomUUID()}`;
      const twin = (n: number) =>
        newBooking(runId, n, {
          idempotencyKey: key,
          participants: [n, n + 1, n + 2].map((p) => ({ ...person(p), phone: null, idNumber: null })),
        });
      const other = (n: number) => newBooking(runId, n, { idempotencyKey: `${key}-${n}` });
      // on PostgreSQL the second group's statement waits on the first's key, fails on it, and the group is tried again
      const [first, second] = await Promise.all([
        bookGroup([twin(10), other(20)]),
        bookGroup([twin(30), other(40)]),
      ]);
      const twins = [first?.[0], second?.[0]];
      expect(twins.every((o) => o?.ok)).toBe(true);
      const [a, b] = twins as Extract<BookingOutcome, { ok: true }>[];
      expect(a?.reference).toBe(b?.reference);
      expect([a?.replayed, b?.replayed].sort()).toEqual([false, true]);
      expect([first?.[1]?.ok, second?.[1]?.ok]).toEqual([true, true]);
      const stored = await db()
        .select({ id: bookings.id, key: bookings.idempotencyKey, participants: bookings.participants })
        .from(bookings)
        .where(like(bookings.idempotencyKey, `${key}%`));
      expect(stored.map((row) => [row.key, row.participants]).sort()).toEqual([
        [key, 3],
        [`${key}-20`, 1],
        [`${key}-40`, 1],
      ]);
      const [registered] = await db()
        .select({ n: count() })
        .from(courseRegistrations)
        .where(
          inArray(
            courseRegistrations.bookingId,
            stored.map((row) => row.id),
          ),
        );
      expect(Number(registered?.n)).toBe(5);
    },
  );
});

describe("the run page's actions", () => {
  const actor = { id: null, email: "admin@mafunzo.test", ip: "203.0.113.9", userAgent: "test" };
  async function participants(runId: string) {
    return db()
      .select({
        id: courseRegistrations.id,
        status: courseRegistrations.status,
        runId: courseRegistrations.runId,
      })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.runId, runId))
      .orderBy(courseRegistrations.createdAt);
  }

  test("cancelling frees the seat; confirming a waitlisted participant needs one", async () => {
    const { cancelParticipant, confirmParticipant } = await import("#app/bookings/index.server");
    const runId = await newRun(1);
    await register(booking(runId));
    await register(booking(runId, { email: "second@example.com" }));
    const [holder, waiting] = await participants(runId);
    expect([holder?.status, waiting?.status]).toEqual(["new", "waitlisted"]);
    const refused = await confirmParticipant(actor as never, runId, waiting?.id as string);
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining("No seat is free") });
    expect(await cancelParticipant(actor as never, runId, holder?.id as string)).toMatchObject({ ok: true });
    expect(await confirmParticipant(actor as never, runId, waiting?.id as string)).toMatchObject({
      ok: true,
    });
    expect((await participants(runId)).map((p) => p.status)).toEqual(["cancelled", "confirmed"]);
    const [second] = await db()
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.contactEmail, "second@example.com"));
    expect(second?.status).toBe("confirmed");
  });

  test("moving checks the course and the seats of the new date", async () => {
    const { moveParticipant } = await import("#app/bookings/index.server");
    const from = await newRun(5);
    const full = await newRun(1);
    const open = await newRun(5, { inDays: 60 });
    const other = await newRun(5, { slug: "corporate-governance-for-boards-and-directors" });
    await register(booking(full, { email: "taken@example.com" }));
    await register(booking(from, { email: "mover@example.com" }));
    const [mover] = await participants(from);
    const id = mover?.id as string;
    expect(await moveParticipant(actor as never, from, id, other)).toMatchObject({ ok: false, status: 400 });
    expect(await moveParticipant(actor as never, from, id, full)).toMatchObject({ ok: false, status: 409 });
    expect(await moveParticipant(actor as never, from, id, open)).toMatchObject({ ok: true });
    expect((await participants(open)).map((p) => p.id)).toEqual([id]);
    expect(await participants(from)).toEqual([]);
  });
});

describe("waiting-list offers", () => {
  const actor = { id: null, email: "admin@mafunzo.test", ip: "203.0.113.9", userAgent: "test" };

  async function offerLinkFor(email: string) {
    const rows = await db()
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "waitlist_offer")));
    return rows.map((row) => /\/register\/offer\/([\w-]+)/.exec(row.text)?.[1] as string);
  }

  async function fullRunWithQueue() {
    const runId = await newRun(1);
    const stamp = crypto.randomUUID().slice(0, 8);
    const emails = [
      `holder.${stamp}@example.com`,
      `first.${stamp}@example.com`,
      `second.${stamp}@example.com`,
    ];
    for (const email of emails) await register(booking(runId, { email }));
    const [holder] = await db()
      .select({ id: courseRegistrations.id })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.email, emails[0] as string));
    return { runId, emails, holderId: holder?.id as string };
  }

  test("a cancellation offers the seat to the first in the queue; the link claims it once", async () => {
    const { cancelParticipant } = await import("#app/bookings/index.server");
    const { claimOffer, describeOffer } = await import("#app/bookings/index.server");
    const { runId, emails, holderId } = await fullRunWithQueue();
    await cancelParticipant(actor as never, runId, holderId);
    const [token] = await offerLinkFor(emails[1] as string);
    expect(token).toBeTruthy();
    expect(await offerLinkFor(emails[2] as string)).toEqual([]);
    expect(await describeOffer(token as string)).toMatchObject({ state: "open", seats: 1 });
    // the held seat is not for anyone else
    const late = await register(booking(runId, { email: "latecomer@example.com" }));
    expect(late.body.title).toBe("You are on the waiting list");
    expect(await claimOffer(token as string)).toMatchObject({ state: "claimed" });
    expect(await claimOffer(token as string)).toMatchObject({ state: "claimed" });
    const [claimed] = await db()
      .select({ status: courseRegistrations.status })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.email, emails[1] as string));
    expect(claimed?.status).toBe("new");
    expect(await describeOffer("made-up-token")).toEqual({ state: "unknown" });
  });

  test("an unclaimed offer expires and passes to the next booking, exactly once with two sweeps at once", async () => {
    const { cancelParticipant } = await import("#app/bookings/index.server");
    const { describeOffer, sweepExpiredOffers } = await import("#app/bookings/index.server");
    const { runId, emails, holderId } = await fullRunWithQueue();
    await cancelParticipant(actor as never, runId, holderId);
    const [first] = await offerLinkFor(emails[1] as string);
    setClock(new Date(Date.now() + 49 * 3_600_000));
    const swept = await Promise.all([sweepExpiredOffers(), sweepExpiredOffers()]);
    // one offer fell due: SKIP LOCKED gives it to one sweep, the other finds nothing
    expect(swept.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await describeOffer(first as string)).toMatchObject({ state: "expired" });
    expect(await offerLinkFor(emails[2] as string)).toHaveLength(1);
    const [open] = await db()
      .select({ n: count() })
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.runId, runId), eq(waitlistOffers.status, "open")));
    expect(Number(open?.n)).toBe(1);
  });
});
