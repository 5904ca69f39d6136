import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { bookings, courseRegistrations, waitlistOffers } from "#app/booking/tables.server";
import { cancelParticipant, getBookingPage, updateSmsConsent } from "#app/bookings/index.server";
import { reminderDueAt, scheduleReminders } from "#app/delivery/testing.server";
import { db } from "#app/platform/db/client.server";
import { smsCallback } from "#app/platform/sms/sms-callbacks.server";
import { getSmsAccount, saveSmsCredentials } from "#app/platform/sms/sms-credentials.server";
import { deliverDueSms } from "#app/platform/sms/sms-outbox.server";
import {
  nameWhatsAppTemplate,
  saveWhatsAppCredentials,
} from "#app/platform/whatsapp/whatsapp-credentials.server";
import { deliverDueWhatsApp } from "#app/platform/whatsapp/whatsapp-outbox.server";
import { whatsappWebhook } from "#app/platform/whatsapp/whatsapp-webhook.server";
import * as attendancePage from "#app/routes/delivery/run-attendance";
import * as certificatesPage from "#app/routes/delivery/run-certificates";
import { courseRuns } from "#app/site/tables.server";
import { setClock } from "#app/utils/clock";
import { useTempDiskStorage } from "../helpers/admin-actions";
import { answer, signedInAdmin } from "../helpers/admin-session";
import { AT_ACCOUNT, startAfricasTalkingStandIn } from "../helpers/africas-talking";
import { afterRun, book, newRun } from "../helpers/delivery";
import { standInForFile } from "../helpers/stand-in-env";
import { signedRequest, startWhatsAppStandIn, statusPayload, WA_ACCOUNT } from "../helpers/whatsapp-cloud";

// "Your certificate is ready" and "a waiting-list seat is offered" end to end through both phone channels
// (decisions 0767, 0772, 0773): queued by the moment itself beside its e-mail, sent through the one channel
// outbox to the Africa's Talking and WhatsApp Cloud API stand-ins, marked delivered by each provider's report,
// and shown in the booking's message log.

const at = standInForFile(startAfricasTalkingStandIn, (standIn) => ({
  AFRICASTALKING_URL: standIn.url,
  AFRICASTALKING_TIMEOUT_SECONDS: "1",
  SMS_RETRY_SECONDS: "60",
}));
const wa = standInForFile(startWhatsAppStandIn, (standIn) => ({
  WHATSAPP_GRAPH_URL: standIn.url,
  WHATSAPP_TIMEOUT_SECONDS: "1",
  WHATSAPP_RETRY_SECONDS: "60",
}));

const ACTOR = { id: null, email: "owner@mafunzo.test", ip: "127.0.0.1", userAgent: "vitest" };
let store: ReturnType<typeof useTempDiskStorage>;
let secret = "";

beforeAll(async () => {
  store = useTempDiskStorage();
  await saveSmsCredentials(ACTOR, { environment: "sandbox", ...AT_ACCOUNT });
  secret = (await getSmsAccount())?.callbackSecret ?? "";
  await saveWhatsAppCredentials(ACTOR, { ...WA_ACCOUNT });
  await nameWhatsAppTemplate(ACTOR, "certificate_ready", {
    name: "mafunzo_certificate_ready",
    language: "en",
  });
  await nameWhatsAppTemplate(ACTOR, "waitlist_offer", { name: "mafunzo_waitlist_offer", language: "en" });
  await nameWhatsAppTemplate(ACTOR, "session_reminder", { name: "mafunzo_session_reminder", language: "en" });
});
afterAll(() => store.remove());
afterEach(() => setClock(null));

/** Both outboxes' passes, as the jobs run them. */
const deliverBoth = async () => ({ sms: await deliverDueSms(), whatsapp: await deliverDueWhatsApp() });

/** Each provider reports the message to `number` delivered, as it posts it; the reports are taken. */
async function reportDelivered(number: string) {
  const text = at().messages.find((m) => m.to === number);
  const template = wa().messages.find((m) => `+${m.to}` === number);
  const delivery = await smsCallback(
    new Request(`http://localhost/api/sms/${secret}/delivery`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: text?.messageId ?? "", status: "Success", phoneNumber: number }),
    }),
    secret,
    "delivery",
  );
  expect(delivery.status).toBe(200);
  const status = await whatsappWebhook(
    signedRequest(
      "http://localhost/api/whatsapp/webhook",
      statusPayload({ id: template?.id ?? "", to: template?.to ?? "" }, "delivered"),
    ),
  );
  expect(status.status).toBe(200);
  return { text, template };
}

const referenceOf = async (registrationId: string) => {
  const [row] = await db()
    .select({ reference: bookings.reference })
    .from(courseRegistrations)
    .innerJoin(bookings, eq(bookings.id, courseRegistrations.bookingId))
    .where(eq(courseRegistrations.id, registrationId));
  return row?.reference as string;
};

test("certificate ready: by SMS and as the approved template, the verify link in both, delivered and in the log", async () => {
  const admin = await signedInAdmin();
  const run = await newRun({ inDays: 2, days: 1, venue: "Kisumu Hotel" });
  await book(run.id, [
    {
      name: "Achieng Both",
      email: "achieng.both@example.com",
      phone: "0712 000 911",
      smsConsent: true,
      whatsappConsent: true,
    },
    { name: "Barasa Email", email: "barasa.email@example.com", phone: "0712 000 912" },
  ]);
  const people = await db()
    .select({ id: courseRegistrations.id, email: courseRegistrations.email })
    .from(courseRegistrations)
    .where(eq(courseRegistrations.runId, run.id));
  const params = { courseId: run.courseId, runId: run.id };
  const base = `/admin/courses/${run.courseId}/runs/${run.id}`;
  afterRun(run);
  for (const person of people) {
    const marked = await answer(() =>
      attendancePage.action(
        admin.args(
          `${base}/attendance`,
          { form: { id: person.id, day: run.startDate, present: "true" } },
          params,
        ) as never,
      ),
    );
    expect(marked.status).toBe(200);
  }
  const issued = await answer(() =>
    certificatesPage.action(
      admin.args(`${base}/certificates`, { form: { intent: "issue" } }, params) as never,
    ),
  );
  expect(issued.status).toBeLessThan(400);

  expect(await deliverBoth()).toMatchObject({ sms: { sent: 1 }, whatsapp: { sent: 1 } });
  const { text, template } = await reportDelivered("+254712000911");
  const verifyUrl = /https?:\/\/\S+\/verify\/\S+/.exec(text?.message ?? "")?.[0];
  expect(verifyUrl).toBeTruthy();
  expect(template).toMatchObject({
    name: "mafunzo_certificate_ready",
    variables: ["Strategic Planning and Performance Management", verifyUrl],
  });
  // who did not agree gets the e-mail only
  expect(at().messages.some((m) => m.to === "+254712000912")).toBe(false);
  expect(wa().messages.some((m) => m.to === "254712000912")).toBe(false);

  const achieng = people.find((p) => p.email === "achieng.both@example.com")?.id as string;
  const page = await getBookingPage(await referenceOf(achieng));
  expect(page?.texts.find((t) => t.body.includes(verifyUrl as string))).toMatchObject({
    status: "delivered",
  });
  expect(page?.whatsapp.find((m) => m.moment === "certificate_ready")).toMatchObject({
    label: "Certificate ready",
    status: "delivered",
  });
});

test("waiting-list seat offered: by SMS and as the approved template, the hold's end and link in both", async () => {
  const run = await newRun({ inDays: 30, days: 2 });
  await db().update(courseRuns).set({ capacity: 1 }).where(eq(courseRuns.id, run.id));
  await book(run.id, [{ name: "Holder Seat", email: "holder.offer@example.com" }]);
  // the contact agreed to WhatsApp on the form, and to SMS later in the portal
  await book(run.id, [{ name: "Wekesa Waiting", email: "wekesa.offer@example.com" }], "Kenya Power", {
    phone: "0712 000 913",
    whatsappConsent: true,
  });
  const [holder, waiting] = await Promise.all(
    ["holder.offer@example.com", "wekesa.offer@example.com"].map(async (email) => {
      const [row] = await db()
        .select({ id: courseRegistrations.id, bookingId: courseRegistrations.bookingId })
        .from(courseRegistrations)
        .where(eq(courseRegistrations.email, email));
      return row as { id: string; bookingId: string };
    }),
  );
  const [queued] = await db()
    .select()
    .from(bookings)
    .where(eq(bookings.id, waiting?.bookingId as string));
  expect(queued?.status).toBe("waitlisted");
  expect(
    await updateSmsConsent({ actor: ACTOR, overridesNotice: false }, waiting?.bookingId as string, true),
  ).toMatchObject({ ok: true });

  await cancelParticipant(ACTOR as never, run.id, holder?.id as string);
  const [offer] = await db().select().from(waitlistOffers).where(eq(waitlistOffers.runId, run.id));
  expect(offer?.status).toBe("open");

  expect(await deliverBoth()).toMatchObject({ sms: { sent: 1 }, whatsapp: { sent: 1 } });
  const { text, template } = await reportDelivered("+254712000913");
  const link = /https?:\/\/\S+\/register\/offer\/[\w-]+/.exec(text?.message ?? "")?.[0];
  expect(link).toBeTruthy();
  expect(template?.name).toBe("mafunzo_waitlist_offer");
  const [course, holdEnds, url] = template?.variables ?? [];
  expect(course).toBe("Strategic Planning and Performance Management");
  expect(url).toBe(link);
  // the hold's end, written the same way in both
  expect(text?.message).toContain(holdEnds);

  const page = await getBookingPage(queued?.reference as string);
  expect(page?.texts.find((t) => t.body.includes(link as string))).toMatchObject({ status: "delivered" });
  expect(page?.whatsapp.find((m) => m.moment === "waitlist_offer")).toMatchObject({
    label: "Waiting-list seat offered",
    status: "delivered",
  });
});

test("a reminder run over 200 participants: two workers at once send each one SMS and one WhatsApp message", async () => {
  const run = await newRun({ inDays: 3, days: 1, venue: "Naivasha Simba Lodge" });
  const numbers = Array.from({ length: 200 }, (_, i) => `+2547130${String(i).padStart(5, "0")}`);
  await book(
    run.id,
    numbers.map((number, i) => ({
      name: `Participant ${i + 1}`,
      email: `p${i + 1}.reminder@example.com`,
      phone: `0${number.slice(4)}`,
      smsConsent: true,
      whatsappConsent: true,
    })),
  );
  await scheduleReminders();
  setClock(reminderDueAt(run.startDate, 1));
  const drain = async (pass: () => Promise<{ claimed: number }>) => {
    for (;;) if ((await pass()).claimed === 0) return;
  };
  await Promise.all([
    drain(() => deliverDueSms({ limit: 20 })),
    drain(() => deliverDueSms({ limit: 20 })),
    drain(() => deliverDueWhatsApp({ limit: 20 })),
    drain(() => deliverDueWhatsApp({ limit: 20 })),
  ]);
  const reminders = at()
    .messages.filter((m) => numbers.includes(m.to) && m.message.includes("starts tomorrow"))
    .map((m) => m.to);
  expect(reminders).toHaveLength(200);
  expect(new Set(reminders).size).toBe(200);
  const templates = wa()
    .messages.filter((m) => numbers.includes(`+${m.to}`) && m.name === "mafunzo_session_reminder")
    .map((m) => m.to);
  expect(templates).toHaveLength(200);
  expect(new Set(templates).size).toBe(200);
}, 240_000);
