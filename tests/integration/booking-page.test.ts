import { and, asc, eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import {
  addParticipant,
  BookingActionSchema,
  cancelBooking,
  confirmBooking,
  getBookingPage,
  moveBooking,
  resendDocuments,
  substituteParticipant,
  updateBookingDetails,
} from "#app/bookings/index.server";
import { financeDocuments } from "#app/money/tables.server";
import { db } from "#app/platform/db/client.server";
import { adminAuditLogs, emailOutbox } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { addDays, today } from "#app/utils/dates";
import { ACTOR, book, SLUG } from "../helpers/money";

const OFFICE = { actor: ACTOR, overridesNotice: false };
const OWNER = { actor: { ...ACTOR, email: "owner@mafunzo.test" }, overridesNotice: true };
const SUBSTITUTE = { name: "Kevin Mutua", email: "kevin@county.example", phone: null, idNumber: "30111222" };

/** A date of the course `days` from today, priced at KES 10,000 a seat. */
async function runIn(days: number, capacity: number | null = 40) {
  const [course] = await db().select({ id: courses.id }).from(courses).where(eq(courses.slug, SLUG));
  const startDate = addDays(today(), days);
  const [run] = await db()
    .insert(courseRuns)
    .values({
      courseId: course?.id as string,
      startDate,
      endDate: addDays(startDate, 2),
      venue: `Venue in ${days} days`,
      capacity,
      costOverride: "10000.00",
    })
    .returning({ id: courseRuns.id });
  return run?.id as string;
}

const documentsOf = (bookingId: string) =>
  db()
    .select()
    .from(financeDocuments)
    .where(eq(financeDocuments.bookingId, bookingId))
    .orderBy(asc(financeDocuments.createdAt));

const peopleOf = (bookingId: string) =>
  db()
    .select()
    .from(courseRegistrations)
    .where(eq(courseRegistrations.bookingId, bookingId))
    .orderBy(asc(courseRegistrations.createdAt), asc(courseRegistrations.id));

beforeEach(async () => {
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
  await setSettingValue(db(), "substitution_notice_days", 14, null);
});

describe("confirming a booking from its page", () => {
  test("confirms every participant and e-mails one proforma for the whole booking, saying so", async () => {
    const runId = await runIn(30);
    const { booking } = await book(runId, 4, "Confirm");
    const outcome = await confirmBooking(OFFICE, booking.id);
    const docs = await documentsOf(booking.id);
    expect(docs.map((d) => [d.kind, d.version])).toEqual([["proforma", 1]]);
    expect(outcome).toEqual({
      ok: true,
      message: `Booking ${booking.reference}: 4 participants are confirmed for ${
        (await getBookingPage(booking.reference))?.booking.dates
      }. Proforma invoice ${docs[0]?.number} (KES 40,000.00, the whole booking ${booking.reference}) was e-mailed to ${booking.contactEmail}.`,
    });
    expect((await peopleOf(booking.id)).map((p) => p.status)).toEqual([
      "confirmed",
      "confirmed",
      "confirmed",
      "confirmed",
    ]);
    // the proforma travels attached to the message that says the places are confirmed (issue 45)
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.relatedId, booking.id), eq(emailOutbox.kind, "booking_confirmed")));
    expect(mails.map((m) => m.toAddress)).toEqual([booking.contactEmail]);
    expect(mails[0]?.attachments?.map((a) => a.filename)).toEqual([`${docs[0]?.number}.pdf`]);
    expect(await confirmBooking(OFFICE, booking.id)).toMatchObject({ ok: false, status: 409 });
  });
});

describe("substitution", () => {
  test("allowed until the notice period; then refused with the rule, except for an owner", async () => {
    const soon = await runIn(10);
    const { booking, participants } = await book(soon, 2, "Late");
    const refused = await substituteParticipant(OFFICE, booking.id, participants[0] as string, SUBSTITUTE);
    expect(refused).toEqual({
      ok: false,
      status: 409,
      message: expect.stringContaining("Substitutions close 14 days before the start"),
    });
    expect((await peopleOf(booking.id)).map((p) => p.name)).not.toContain(SUBSTITUTE.name);

    const byOwner = await substituteParticipant(OWNER, booking.id, participants[0] as string, SUBSTITUTE);
    expect(byOwner.ok).toBe(true);
    const first = (await peopleOf(booking.id)).find((p) => p.id === participants[0]);
    expect(first).toMatchObject({ name: SUBSTITUTE.name, email: SUBSTITUTE.email, idNumberLast4: "1222" });
    expect(first?.idNumber).toMatch(/^seal1:/);
    const audit = await db()
      .select()
      .from(adminAuditLogs)
      .where(
        and(
          eq(adminAuditLogs.recordId, first?.id as string),
          eq(adminAuditLogs.action, "Substituted participant"),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorEmail).toBe("owner@mafunzo.test");
  });

  test("20 days ahead the office substitutes; the seat, its invoice and its count stay", async () => {
    const runId = await runIn(20);
    const { booking, participants } = await book(runId, 3, "Swap");
    await confirmBooking(OFFICE, booking.id);
    const outcome = await substituteParticipant(OFFICE, booking.id, participants[1] as string, SUBSTITUTE);
    expect(outcome).toMatchObject({
      ok: true,
      message: expect.stringContaining("Kevin Mutua takes the place of"),
    });
    expect((await documentsOf(booking.id)).map((d) => d.version)).toEqual([1]);
    expect((await peopleOf(booking.id)).map((p) => p.status)).toEqual([
      "confirmed",
      "confirmed",
      "confirmed",
    ]);
    const twice = await substituteParticipant(OFFICE, booking.id, participants[0] as string, SUBSTITUTE);
    expect(twice).toMatchObject({ ok: false, field: "email" });
  });
});

describe("adding, moving, cancelling, details", () => {
  test("adding a participant takes a seat and issues a new proforma version; a full date refuses", async () => {
    const runId = await runIn(25, 3);
    const { booking } = await book(runId, 2, "Add");
    await confirmBooking(OFFICE, booking.id);
    const added = await addParticipant(OFFICE, booking.id, SUBSTITUTE);
    expect(added).toMatchObject({
      ok: true,
      message: expect.stringMatching(/Proforma invoice .* was e-mailed to /),
    });
    const docs = await documentsOf(booking.id);
    expect(docs.map((d) => [d.kind, d.version, d.totalCents])).toEqual([
      ["proforma", 1, 2_000_000],
      ["proforma", 2, 3_000_000],
    ]);
    const people = await peopleOf(booking.id);
    expect(people.map((p) => p.status)).toEqual(["confirmed", "confirmed", "confirmed"]);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.participants).toBe(3);
    const full = await addParticipant(OFFICE, booking.id, { ...SUBSTITUTE, email: "x@county.example" });
    expect(full).toEqual({ ok: false, status: 409, message: "No seat is left on this course date." });
  });

  test("moving the booking: seats on the new date and a new version; a full date puts it on the waiting list", async () => {
    const from = await runIn(20);
    const roomy = await runIn(40);
    const tight = await runIn(60, 1);
    const { booking, participants } = await book(from, 2, "Move");
    await confirmBooking(OFFICE, booking.id);
    expect(await moveBooking(OFFICE, booking.id, roomy)).toMatchObject({ ok: true });
    expect((await peopleOf(booking.id)).map((p) => [p.runId, p.status])).toEqual([
      [roomy, "confirmed"],
      [roomy, "confirmed"],
    ]);
    expect((await documentsOf(booking.id)).map((d) => [d.kind, d.version])).toEqual([
      ["proforma", 1],
      ["proforma", 2],
    ]);
    const waits = await moveBooking(OFFICE, booking.id, tight);
    expect(waits).toMatchObject({ ok: true, message: expect.stringContaining("waiting list") });
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ runId: tight, status: "waitlisted" });
    expect((await documentsOf(booking.id)).map((d) => d.kind)).toEqual([
      "proforma",
      "proforma",
      "credit_note",
    ]);
    expect(await moveBooking(OFFICE, booking.id, from)).toMatchObject({ ok: true });
    expect(participants).toHaveLength(2);
    const other = await moveBooking(OFFICE, booking.id, crypto.randomUUID());
    expect(other).toMatchObject({ ok: false, status: 400, field: "toRunId" });
  });

  test("cancelling credits the open invoice and frees the seats; a cancelled booking takes no change", async () => {
    const runId = await runIn(30);
    const { booking } = await book(runId, 2, "Cancel");
    await confirmBooking(OFFICE, booking.id);
    expect(await cancelBooking(OFFICE, booking.id)).toMatchObject({
      ok: true,
      message: expect.stringContaining("Credit note"),
    });
    expect((await documentsOf(booking.id)).map((d) => d.kind)).toEqual(["proforma", "credit_note"]);
    expect((await peopleOf(booking.id)).every((p) => p.status === "cancelled")).toBe(true);
    expect(await addParticipant(OFFICE, booking.id, SUBSTITUTE)).toEqual({
      ok: false,
      status: 409,
      message: "This booking is cancelled.",
    });
    expect(await resendDocuments(OFFICE, booking.id)).toMatchObject({ ok: true });
  });

  test("a new KRA PIN after the invoice issues a new version printing it; a malformed one is refused", async () => {
    const runId = await runIn(30);
    const { booking } = await book(runId, 1, "Pin");
    await confirmBooking(OFFICE, booking.id);
    const bad = BookingActionSchema.safeParse({
      intent: "details",
      kraPin: "12345",
      lpoNumber: "",
      nitaLevyNumber: "",
    });
    expect(bad.success).toBe(false);
    const outcome = await updateBookingDetails(OFFICE, booking.id, {
      kraPin: "A123456789Z",
      lpoNumber: "LPO-77",
      nitaLevyNumber: "NITA/LEVY/0042",
    });
    expect(outcome).toMatchObject({
      ok: true,
      message: expect.stringMatching(/Proforma invoice .* was e-mailed to /),
    });
    const docs = await documentsOf(booking.id);
    expect(docs.map((d) => [d.version, d.buyer.kraPin, d.buyer.lpoNumber])).toEqual([
      [1, "P051234567X", "LPO-2026-88"],
      [2, "A123456789Z", "LPO-77"],
    ]);
    expect(
      await updateBookingDetails(OFFICE, booking.id, {
        kraPin: "A123456789Z",
        lpoNumber: "LPO-77",
        nitaLevyNumber: "NITA/LEVY/0042",
      }),
    ).toEqual({ ok: true, message: "Nothing changed." });
  });
});

describe("the booking page", () => {
  test("shows contact, documents, payments, e-mails and a timeline from the audit log", async () => {
    const runId = await runIn(30);
    const { booking } = await book(runId, 2, "Page");
    await confirmBooking(OFFICE, booking.id);
    await addParticipant(OFFICE, booking.id, SUBSTITUTE);
    const page = await getBookingPage(booking.reference);
    expect(page?.booking).toMatchObject({
      reference: booking.reference,
      kraPin: "P051234567X",
      lpoNumber: "LPO-2026-88",
    });
    expect(page?.participants.map((p) => p.name)).toContain("Kevin Mutua");
    expect(page?.documents.map((d) => d.version)).toEqual([1, 2]);
    expect(page?.documents[0]?.url).toMatch(/^\/billing\//);
    expect(page?.emails.map((e) => e.subject).join("\n")).toContain(`Booking ${booking.reference} changed`);
    expect(page?.timeline.map((t) => t.action)).toEqual(
      expect.arrayContaining(["Confirmed booking", "Added participant", "Issued proforma invoice"]),
    );
    expect(page?.substitutionDeadline).toBe(addDays(addDays(today(), 30), -14));
    expect(await getBookingPage("MF-NOTHERE")).toBeNull();
  });
});

describe("changes racing each other", () => {
  test("a substitution racing a move: both answered, no deadlock, the booking consistent", async () => {
    const from = await runIn(30);
    const to = await runIn(45);
    const { booking, participants } = await book(from, 3, "Race");
    await confirmBooking(OFFICE, booking.id);
    const [substituted, moved] = await Promise.all([
      substituteParticipant(OFFICE, booking.id, participants[2] as string, SUBSTITUTE),
      moveBooking(OFFICE, booking.id, to),
    ]);
    // whichever locks the booking first, the other waits for it and applies after it
    expect([substituted.ok, moved.ok]).toEqual([true, true]);
    const people = await peopleOf(booking.id);
    expect(new Set(people.map((p) => p.runId))).toEqual(new Set([to]));
    expect(people.map((p) => p.name)).toContain("Kevin Mutua");
    const ids = people.map((p) => p.id);
    const entries = await db()
      .select()
      .from(adminAuditLogs)
      .where(inArray(adminAuditLogs.recordId, [booking.id, ...ids]));
    expect(entries.some((e) => e.action === "Moved booking to another course date")).toBe(true);
  });
});
