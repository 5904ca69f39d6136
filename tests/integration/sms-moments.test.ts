import { and, eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { RegistrationSchema, updateSmsConsent } from "#app/bookings/index.server";
import { createBooking } from "#app/bookings/testing.server";
import { issueDueReceipts } from "#app/money/index.server";
import { db } from "#app/platform/db/client.server";
import { smsOptOuts, smsOutbox } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { enqueueSms } from "#app/platform/sms/sms-outbox.server";
import { ACTOR, book, c2b, callback, confirmAll, newRun, SECRET, SLUG } from "../helpers/money";

// The moments that reach people by SMS besides e-mail, and the consent behind them (decisions 0767, 0768).

beforeEach(async () => {
  await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
});

const who = { actor: ACTOR, overridesNotice: false };
const textsTo = (number: string) => db().select().from(smsOutbox).where(eq(smsOutbox.toNumber, number));

test("the booking form's SMS box needs a mobile number of the four countries", () => {
  const form = {
    name: "Wanjiru Kamau",
    email: "wanjiru@example.com",
    phone: "+44 20 7946 0958",
    organization: "",
    course: SLUG,
    run: "",
    message: "",
    kraPin: "",
    lpoNumber: "",
    nitaLevyNumber: "",
    smsConsent: "on",
  };
  const refused = RegistrationSchema.safeParse(form);
  expect(refused.success).toBe(false);
  expect(refused.error?.issues[0]).toMatchObject({
    path: ["smsConsent"],
    message: expect.stringContaining("mobile number of Kenya, Uganda, Rwanda or Tanzania"),
  });
  const participant = RegistrationSchema.safeParse({
    ...form,
    phone: "0712 345 678",
    participants: [{ name: "Otieno", email: "otieno@example.com", phone: "", smsConsent: "on" }],
  });
  expect(participant.error?.issues[0]?.path).toEqual(["participants", 0, "smsConsent"]);
  expect(RegistrationSchema.safeParse({ ...form, phone: "0712 345 678" }).data?.smsConsent).toBe(true);
});

test("a contact who ticked SMS gets the joining-instructions link, with consent recorded on the booking", async () => {
  const runId = await newRun("10000.00");
  const outcome = await createBooking({
    name: "Wanjiru Kamau",
    email: "wanjiru.sms@example.com",
    phone: "0733 100 201",
    organization: null,
    kraPin: null,
    lpoNumber: null,
    nitaLevyNumber: null,
    course: SLUG,
    run: runId,
    message: null,
    contactAttends: false,
    smsConsent: true,
    participants: [
      {
        name: "Otieno Agreed",
        email: "otieno.sms@example.com",
        phone: "0733 100 202",
        idNumber: null,
        smsConsent: true,
      },
      { name: "Akinyi Not", email: "akinyi.sms@example.com", phone: "0733 100 203", idNumber: null },
    ],
    source: "register",
    idempotencyKey: crypto.randomUUID(),
    ip: null,
  } as never);
  expect(outcome?.ok).toBe(true);
  const [booking] = await db()
    .select()
    .from(bookings)
    .where(eq(bookings.contactEmail, "wanjiru.sms@example.com"));
  expect(booking?.contactSmsConsentAt).toBeInstanceOf(Date);
  const people = await db()
    .select({ email: courseRegistrations.email, at: courseRegistrations.smsConsentAt })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.bookingId, booking?.id as string));
  expect(Object.fromEntries(people.map((p) => [p.email, p.at !== null]))).toEqual({
    "otieno.sms@example.com": true,
    "akinyi.sms@example.com": false,
  });
  const [text, ...more] = await textsTo("+254733100201");
  expect(more).toHaveLength(0);
  expect(text).toMatchObject({ kind: "joining_instructions", segments: 1, status: "pending" });
  expect(text?.body).toMatch(/^Booked: .*Joining instructions and payment details: http.*\/account$/);
});

test("payment received goes by SMS with the M-PESA code; STOP in the portal cancels what waits, at once", async () => {
  const runId = await newRun("10000.00");
  const { booking, participants } = await book(runId, 1, "Texted");
  const phone = "+254712345678";
  await db().delete(smsOptOuts).where(eq(smsOptOuts.number, phone));
  expect(await updateSmsConsent(who, booking.id, true)).toMatchObject({ ok: true });
  await confirmAll(runId, participants);
  await callback(
    "confirmation",
    c2b({ TransID: "TKS0000001", TransAmount: "10000", BillRefNumber: booking.reference }),
  );
  await issueDueReceipts();
  const [receipt] = await db()
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.kind, "payment_received"), eq(smsOutbox.toNumber, phone)));
  expect(receipt?.body).toContain("KES 10,000.00");
  expect(receipt?.body).toContain("(TKS0000001)");
  expect(receipt?.body).toContain(booking.reference);

  // withdrawn: the number is off the list and nothing waiting for it goes
  await enqueueSms(db(), [{ to: phone, body: "waiting", kind: "test" }]);
  expect(await updateSmsConsent(who, booking.id, false)).toMatchObject({ ok: true });
  const waiting = await textsTo(phone);
  expect(waiting.filter((t) => t.status === "pending")).toHaveLength(0);
  const [out] = await db().select().from(smsOptOuts).where(eq(smsOptOuts.number, phone));
  expect(out?.source).toBe("portal");
  const [after] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
  expect(after?.contactSmsConsentAt).toBeNull();

  // agreed again: back on the list
  expect(await updateSmsConsent(who, booking.id, true)).toMatchObject({ ok: true });
  expect(await db().select().from(smsOptOuts).where(eq(smsOptOuts.number, phone))).toHaveLength(0);
});

test("consent needs a mobile number on the booking", async () => {
  const runId = await newRun("10000.00");
  const { booking } = await book(runId, 1, "Landline");
  await db().update(bookings).set({ contactPhone: "020 2345678" }).where(eq(bookings.id, booking.id));
  expect(await updateSmsConsent(who, booking.id, true)).toMatchObject({ ok: false, field: "smsConsent" });
});
