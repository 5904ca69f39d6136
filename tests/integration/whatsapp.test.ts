import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { readSubject } from "#app/back-office/index";
import { erasePersonalData, findPersonalData } from "#app/back-office/index.server";
import { bookings, courseRegistrations } from "#app/booking/tables.server";
import { getBookingPage } from "#app/bookings/index.server";
import { deliveryToday, saveJoiningInstructions } from "#app/delivery/index.server";
import { reminderDueAt, scheduleReminders } from "#app/delivery/testing.server";
import { db } from "#app/platform/db/client.server";
import { claimDueRows } from "#app/platform/db/outbox-claim.server";
import { whatsappCredentials, whatsappOptOuts, whatsappOutbox } from "#app/platform/db/tables.server";
import {
  getWhatsAppAccount,
  nameWhatsAppTemplate,
  saveWhatsAppCredentials,
} from "#app/platform/whatsapp/whatsapp-credentials.server";
import {
  deliverDueWhatsApp,
  enqueueWhatsApp,
  optBackInToWhatsApp,
  type WhatsAppRow,
} from "#app/platform/whatsapp/whatsapp-outbox.server";
import { whatsappVerification, whatsappWebhook } from "#app/platform/whatsapp/whatsapp-webhook.server";
import { advanceClock, now, setClock } from "#app/utils/clock";
import { today } from "#app/utils/dates";
import { book, clearOutbox, newRun } from "../helpers/delivery";
import { standInForFile } from "../helpers/stand-in-env";
import {
  incomingPayload,
  signedRequest,
  startWhatsAppStandIn,
  statusPayload,
  WA_ACCOUNT,
} from "../helpers/whatsapp-cloud";

const standIn = standInForFile(startWhatsAppStandIn, (wa) => ({
  WHATSAPP_GRAPH_URL: wa.url,
  WHATSAPP_TIMEOUT_SECONDS: "1",
  WHATSAPP_RETRY_SECONDS: "60",
}));

const ACTOR = { id: null, email: "owner@mafunzo.test", ip: "127.0.0.1", userAgent: "vitest" };
const HOOK = "http://localhost/api/whatsapp/webhook";

beforeAll(async () => {
  await saveWhatsAppCredentials(ACTOR, { ...WA_ACCOUNT });
  await nameWhatsAppTemplate(ACTOR, "session_reminder", { name: "mafunzo_session_reminder", language: "en" });
  await nameWhatsAppTemplate(ACTOR, "payment_received", { name: "mafunzo_payment_received", language: "en" });
});

afterEach(() => setClock(null));

let counter = 0;
const freshNumber = () =>
  `+2547${String(Date.now() % 1e6).padStart(6, "0")}${String(++counter % 100).padStart(2, "0")}`;

async function queuePayment(to = freshNumber()) {
  await enqueueWhatsApp(db(), [{ to, moment: "payment_received", variables: ["KES 45,000", "RCT-0042"] }]);
  return to;
}
const rowsTo = (number: string) =>
  db()
    .select()
    .from(whatsappOutbox)
    .where(eq(whatsappOutbox.toNumber, number))
    .orderBy(whatsappOutbox.createdAt);
const sentTo = (number: string) => standIn().messages.filter((m) => `+${m.to}` === number);

describe("a template message", () => {
  test("goes as the approved template with its variables in order, then is moved by signed statuses to read", async () => {
    const to = freshNumber();
    await enqueueWhatsApp(db(), [
      { to, moment: "payment_received", variables: ["KES 45,000.00", "RCT-0042\n(M-PESA)"] },
    ]);
    await deliverDueWhatsApp();
    const [message] = sentTo(to);
    // a newline is not allowed in a parameter: Meta would refuse it
    expect(message).toMatchObject({
      name: "mafunzo_payment_received",
      language: "en",
      variables: ["KES 45,000.00", "RCT-0042 (M-PESA)"],
    });
    const [sent] = await rowsTo(to);
    expect(sent).toMatchObject({
      status: "sent",
      providerMessageId: message?.id,
      templateName: "mafunzo_payment_received",
    });

    const post = async (payload: unknown) => (await whatsappWebhook(signedRequest(HOOK, payload))).status;
    const wa = { id: message?.id ?? "", to: message?.to ?? "" };
    expect(await post(statusPayload(wa, "delivered"))).toBe(200);
    expect((await rowsTo(to))[0]?.status).toBe("delivered");
    expect(await post(statusPayload(wa, "read"))).toBe(200);
    // a late "delivered" or "sent" never moves it back
    expect(await post(statusPayload(wa, "delivered"))).toBe(200);
    const [read] = await rowsTo(to);
    expect(read?.status).toBe("read");
    expect(read?.readAt).not.toBeNull();
  });

  test("a failed status with Meta's error marks it failed with the reason", async () => {
    const to = await queuePayment();
    await deliverDueWhatsApp();
    const [message] = sentTo(to);
    const request = signedRequest(
      HOOK,
      statusPayload({ id: message?.id ?? "", to: message?.to ?? "" }, "failed", {
        code: 131026,
        title: "Message undeliverable",
      }),
    );
    expect((await whatsappWebhook(request)).status).toBe(200);
    const [row] = await rowsTo(to);
    expect(row?.status).toBe("failed");
    expect(row?.lastError).toContain("Message undeliverable (131026)");
  });

  test("the wrong number of variables is refused before it is queued", async () => {
    await expect(
      enqueueWhatsApp(db(), [{ to: freshNumber(), moment: "payment_received", variables: ["KES 1"] }]),
    ).rejects.toThrow(/takes 2 variables/);
    expect(
      await enqueueWhatsApp(db(), [{ to: "020 2345678", moment: "payment_received", variables: ["a", "b"] }]),
    ).toBe(0);
  });

  test("a moment with no approved template named is cancelled, not sent", async () => {
    const to = freshNumber();
    await enqueueWhatsApp(db(), [
      { to, moment: "certificate_ready", variables: ["Fire Safety", "https://x.test/v/1"] },
    ]);
    await deliverDueWhatsApp();
    const [row] = await rowsTo(to);
    expect(row?.status).toBe("cancelled");
    expect(row?.lastError).toContain("Certificate ready");
    expect(sentTo(to)).toHaveLength(0);
  });
});

describe("Meta's answers", () => {
  test("a template Meta does not have in that language fails for good with 132001", async () => {
    await nameWhatsAppTemplate(ACTOR, "certificate_ready", {
      name: "mafunzo_certificate_ready",
      language: "sw",
    });
    const to = freshNumber();
    await enqueueWhatsApp(db(), [
      { to, moment: "certificate_ready", variables: ["Fire Safety", "https://x.test/v/1"] },
    ]);
    await deliverDueWhatsApp();
    const [row] = await rowsTo(to);
    expect(row?.status).toBe("failed");
    expect(row?.providerStatus).toBe("132001 Template does not exist");
    await nameWhatsAppTemplate(ACTOR, "certificate_ready", null);
  });

  test("throughput, a 5xx and an expired token wait and are tried again; the retry goes through", async () => {
    for (const outcome of [
      { kind: "graph", code: 130429 },
      { kind: "http500" },
      { kind: "graph", code: 190 },
    ] as const) {
      const to = await queuePayment();
      standIn().next(outcome);
      await deliverDueWhatsApp();
      const [waiting] = await rowsTo(to);
      expect(waiting?.status).toBe("pending");
      expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThan(now().getTime() + 50_000);
      advanceClock(61_000);
      await deliverDueWhatsApp();
      expect((await rowsTo(to))[0]?.status).toBe("sent");
      expect(sentTo(to)).toHaveLength(1);
    }
  });

  test("an undeliverable number (131026) fails for good", async () => {
    const to = await queuePayment();
    standIn().next({ kind: "graph", code: 131026 });
    await deliverDueWhatsApp();
    const [row] = await rowsTo(to);
    expect(row?.status).toBe("failed");
    advanceClock(3_600_000);
    await deliverDueWhatsApp();
    expect(sentTo(to)).toHaveLength(0);
  });

  test("a request left unanswered is failed, never sent again", async () => {
    const to = await queuePayment();
    const before = standIn().requests();
    standIn().next({ kind: "timeout" });
    await deliverDueWhatsApp();
    const [row] = await rowsTo(to);
    expect(row?.status).toBe("failed");
    expect(row?.lastError).toContain("never sent twice");
    advanceClock(3_600_000);
    await deliverDueWhatsApp();
    expect(standIn().requests()).toBe(before + 1);
  });

  test("the token and app secret are sealed at rest", async () => {
    const [row] = await db().select().from(whatsappCredentials);
    expect(JSON.stringify(row)).not.toContain(WA_ACCOUNT.accessToken);
    expect(JSON.stringify(row)).not.toContain(WA_ACCOUNT.appSecret);
    expect(row?.accessTokenSealed.startsWith("seal1:")).toBe(true);
  });
});

describe("the outbox", () => {
  test("two workers at once over 200 messages send each one exactly once", async () => {
    const numbers = Array.from({ length: 200 }, (_, i) => `+2557${String(20_000_000 + i).slice(-8)}`);
    await enqueueWhatsApp(
      db(),
      numbers.map((to) => ({ to, moment: "payment_received" as const, variables: ["TZS 10,000", "RCT-1"] })),
    );
    const drain = async () => {
      for (;;) if ((await deliverDueWhatsApp({ limit: 20 })).claimed === 0) return;
    };
    await Promise.all([drain(), drain()]);
    const got = standIn()
      .messages.map((m) => `+${m.to}`)
      .filter((to) => numbers.includes(to));
    expect(got).toHaveLength(200);
    expect(new Set(got).size).toBe(200);
    const rows = await db()
      .select({ status: whatsappOutbox.status })
      .from(whatsappOutbox)
      .where(inArray(whatsappOutbox.toNumber, numbers));
    expect(rows.every((r) => r.status === "sent")).toBe(true);
  });

  test("a process killed mid-request leaves its message failed once the lease ends, never sent again", async () => {
    const to = await queuePayment();
    const [claimed] = await claimDueRows<WhatsAppRow>(whatsappOutbox, 1, 60_000);
    expect(claimed?.toNumber).toBe(to);
    await db()
      .update(whatsappOutbox)
      .set({ sendingAt: now() })
      .where(eq(whatsappOutbox.id, claimed?.id as string));
    expect((await deliverDueWhatsApp()).claimed).toBe(0);
    advanceClock(61_000);
    await deliverDueWhatsApp();
    expect((await rowsTo(to))[0]?.status).toBe("failed");
    expect(sentTo(to)).toHaveLength(0);
  });
});

describe("the webhook", () => {
  test("answers the subscription's check only with the verify token", async () => {
    const account = await getWhatsAppAccount();
    const check = (token: string, mode = "subscribe") =>
      whatsappVerification(
        new Request(
          `${HOOK}?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`,
        ),
      );
    const ok = await check(account?.verifyToken ?? "");
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    expect((await check("wrong")).status).toBe(403);
    expect((await check(account?.verifyToken ?? "", "unsubscribe")).status).toBe(403);
  });

  test("refuses a wrong signature, a wrong type, a malformed or oversized body, and never answers 5xx", async () => {
    const payload = incomingPayload("254712000999", "STOP");
    expect((await whatsappWebhook(signedRequest(HOOK, payload, "not-the-secret"))).status).toBe(401);
    const unsigned = new Request(HOOK, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
    });
    expect((await whatsappWebhook(unsigned)).status).toBe(401);
    const form = signedRequest(HOOK, payload);
    const asForm = new Request(HOOK, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Hub-Signature-256": form.headers.get("x-hub-signature-256") ?? "",
      },
      body: JSON.stringify(payload),
    });
    expect((await whatsappWebhook(asForm)).status).toBe(415);
    expect((await whatsappWebhook(signedRequest(HOOK, { object: "page", entry: [] }))).status).toBe(400);
    const huge = signedRequest(HOOK, {
      object: "whatsapp_business_account",
      pad: "x".repeat(300_000),
      entry: [],
    });
    expect((await whatsappWebhook(huge)).status).toBe(413);
    // an unknown message id is acknowledged: Meta would only send it again
    expect(
      (
        await whatsappWebhook(
          signedRequest(HOOK, statusPayload({ id: "wamid.unknown", to: "1" }, "delivered")),
        )
      ).status,
    ).toBe(200);
  });

  test("a STOP reply on WhatsApp cancels what waits at once; agreeing again in the portal lets the next one go", async () => {
    const to = await queuePayment();
    const response = await whatsappWebhook(signedRequest(HOOK, incomingPayload(to.slice(1), "Stop")));
    expect(response.status).toBe(200);
    expect((await rowsTo(to))[0]?.status).toBe("cancelled");
    await queuePayment(to);
    await deliverDueWhatsApp();
    expect((await rowsTo(to))[1]?.status).toBe("cancelled");
    expect(sentTo(to)).toHaveLength(0);
    await optBackInToWhatsApp(db(), to);
    await queuePayment(to);
    await deliverDueWhatsApp();
    expect((await rowsTo(to))[2]?.status).toBe("sent");
  });
});

describe("consent on the booking form", () => {
  test("is recorded with its time per contact and participant; the contact who agreed gets the joining instructions", async () => {
    await nameWhatsAppTemplate(ACTOR, "joining_instructions", {
      name: "mafunzo_joining_instructions",
      language: "en",
    });
    const run = await newRun({ inDays: 12 });
    const contactPhone = "0712 000 771";
    const result = (await book(
      run.id,
      [
        {
          name: "Wanjiru Agreed",
          email: "wanjiru.wa@example.com",
          phone: "0712 000 772",
          whatsappConsent: true,
        },
        { name: "Otieno Not", email: "otieno.wa@example.com", phone: "0712 000 773" },
      ],
      "Kenya Ports Authority",
      { phone: contactPhone, whatsappConsent: true },
    )) as { ok: boolean };
    expect(result.ok).toBe(true);
    const [booking] = await db()
      .select({ id: bookings.id, reference: bookings.reference, at: bookings.contactWhatsappConsentAt })
      .from(bookings)
      .where(eq(bookings.contactPhone, contactPhone));
    expect(booking?.at).toBeInstanceOf(Date);
    const people = await db()
      .select({ name: courseRegistrations.name, at: courseRegistrations.whatsappConsentAt })
      .from(courseRegistrations)
      .where(eq(courseRegistrations.bookingId, booking?.id as string));
    expect(people.find((p) => p.name === "Wanjiru Agreed")?.at).toBeInstanceOf(Date);
    expect(people.find((p) => p.name === "Otieno Not")?.at).toBeNull();
    const [queued, ...more] = await rowsTo("+254712000771");
    expect(more).toHaveLength(0);
    expect(queued).toMatchObject({ moment: "joining_instructions", status: "pending" });
    expect(queued?.variables[0]).toBe("Strategic Planning and Performance Management");
    await deliverDueWhatsApp();
    const [message] = sentTo("+254712000771");
    expect(message?.variables[0]).toBe("Strategic Planning and Performance Management");
    await whatsappWebhook(
      signedRequest(HOOK, statusPayload({ id: message?.id ?? "", to: message?.to ?? "" }, "delivered")),
    );
    // the booking's message log shows it, with its moment, its variables and its state
    const page = await getBookingPage(booking?.reference as string);
    expect(page?.whatsapp).toHaveLength(1);
    expect(page?.whatsapp[0]).toMatchObject({
      label: "Joining instructions",
      status: "delivered",
      templateName: "mafunzo_joining_instructions",
    });
  });
});

describe("the day-before reminder on WhatsApp", () => {
  test("goes to a participant who agreed, at its time, its variables filled when it falls due", async () => {
    await clearOutbox();
    const run = await newRun({ inDays: 3, venue: "Lake Naivasha Resort" });
    const instructions = {
      venueDetails: "Kilimanjaro Hall",
      mapUrl: "https://maps.example.com/old",
      startTime: "08:30",
      timetable: "",
      whatToBring: "",
      contactName: "",
      contactPhone: "",
    };
    await saveJoiningInstructions(ACTOR, run.id, instructions);
    await book(run.id, [
      { name: "Njeri Agreed", email: "njeri.wa@example.com", phone: "0712 000 781", whatsappConsent: true },
      { name: "Kamau Sms", email: "kamau.wa@example.com", phone: "0712 000 782", smsConsent: true },
    ]);
    expect(await scheduleReminders()).toBeGreaterThan(0);
    const [queued, ...others] = await rowsTo("+254712000781");
    expect(others).toHaveLength(0);
    expect(queued).toMatchObject({ moment: "session_reminder", status: "pending" });
    expect(queued?.nextAttemptAt.toISOString()).toBe(reminderDueAt(run.startDate, 1).toISOString());
    expect(await rowsTo("+254712000782")).toHaveLength(0);
    // the map moves before the day: the message carries the new one
    await saveJoiningInstructions(ACTOR, run.id, {
      ...instructions,
      mapUrl: "https://maps.example.com/naivasha",
    });
    expect((await deliverDueWhatsApp()).claimed).toBe(0);
    setClock(reminderDueAt(run.startDate, 1));
    expect(await deliverDueWhatsApp()).toMatchObject({ sent: 1 });
    const [message] = sentTo("+254712000781");
    expect(message?.name).toBe("mafunzo_session_reminder");
    expect(message?.variables).toEqual([
      "Strategic Planning and Performance Management",
      expect.stringMatching(/, 08:30$/),
      "Lake Naivasha Resort",
      "https://maps.example.com/naivasha",
    ]);
  });
});

describe("what needs doing today", () => {
  test("lists tomorrow's reminders that did not reach the phone on WhatsApp, apart from SMS", async () => {
    await clearOutbox();
    const run = await newRun({ inDays: 4, venue: "Mombasa Serena" });
    await book(run.id, [
      {
        name: "Zawadi Refused",
        email: "zawadi.wa@example.com",
        phone: "0712 000 787",
        whatsappConsent: true,
      },
      { name: "Halima Sent", email: "halima.wa@example.com", phone: "0712 000 788", whatsappConsent: true },
    ]);
    await scheduleReminders();
    setClock(reminderDueAt(run.startDate, 1));
    // Zawadi's number cannot get WhatsApp; Halima's, due a moment later, is taken and delivered
    await db()
      .update(whatsappOutbox)
      .set({ nextAttemptAt: new Date(now().getTime() - 1000) })
      .where(eq(whatsappOutbox.toNumber, "+254712000787"));
    standIn().next({ kind: "graph", code: 131026 }, { kind: "sent" });
    await deliverDueWhatsApp();
    const [halima] = sentTo("+254712000788");
    await whatsappWebhook(
      signedRequest(HOOK, statusPayload({ id: halima?.id ?? "", to: halima?.to ?? "" }, "delivered")),
    );
    const items = await deliveryToday({ today: today() });
    expect(items.find((item) => item.id === `whatsapp-reminders-${run.id}`)).toMatchObject({
      count: 1,
      title: expect.stringMatching(/^reminder for tomorrow not delivered by WhatsApp: /),
      to: expect.stringContaining(`/runs/${run.id}`),
    });
    expect(items.find((item) => item.id === `sms-reminders-${run.id}`)).toBeUndefined();
  });
});

describe("a data request by phone number", () => {
  test("finds the number's WhatsApp messages and its STOP; erasure deletes the messages and keeps the STOP", async () => {
    const to = "+256772123456";
    await queuePayment(to);
    await deliverDueWhatsApp();
    await whatsappWebhook(signedRequest(HOOK, incomingPayload(to.slice(1), "STOP")));
    const ugandan = readSubject("+256 772 123 456");
    if (!ugandan.ok) throw new Error("a valid number");
    const found = await findPersonalData(ugandan.subject);
    expect(found.whatsapp.map((m) => m.status)).toEqual(["sent"]);
    expect(found.whatsappOptedOut).toHaveLength(1);
    const outcome = await erasePersonalData(ACTOR, ugandan.subject, "the person, by e-mail");
    expect(outcome.erased).toMatchObject({ whatsappDeleted: 1 });
    expect(outcome.kept.map((k) => k.what)).toContain(
      "The number's request to receive no WhatsApp message (STOP)",
    );
    expect(await rowsTo(to)).toHaveLength(0);
    expect(await db().select().from(whatsappOptOuts).where(eq(whatsappOptOuts.number, to))).toHaveLength(1);
  });
});
