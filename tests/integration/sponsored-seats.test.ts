import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { seatsForRuns } from "#app/booking/index.server";
import { bookings, courseRegistrations, runSeatHolds, waitlistOffers } from "#app/booking/tables.server";
import { offerLapsedHolds } from "#app/bookings/index.server";
import { createBooking } from "#app/bookings/testing.server";
import { addDiscountCode } from "#app/money/index.server";
import { discountCodes } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { adminAuditLogs } from "#app/platform/db/tables.server";
import * as discountsRoute from "#app/routes/money/finance-discounts";
import { courseRuns } from "#app/site/tables.server";
import { addDays, today } from "#app/utils/dates";
import { answer, signedInAdmin } from "../helpers/admin-session";
import { ACTOR, newRun, SLUG } from "../helpers/money";

/*
 * Seats held for a sponsored cohort's code (decision 0751): the office holds N seats of a date on a code; every
 * other booking sees N fewer seats (the public count, the seat check under the run's lock, the waiting list);
 * bookings with the code draw on them first; releasing or ending the code gives them back and offers them to
 * the waiting list. On PostgreSQL the bookings race in separate transactions.
 */

let counter = 0;

async function runOf(capacity: number) {
  const runId = await newRun("45000");
  await db().update(courseRuns).set({ capacity }).where(eq(courseRuns.id, runId));
  return runId;
}

async function codeOn(runId: string | null) {
  counter++;
  const code = `SPN-${counter}${Date.now().toString(36).slice(-4).toUpperCase()}`;
  const added = await moneyTransaction((tx) =>
    addDiscountCode(tx, ACTOR, {
      code,
      courseId: null,
      runId,
      percentBp: 10_000,
      amountCents: null,
      validUntil: null,
      maxUses: null,
      budgetCents: null,
      sponsor: "County Youth Fund",
    }),
  );
  expect(added.ok).toBe(true);
  const [row] = await db().select().from(discountCodes).where(eq(discountCodes.code, code));
  return { code, id: row?.id as string };
}

function book(runId: string, size: number, code: string | null = null) {
  counter++;
  return createBooking({
    name: `Contact ${counter}`,
    email: `contact${counter}@sponsored.example`,
    phone: "0712345678",
    organization: `Org ${counter}`,
    kraPin: null,
    lpoNumber: null,
    nitaLevyNumber: null,
    course: SLUG,
    run: runId,
    message: null,
    contactAttends: false,
    discountCode: code,
    participants: Array.from({ length: size }, (_, i) => ({
      name: `Participant ${counter}-${i}`,
      email: `p${counter}-${i}@sponsored.example`,
      phone: null,
      idNumber: null,
    })),
    source: "register",
    idempotencyKey: `sponsored-${counter}-${Date.now()}`,
    ip: null,
  });
}

const left = async (runId: string) => (await seatsForRuns([runId])).get(runId)?.left;

async function seated(runId: string) {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(courseRegistrations)
    .where(and(eq(courseRegistrations.runId, runId), sql`${courseRegistrations.status} <> 'waitlisted'`));
  return row?.n;
}

async function screen() {
  const finance = await signedInAdmin({ roles: ["finance"] });
  return (form: Record<string, string>) =>
    answer(() => discountsRoute.action(finance.args("/admin/finance/discounts", { form }) as never));
}

describe("seats held for a code", () => {
  test("the office holds seats on the screen; never more than are free, only on a code for one date; bad input changes nothing", async () => {
    const post = await screen();
    const runId = await runOf(10);
    await book(runId, 4);
    const { id } = await codeOn(runId);
    const anyDate = await codeOn(null);
    for (const [form, message] of [
      [{ seats: "7" }, "The date has 6 seats free: hold at most 6."],
      [{ seats: "0" }, "Hold at least 1 seat, or release them"],
      [{ seats: "two" }, "Enter how many seats to hold, such as 5"],
      [{ id: anyDate.id }, "Only a code for one date can hold seats. Issue one for the date."],
    ] as const) {
      const refused = await post({ intent: "hold-seats", id, seats: "5", ...form });
      expect(refused.status, message).toBeGreaterThanOrEqual(400);
      expect(refused.data).toMatchObject({ ok: false, message });
    }
    expect(await left(runId)).toBe(6);
    expect((await post({ intent: "hold-seats", id, seats: "5" })).data).toMatchObject({ ok: true });
    expect(await left(runId)).toBe(1);
    // changing the hold counts its old seats as free again
    expect((await post({ intent: "hold-seats", id, seats: "6" })).data).toMatchObject({ ok: true });
    expect(await left(runId)).toBe(0);
    const finance = await signedInAdmin({ roles: ["finance"] });
    const listed = await answer(() =>
      discountsRoute.loader(finance.args("/admin/finance/discounts") as never),
    );
    const shown = (listed.data as { codes: { id: string; heldSeats: unknown }[] }).codes.find(
      (c) => c.id === id,
    );
    expect(shown?.heldSeats).toEqual({ seats: 6, used: 0, live: true });
    const audit = await db()
      .select({ action: adminAuditLogs.action })
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.recordId, id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      "Held seats for discount code",
      "Held seats for discount code",
      "Issued discount code",
    ]);
  });

  test("others see the held seats taken; the code's bookings draw on them first, then on ordinary seats", async () => {
    const post = await screen();
    const runId = await runOf(10);
    const { code, id } = await codeOn(runId);
    expect((await post({ intent: "hold-seats", id, seats: "5" })).data).toMatchObject({ ok: true });
    expect(await left(runId)).toBe(5);
    expect(await book(runId, 5)).toMatchObject({ ok: true, waitlisted: false });
    expect(await book(runId, 1)).toMatchObject({ ok: true, waitlisted: true });
    expect(await left(runId)).toBe(0);
    // the date looks full to everyone else; the code still has its seats
    expect(await book(runId, 3, code)).toMatchObject({ ok: true, waitlisted: false });
    expect(await book(runId, 3, code)).toMatchObject({ ok: true, waitlisted: true });
    expect(await book(runId, 2, code)).toMatchObject({ ok: true, waitlisted: false });
    expect(await seated(runId)).toBe(10);
    const [row] = await db().select().from(discountCodes).where(eq(discountCodes.id, id));
    const drew = await db()
      .select()
      .from(bookings)
      .where(eq(bookings.seatHoldId, row?.seatHoldId as string));
    expect(drew.map((b) => b.participants).sort()).toEqual([2, 3]);
  });

  test("releasing the seats, or ending the code, gives them to everyone and offers them to the waiting list", async () => {
    const post = await screen();
    for (const intent of ["release-seats", "end-code"] as const) {
      const runId = await runOf(6);
      const { id } = await codeOn(runId);
      expect((await post({ intent: "hold-seats", id, seats: "3" })).data).toMatchObject({ ok: true });
      expect(await book(runId, 3)).toMatchObject({ waitlisted: false });
      const waiting = await book(runId, 2);
      expect(waiting).toMatchObject({ ok: true, waitlisted: true });
      expect((await post({ intent, id })).data).toMatchObject({ ok: true });
      const offers = await db().select().from(waitlistOffers).where(eq(waitlistOffers.runId, runId));
      expect(offers.map((o) => [o.seats, o.status])).toEqual([[2, "open"]]);
      expect(await left(runId)).toBe(1);
      expect((await post({ intent: "release-seats", id })).data).toMatchObject({
        ok: false,
        message: "That code holds no seats.",
      });
    }
  });

  test("a hold lapses after the code's last day: its seats are free, and the next pass offers them to the waiting list", async () => {
    const post = await screen();
    const runId = await runOf(4);
    const { id } = await codeOn(runId);
    expect((await post({ intent: "hold-seats", id, seats: "2" })).data).toMatchObject({ ok: true });
    expect(await book(runId, 2)).toMatchObject({ waitlisted: false });
    expect(await book(runId, 1)).toMatchObject({ waitlisted: true });
    const [row] = await db().select().from(discountCodes).where(eq(discountCodes.id, id));
    // the code's last day was yesterday: the hold kept its seats until then
    await db()
      .update(runSeatHolds)
      .set({ until: addDays(today(), -1) })
      .where(eq(runSeatHolds.id, row?.seatHoldId as string));
    await db()
      .update(discountCodes)
      .set({ validUntil: addDays(today(), -1) })
      .where(eq(discountCodes.id, id));
    expect(await left(runId)).toBe(2);
    expect((await post({ intent: "hold-seats", id, seats: "1" })).data).toMatchObject({
      ok: false,
      message: `Code ${row?.code} has expired: it can hold no seats.`,
    });
    expect(await offerLapsedHolds()).toBe(1);
    const offers = await db().select().from(waitlistOffers).where(eq(waitlistOffers.runId, runId));
    expect(offers.map((o) => [o.seats, o.status])).toEqual([[1, "open"]]);
    // a second pass finds nothing more to do
    expect(await offerLapsedHolds()).toBe(0);
  });

  test("a date nobody booked can still be deleted with a code holding seats on it: the code and its hold go with it", async () => {
    const post = await screen();
    const runId = await runOf(6);
    const { id } = await codeOn(runId);
    expect((await post({ intent: "hold-seats", id, seats: "2" })).data).toMatchObject({ ok: true });
    await db().delete(courseRuns).where(eq(courseRuns.id, runId));
    expect(await db().select().from(runSeatHolds).where(eq(runSeatHolds.runId, runId))).toEqual([]);
    expect(await db().select().from(discountCodes).where(eq(discountCodes.id, id))).toEqual([]);
  });

  test("bookings racing for the last ordinary seats never oversell and never take the held ones", async () => {
    const post = await screen();
    const runId = await runOf(6);
    const { code, id } = await codeOn(runId);
    expect((await post({ intent: "hold-seats", id, seats: "3" })).data).toMatchObject({ ok: true });
    const outcomes = await Promise.all([
      ...Array.from({ length: 6 }, () => book(runId, 1)),
      ...Array.from({ length: 3 }, () => book(runId, 1, code)),
    ]);
    expect(outcomes.every((o) => o?.ok)).toBe(true);
    const ordinary = outcomes.slice(0, 6).map((o) => (o as { waitlisted: boolean }).waitlisted);
    expect(ordinary.filter((w) => !w)).toHaveLength(3);
    expect(outcomes.slice(6).every((o) => o?.ok && !o.waitlisted)).toBe(true);
    expect(await seated(runId)).toBe(6);
    expect(await left(runId)).toBe(0);
  });
});
