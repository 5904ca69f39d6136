import { and, eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { readSubject } from "#app/back-office/index";
import { erasePersonalData as eraseData, findPersonalData } from "#app/back-office/index.server";
import { deliveryToday, saveJoiningInstructions } from "#app/delivery/index.server";
import { reminderDueAt, scheduleReminders } from "#app/delivery/testing.server";
import { getFinanceOverview } from "#app/money/index.server";
import { db } from "#app/platform/db/client.server";
import { claimDueRows } from "#app/platform/db/outbox-claim.server";
import { emailOutbox, smsCredentials, smsOptOuts, smsOutbox } from "#app/platform/db/tables.server";
import { smsCallback } from "#app/platform/sms/sms-callbacks.server";
import { getSmsAccount, saveSmsCredentials } from "#app/platform/sms/sms-credentials.server";
import { deliverDueSms, enqueueSms, type SmsRow } from "#app/platform/sms/sms-outbox.server";
import { advanceClock, now, setClock } from "#app/utils/clock";
import { today } from "#app/utils/dates";
import { AT_ACCOUNT, startAfricasTalkingStandIn } from "../helpers/africas-talking";
import { book, clearOutbox, newRun } from "../helpers/delivery";
import { standInForFile } from "../helpers/stand-in-env";

const standIn = standInForFile(startAfricasTalkingStandIn, (at) => ({
  AFRICASTALKING_URL: at.url,
  AFRICASTALKING_TIMEOUT_SECONDS: "1",
  SMS_RETRY_SECONDS: "60",
}));

const ACTOR = { id: null, email: "finance@mafunzo.test", ip: "127.0.0.1", userAgent: "vitest" };
let secret = "";

beforeAll(async () => {
  await saveSmsCredentials(ACTOR, { environment: "sandbox", ...AT_ACCOUNT });
  secret = (await getSmsAccount())?.callbackSecret ?? "";
});
afterEach(() => setClock(null));

/** Posts a notification to the callback as Africa's Talking does, straight to the handler. */
const notify = (kind: string, fields: Record<string, string>, key = secret) =>
  smsCallback(
    new Request(`http://localhost/api/sms/${key}/${kind}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    }),
    key,
    kind,
  );

const rowsTo = (number: string) =>
  db().select().from(smsOutbox).where(eq(smsOutbox.toNumber, number)).orderBy(smsOutbox.createdAt);

let counter = 0;
/** A Kenyan mobile number no other test uses. */
const freshNumber = () =>
  `+2547${String(Date.now() % 1e6).padStart(6, "0")}${String(++counter % 100).padStart(2, "0")}`;

async function queueOne(to = freshNumber(), body = "Payment received: KES 45,000, receipt RCT-0042.") {
  await enqueueSms(db(), [{ to, body, kind: "test" }]);
  return to;
}

describe("the day-before reminder by SMS", () => {
  test("goes to a participant who agreed, is marked delivered by its report, and after STOP only e-mail goes", async () => {
    await clearOutbox();
    const run = await newRun({ inDays: 3, venue: "Lake Naivasha Resort" });
    await saveJoiningInstructions(ACTOR, run.id, {
      venueDetails: "Kilimanjaro Hall",
      mapUrl: "https://maps.example.com/naivasha",
      startTime: "08:30",
      timetable: "",
      whatToBring: "",
      contactName: "",
      contactPhone: "",
    });
    const phone = "0712 000 451";
    await book(run.id, [
      { name: "Amina Agreed", email: "amina.sms@example.com", phone, smsConsent: true },
      { name: "Brian Email", email: "brian.sms@example.com", phone: "0712 000 452" },
    ]);
    expect(await scheduleReminders()).toBeGreaterThan(0);
    const [queued, ...others] = await rowsTo("+254712000451");
    expect(others).toHaveLength(0);
    expect(queued?.nextAttemptAt.toISOString()).toBe(reminderDueAt(run.startDate, 1).toISOString());
    expect(await rowsTo("+254712000452")).toHaveLength(0);

    // nothing before its time, then one SMS naming the course, the day, the time, the venue and the map
    expect((await deliverDueSms()).claimed).toBe(0);
    setClock(reminderDueAt(run.startDate, 1));
    expect(await deliverDueSms()).toMatchObject({ sent: 1 });
    const sent = standIn().messages.filter((m) => m.to === "+254712000451");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.message).toMatch(
      /starts tomorrow, .* at 08:30, Lake Naivasha Resort\. Map: https:\/\/maps\.example\.com\/naivasha$/,
    );
    expect(sent[0]?.from).toBe(AT_ACCOUNT.senderId);
    const [row] = await rowsTo("+254712000451");
    expect(row).toMatchObject({ status: "sent", costE4: 8000, costCurrency: "KES", segments: 1 });

    // the delivery report marks it delivered; a later "Sent" report does not move it back
    expect(
      (
        await notify("delivery", {
          id: sent[0]?.messageId ?? "",
          status: "Success",
          phoneNumber: "+254712000451",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await notify("delivery", {
          id: sent[0]?.messageId ?? "",
          status: "Buffered",
          phoneNumber: "+254712000451",
        })
      ).status,
    ).toBe(200);
    expect((await rowsTo("+254712000451"))[0]).toMatchObject({
      status: "delivered",
      providerStatus: "Success",
    });

    // STOP: the number is out at once; the next reminder goes by e-mail only
    expect(
      (
        await notify("incoming", {
          from: "+254712000451",
          to: "22384",
          text: " stop ",
          id: "x",
          date: "d",
          linkId: "l",
        })
      ).status,
    ).toBe(200);
    const next = await newRun({ inDays: 3 });
    await book(next.id, [{ name: "Amina Again", email: "amina.sms2@example.com", phone, smsConsent: true }]);
    await scheduleReminders();
    setClock(reminderDueAt(next.startDate, 1));
    await deliverDueSms();
    const after = await rowsTo("+254712000451");
    expect(after.map((r) => r.status)).toEqual(["delivered", "cancelled"]);
    expect(standIn().messages.filter((m) => m.to === "+254712000451")).toHaveLength(1);
    const mail = await db()
      .select({ to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "run_reminder"), eq(emailOutbox.toAddress, "amina.sms2@example.com")));
    expect(mail.length).toBeGreaterThan(0);
  });
});

describe("Africa's Talking's answers", () => {
  test("an invalid number and a blacklisted one fail for good; no balance and a 5xx are tried again later", async () => {
    const invalid = await queueOne();
    standIn().next({ kind: "status", code: 403 });
    await deliverDueSms();
    expect((await rowsTo(invalid))[0]).toMatchObject({
      status: "failed",
      providerStatus: "InvalidPhoneNumber",
    });

    const blocked = await queueOne();
    standIn().next({ kind: "status", code: 406 });
    await deliverDueSms();
    expect((await rowsTo(blocked))[0]).toMatchObject({ status: "failed", providerStatus: "UserInBlacklist" });

    const broke = await queueOne();
    standIn().next({ kind: "status", code: 405 });
    await deliverDueSms();
    expect((await rowsTo(broke))[0]).toMatchObject({
      status: "pending",
      providerStatus: "InsufficientBalance",
      sendingAt: null,
    });

    const flaky = await queueOne();
    standIn().next({ kind: "http500" });
    await deliverDueSms();
    const [waiting] = await rowsTo(flaky);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting?.lastError).toContain("500");
    // tried again once the wait has passed (60 s, doubling), and taken
    advanceClock(61_000);
    await deliverDueSms();
    expect((await rowsTo(flaky))[0]).toMatchObject({ status: "sent", attempts: 2 });
    expect((await rowsTo(broke))[0]).toMatchObject({ status: "sent" });
    expect(standIn().messages.filter((m) => m.to === flaky)).toHaveLength(1);
  });

  test("a request left unanswered is failed, never sent again; a wrong API key sends nothing and waits", async () => {
    const silent = await queueOne();
    standIn().next({ kind: "timeout" });
    await deliverDueSms();
    const [row] = await rowsTo(silent);
    expect(row?.status).toBe("failed");
    expect(row?.lastError).toContain("never sent twice");

    const account = await getSmsAccount();
    await saveSmsCredentials(ACTOR, { environment: "sandbox", ...AT_ACCOUNT, apiKey: "wrong-key" });
    const refused = await queueOne();
    await deliverDueSms();
    const [waiting] = await rowsTo(refused);
    expect(waiting?.status).toBe("pending");
    expect(waiting?.lastError).toContain("Check the SMS settings");
    await saveSmsCredentials(ACTOR, { environment: "sandbox", ...AT_ACCOUNT });
    expect((await getSmsAccount())?.callbackSecret).toBe(account?.callbackSecret);
  });

  test("the API key is sealed at rest", async () => {
    const [row] = await db().select().from(smsCredentials);
    expect(row?.apiKeySealed).toMatch(/^seal1:/);
    expect(row?.apiKeySealed).not.toContain(AT_ACCOUNT.apiKey);
    expect(row?.callbackSecretSealed).toMatch(/^seal1:/);
  });
});

describe("the outbox", () => {
  test("a number that is not a mobile number of the four countries is not queued", async () => {
    expect(await enqueueSms(db(), [{ to: "020 2345678", body: "x", kind: "test" }])).toBe(0);
    expect(await enqueueSms(db(), [{ to: "+44 7700 900123", body: "x", kind: "test" }])).toBe(0);
  });

  test("two workers at once over 200 messages send each one exactly once", async () => {
    const numbers = Array.from({ length: 200 }, (_, i) => `+2567${String(10_000_000 + i).slice(-8)}`);
    await enqueueSms(
      db(),
      numbers.map((to) => ({
        to,
        body: "Your certificate is ready: https://mafunzo.test/verify/X",
        kind: "test",
      })),
    );
    const drain = async () => {
      for (;;) if ((await deliverDueSms({ limit: 20 })).claimed === 0) return;
    };
    await Promise.all([drain(), drain()]);
    const got = standIn()
      .messages.filter((m) => numbers.includes(m.to))
      .map((m) => m.to);
    expect(got).toHaveLength(200);
    expect(new Set(got).size).toBe(200);
    const rows = await db()
      .select({ status: smsOutbox.status })
      .from(smsOutbox)
      .where(inArray(smsOutbox.toNumber, numbers));
    expect(rows.every((r) => r.status === "sent")).toBe(true);
  });

  test("a process killed mid-request leaves its message failed once the lease ends, never sent again", async () => {
    const to = await queueOne();
    // a process claims it and marks it as being sent, then dies before the answer is recorded
    const [claimed] = await claimDueRows<SmsRow>(smsOutbox, 1, 60_000);
    expect(claimed?.toNumber).toBe(to);
    await db()
      .update(smsOutbox)
      .set({ sendingAt: now() })
      .where(eq(smsOutbox.id, claimed?.id as string));
    expect((await deliverDueSms()).claimed).toBe(0);
    advanceClock(61_000);
    await deliverDueSms();
    const [row] = await rowsTo(to);
    expect(row?.status).toBe("failed");
    expect(standIn().messages.filter((m) => m.to === to)).toHaveLength(0);
  });
});

describe("the callbacks", () => {
  test("refuse a wrong secret, a wrong kind, a malformed or oversized body, and never answer 5xx", async () => {
    expect(
      (await notify("delivery", { id: "a", status: "Success", phoneNumber: "+254700000000" }, "wrong"))
        .status,
    ).toBe(404);
    expect((await notify("wrong-kind", {})).status).toBe(404);
    expect((await notify("delivery", { status: "Success" })).status).toBe(400);
    expect(
      (await notify("delivery", { id: "unknown", status: "Success", phoneNumber: "+254700000000" })).status,
    ).toBe(404);
    expect((await notify("incoming", { from: "+254700000000", text: "x".repeat(9000) })).status).toBe(413);
    const json = await smsCallback(
      new Request(`http://localhost/api/sms/${secret}/delivery`, {
        method: "POST",
        body: "{}",
        headers: { "Content-Type": "application/json" },
      }),
      secret,
      "delivery",
    );
    expect(json.status).toBe(415);
  });

  test("a bulk SMS opt-out cancels what waits for the number at once", async () => {
    const to = await queueOne();
    await db()
      .update(smsOutbox)
      .set({ nextAttemptAt: new Date(now().getTime() + 3_600_000) })
      .where(eq(smsOutbox.toNumber, to));
    expect((await notify("opt-out", { senderId: AT_ACCOUNT.senderId, phoneNumber: to })).status).toBe(200);
    expect((await rowsTo(to))[0]?.status).toBe("cancelled");
    const [out] = await db().select().from(smsOptOuts).where(eq(smsOptOuts.number, to));
    expect(out?.source).toBe("provider");
    // an ordinary reply is not an opt-out
    const other = freshNumber();
    await notify("incoming", { from: other, text: "Thanks, see you tomorrow" });
    expect(await db().select().from(smsOptOuts).where(eq(smsOptOuts.number, other))).toHaveLength(0);
  });
});

describe("a data request by phone number", () => {
  test("finds the number's SMS and its STOP; erasure deletes the SMS and keeps the STOP", async () => {
    const to = "+250788123456";
    await enqueueSms(db(), [
      { to, body: "Your certificate is ready: https://mafunzo.test/verify/R1", kind: "test" },
    ]);
    await deliverDueSms();
    await notify("incoming", { from: to, text: "STOP" });
    const rwandan = readSubject("+250 788 123 456");
    if (!rwandan.ok) throw new Error("a valid number");
    const found = await findPersonalData(rwandan.subject);
    expect(found.texts.map((t) => t.status)).toEqual(["sent"]);
    expect(found.optedOut).toHaveLength(1);
    const outcome = await eraseData(ACTOR, rwandan.subject, "the person, by e-mail");
    expect(outcome.erased).toMatchObject({ textsDeleted: 1 });
    expect(outcome.kept.map((k) => k.what)).toContain("The number's request to receive no SMS (STOP)");
    expect(await rowsTo(to)).toHaveLength(0);
    expect(await db().select().from(smsOptOuts).where(eq(smsOptOuts.number, to))).toHaveLength(1);
  });
});

describe("what needs doing today", () => {
  test("lists tomorrow's reminders that did not reach the phone by SMS", async () => {
    await clearOutbox();
    const run = await newRun({ inDays: 4, venue: "Mombasa Serena" });
    await book(run.id, [
      { name: "Juma Refused", email: "juma.sms@example.com", phone: "0712 000 777", smsConsent: true },
    ]);
    await scheduleReminders();
    setClock(reminderDueAt(run.startDate, 1));
    standIn().next({ kind: "status", code: 403 });
    await deliverDueSms();
    const items = await deliveryToday({ today: today() });
    expect(items.find((item) => item.id === `sms-reminders-${run.id}`)).toMatchObject({
      count: 1,
      title: expect.stringMatching(/^reminder for tomorrow not delivered by SMS: /),
      to: expect.stringContaining(`/runs/${run.id}`),
    });
  });
});

describe("the finance overview", () => {
  test("adds up each month's SMS as Africa's Talking reported their cost", async () => {
    const month = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Africa/Nairobi",
      year: "numeric",
      month: "2-digit",
    })
      .format(now())
      .slice(0, 7);
    const before = (await getFinanceOverview()).smsCosts.find(
      (m) => m.month === month && m.currency === "KES",
    );
    // two segments: billed KES 0.80 each
    await queueOne(freshNumber(), `Certificate ready: ${"x".repeat(170)}`);
    await deliverDueSms();
    const after = (await getFinanceOverview()).smsCosts.find(
      (m) => m.month === month && m.currency === "KES",
    );
    expect(after).toMatchObject({
      messages: (before?.messages ?? 0) + 1,
      segments: (before?.segments ?? 0) + 2,
      costE4: (before?.costE4 ?? 0) + 16_000,
    });
  });
});
