import { and, eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { bookings } from "#app/booking/tables.server";
import { getBookingPage, RegistrationSchema, updateChannelConsent } from "#app/bookings/index.server";
import { issueDueReceipts } from "#app/money/index.server";
import { db } from "#app/platform/db/client.server";
import { smsOptOuts, whatsappOptOuts, whatsappOutbox } from "#app/platform/db/tables.server";
import { setSettingValue } from "#app/platform/settings/setting.server";
import { enqueueWhatsApp } from "#app/platform/whatsapp/whatsapp-outbox.server";
import { ACTOR, book, c2b, callback, confirmAll, newRun, SECRET, SLUG } from "../helpers/money";

// The moments that reach people on WhatsApp as approved templates, and the consent behind them (0771, 0772).

beforeEach(async () => {
  await setSettingValue(db(), "mpesa_callback_secret", SECRET, null);
  await setSettingValue(db(), "finance_kra_pin", "P051111111Q", null);
});

test("the booking form's WhatsApp box needs a mobile number of the four countries, for contact and participant", () => {
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
    whatsappConsent: "on",
  };
  const refused = RegistrationSchema.safeParse(form);
  expect(refused.error?.issues[0]).toMatchObject({
    path: ["whatsappConsent"],
    message: expect.stringContaining("To get WhatsApp messages, enter a mobile number"),
  });
  const participant = RegistrationSchema.safeParse({
    ...form,
    phone: "0712 345 678",
    participants: [{ name: "Otieno", email: "otieno@example.com", phone: "", whatsappConsent: "on" }],
  });
  expect(participant.error?.issues[0]?.path).toEqual(["participants", 0, "whatsappConsent"]);
  const agreed = RegistrationSchema.safeParse({ ...form, phone: "0712 345 678" }).data;
  expect(agreed?.whatsappConsent).toBe(true);
  expect(agreed?.smsConsent).toBe(false);
});

test("payment received goes as its template to a contact who agreed, amount and receipt number in order", async () => {
  const runId = await newRun("10000.00");
  const { booking, participants } = await book(runId, 1, "WhatsApped");
  await db()
    .update(bookings)
    .set({ contactWhatsappConsentAt: new Date() })
    .where(eq(bookings.id, booking.id));
  await confirmAll(runId, participants);
  await callback(
    "confirmation",
    c2b({ TransID: "TKW0000001", TransAmount: "10000", BillRefNumber: booking.reference }),
  );
  await issueDueReceipts();
  const rows = await db()
    .select()
    .from(whatsappOutbox)
    .where(
      and(
        eq(whatsappOutbox.moment, "payment_received"),
        eq(whatsappOutbox.relatedTable, "finance_documents"),
      ),
    );
  const mine = rows.filter((row) => row.toNumber === "+254712345678" && row.createdAt >= booking.createdAt);
  expect(mine).toHaveLength(1);
  expect(mine[0]?.variables[0]).toBe("KES 10,000.00");
  // the receipt's own number, as printed on it
  expect(mine[0]?.variables[1]).toMatch(/\d/);
});

test("withdrawn in the portal, WhatsApp stops at once and SMS is untouched; agreed again, it is back on", async () => {
  const who = { actor: ACTOR, overridesNotice: false };
  const runId = await newRun("10000.00");
  const { booking } = await book(runId, 1, "Portal");
  const phone = "+254712345678";
  await db().delete(whatsappOptOuts).where(eq(whatsappOptOuts.number, phone));
  expect(await updateChannelConsent(who, booking.id, "whatsapp", true)).toMatchObject({ ok: true });
  expect((await getBookingPage(booking.reference))?.whatsappConsent).toMatchObject({ phone, on: true });
  await enqueueWhatsApp(db(), [
    {
      to: phone,
      moment: "payment_received",
      variables: ["KES 1.00", "RCT-1"],
      relatedTable: "bookings",
      relatedId: booking.id,
    },
  ]);
  const smsOut = await db().select().from(smsOptOuts).where(eq(smsOptOuts.number, phone));
  expect(await updateChannelConsent(who, booking.id, "whatsapp", false)).toMatchObject({ ok: true });
  const waiting = await db().select().from(whatsappOutbox).where(eq(whatsappOutbox.relatedId, booking.id));
  expect(waiting.map((row) => row.status)).toEqual(["cancelled"]);
  const [out] = await db().select().from(whatsappOptOuts).where(eq(whatsappOptOuts.number, phone));
  expect(out?.source).toBe("portal");
  expect(await db().select().from(smsOptOuts).where(eq(smsOptOuts.number, phone))).toEqual(smsOut);
  const [after] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
  expect(after?.contactWhatsappConsentAt).toBeNull();
  expect(await updateChannelConsent(who, booking.id, "whatsapp", true)).toMatchObject({ ok: true });
  expect(await db().select().from(whatsappOptOuts).where(eq(whatsappOptOuts.number, phone))).toHaveLength(0);
});
