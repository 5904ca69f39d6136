import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { setRegistrationStatus } from "#app/back-office/testing.server";
import { cancelParticipant, confirmParticipant } from "#app/bookings/index.server";
import { bookingBalance } from "#app/money/index.server";
import { payments } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { ACTOR, book, c2b, callback, confirmAll, newRun, SECRET } from "../helpers/money";

// PGlite runs one transaction at a time, so these races only exist on PostgreSQL: CI runs this file there too.

beforeEach(async () => {
  await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
});

describe("payments for one booking arriving together", () => {
  test("40 simultaneous confirmations: every one answered 0 and stored once, none lost to a deadlock", async () => {
    const runId = await newRun("10000.00");
    const { booking, participants } = await book(runId, 4, "Racer");
    await confirmAll(runId, participants);
    const codes = Array.from(
      { length: 40 },
      (_, i) => `TKR${String(i).padStart(3, "0")}${booking.reference.slice(3, 7)}`,
    );
    const answers = await Promise.all(
      codes.map((code) =>
        callback(
          "confirmation",
          c2b({ TransID: code, TransAmount: "1000.00", BillRefNumber: booking.reference }),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(codes.map(() => 200));
    expect(answers.map((a) => a.body.ResultCode)).toEqual(codes.map(() => "0"));
    const stored = await db()
      .select({ code: payments.transactionCode })
      .from(payments)
      .where(eq(payments.bookingId, booking.id));
    expect(stored.map((p) => p.code).sort()).toEqual([...codes].sort());
    expect((await bookingBalance(db(), booking.id)).paidCents).toBe(40 * 100_000);
  });

  test("the same receipt sent 10 times at once is stored once", async () => {
    const runId = await newRun("10000.00");
    const { booking, participants } = await book(runId, 1, "Replayer");
    await confirmAll(runId, participants);
    const code = `TKD${booking.reference.slice(3, 10)}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        callback(
          "confirmation",
          c2b({ TransID: code, TransAmount: "10000.00", BillRefNumber: booking.reference }),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await db().$count(payments, eq(payments.transactionCode, code))).toBe(1);
    expect((await bookingBalance(db(), booking.id)).state).toBe("paid");
  });

  test("the office confirming and cancelling participants while payments arrive: nothing lost, no error", async () => {
    const runId = await newRun("10000.00");
    const { booking, participants } = await book(runId, 6, "Busy");
    await confirmAll(runId, participants.slice(0, 1));
    const codes = Array.from(
      { length: 10 },
      (_, i) => `TKB${String(i).padStart(3, "0")}${booking.reference.slice(3, 7)}`,
    );
    const [office, answers] = await Promise.all([
      Promise.all([
        ...participants.slice(1, 4).map((id) => confirmParticipant(ACTOR, runId, id)),
        ...participants.slice(4).map((id) => cancelParticipant(ACTOR, runId, id)),
      ]),
      Promise.all(
        codes.map((code) =>
          callback(
            "confirmation",
            c2b({ TransID: code, TransAmount: "1000.00", BillRefNumber: booking.reference }),
          ),
        ),
      ),
    ]);
    expect(office.map((o) => o.ok)).toEqual(Array(5).fill(true));
    expect(answers.map((a) => `${a.status} ${a.body.ResultCode}`)).toEqual(Array(10).fill("200 0"));
    expect(await db().$count(payments, eq(payments.bookingId, booking.id))).toBe(10);
    const balance = await bookingBalance(db(), booking.id);
    expect(balance).toMatchObject({ paidCents: 1_000_000, invoicedCents: 4 * 1_000_000 });
  });

  test("statuses changed on the registrations list while payments arrive: nothing lost, no error", async () => {
    const runId = await newRun("10000.00");
    const { booking, participants } = await book(runId, 5, "Listed");
    await confirmAll(runId, participants.slice(0, 1));
    const codes = Array.from(
      { length: 10 },
      (_, i) => `TKL${String(i).padStart(3, "0")}${booking.reference.slice(3, 7)}`,
    );
    const [changes, answers] = await Promise.all([
      Promise.all(participants.slice(1).map((id) => setRegistrationStatus(id, "confirmed", ACTOR))),
      Promise.all(
        codes.map((code) =>
          callback(
            "confirmation",
            c2b({ TransID: code, TransAmount: "1000.00", BillRefNumber: booking.reference }),
          ),
        ),
      ),
    ]);
    expect(changes.every((c) => c !== false)).toBe(true);
    expect(answers.map((a) => `${a.status} ${a.body.ResultCode}`)).toEqual(Array(10).fill("200 0"));
    expect(await db().$count(payments, eq(payments.bookingId, booking.id))).toBe(10);
    expect(await bookingBalance(db(), booking.id)).toMatchObject({
      invoicedCents: 5_000_000,
      paidCents: 1_000_000,
    });
  });
});
