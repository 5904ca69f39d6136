import { and, desc, eq, isNull } from "drizzle-orm";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createWebhookEndpoint,
  deliverDueWebhooks,
  nextAttemptAfter,
  RETRY_WINDOW_MS,
  refusedTarget,
  replayWebhookEvents,
  resendWebhookDelivery,
  rotateWebhookSecret,
  type WebhookEventType,
  webhookDeliveryLog,
} from "#app/integrations/index.server";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "#app/integrations/tables.server";
import { db } from "#app/platform/db/client.server";
import { resetEnv } from "#app/platform/env.server";
import * as webhooksRoute from "#app/routes/integrations/webhooks";
import { advanceClock, now, setClock } from "#app/utils/clock";
import { answer, signedInAdmin } from "../helpers/admin-session";
import { ACTOR, book, newRun } from "../helpers/money";
import { startWebhookReceiver } from "../helpers/webhook-receiver";

/*
 * Signed webhooks (issue 54, decisions 0820–0822), checked as a consumer checks them: a real HTTP receiver on
 * loopback, and the `standardwebhooks` library (the specification's own verifier) on what it received.
 */

let runId: string;
beforeAll(async () => {
  runId = await newRun();
  // what the template's seeding did before any endpoint existed is not delivered to the endpoints made here
  await deliverDueWebhooks();
});

const receivers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  setClock(null);
  vi.useRealTimers();
  delete process.env.WEBHOOK_PRIVATE_TARGETS;
  delete process.env.WEBHOOK_TIMEOUT_SECONDS;
  resetEnv();
  // each test's endpoints receive only that test's events
  await db()
    .update(webhookEndpoints)
    .set({ disabledAt: new Date(), disabledReason: "test over" })
    .where(isNull(webhookEndpoints.disabledAt));
  for (const receiver of receivers.splice(0)) await receiver.close();
});

async function endpointWithReceiver(eventTypes: WebhookEventType[] = ["booking.created"]) {
  const receiver = await startWebhookReceiver();
  receivers.push(receiver);
  const made = await createWebhookEndpoint(ACTOR, { url: receiver.url, description: "Ledger", eventTypes });
  if (!("secret" in made)) throw new Error(made.refused);
  return { receiver, id: made.id, secret: made.secret };
}

const verify = (secret: string, request: { headers: Record<string, string>; body: string }) =>
  new Webhook(secret).verify(request.body, request.headers) as {
    type: string;
    timestamp: string;
    data: { id: string; reference: string; links: { self: string } };
  };

describe("a booking's webhook, verified by the standardwebhooks library", () => {
  it("is signed with the endpoint's secret and carries a thin payload with the API's link", async () => {
    const { receiver, id, secret } = await endpointWithReceiver();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const { booking } = await book(runId, 1);
    expect(await deliverDueWebhooks()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const payload = verify(secret, request as never);
    expect(payload.type).toBe("booking.created");
    expect(payload.data).toEqual({
      id: booking.id,
      reference: booking.reference,
      links: { self: expect.stringMatching(new RegExp(`/api/v1/bookings/${booking.reference}$`)) },
    });
    expect(Object.keys(payload).sort()).toEqual(["data", "timestamp", "type"]);
    expect(request?.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    // another secret does not verify it, nor does an altered body
    expect(() => verify("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", request as never)).toThrow(
      WebhookVerificationError,
    );
    expect(() =>
      verify(secret, {
        headers: request?.headers ?? {},
        body: String(request?.body).replace("booking", "bookin"),
      }),
    ).toThrow(WebhookVerificationError);
    const [logged] = await webhookDeliveryLog(id);
    expect(logged).toMatchObject({
      state: "delivered",
      attempts: 1,
      lastStatus: 204,
      type: "booking.created",
    });
  });

  it("during a rotation carries two signatures, the old secret's and the new one's, each verified", async () => {
    const { receiver, id, secret: old } = await endpointWithReceiver();
    const rotated = await rotateWebhookSecret(ACTOR, id);
    if (!rotated) throw new Error("not rotated");
    await book(runId, 1);
    await deliverDueWebhooks();
    const [request] = receiver.received;
    expect(request?.headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(verify(rotated.secret, request as never).type).toBe("booking.created");
    expect(verify(old, request as never).type).toBe("booking.created");
    // a day later the old secret no longer signs
    setClock(new Date(Date.now() + 25 * 3_600_000));
    await book(runId, 1);
    await deliverDueWebhooks();
    const later = receiver.received[1];
    expect(later?.headers["webhook-signature"]?.split(" ")).toHaveLength(1);
    vi.useFakeTimers({ toFake: ["Date"], now: now() });
    expect(verify(rotated.secret, later as never).type).toBe("booking.created");
    expect(() => verify(old, later as never)).toThrow(WebhookVerificationError);
  });

  it("a resend carries the same webhook-id; a captured delivery replayed later is refused by the verifier", async () => {
    const { receiver, id, secret } = await endpointWithReceiver();
    await book(runId, 1);
    await deliverDueWebhooks();
    const [delivery] = await webhookDeliveryLog(id);
    await resendWebhookDelivery(ACTOR, delivery?.id as string);
    await deliverDueWebhooks();
    expect(receiver.received).toHaveLength(2);
    const [first, again] = receiver.received;
    expect(again?.headers["webhook-id"]).toBe(first?.headers["webhook-id"]);
    expect(verify(secret, again as never).data).toEqual(verify(secret, first as never).data);
    expect((await webhookDeliveryLog(id)).map((d) => d.origin)).toEqual(["resend", "event"]);
    // an attacker sending the captured request again six minutes later: outside the verifier's tolerance
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 6 * 60_000 });
    expect(() => verify(secret, first as never)).toThrow(/too old/i);
  });

  it("410 Gone disables the endpoint: nothing more is sent to it", async () => {
    const { receiver, id } = await endpointWithReceiver();
    receiver.answer(410);
    await book(runId, 1);
    await deliverDueWebhooks();
    const [endpoint] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(endpoint?.disabledAt).not.toBeNull();
    expect(endpoint?.disabledReason).toBe("The receiver answered 410 Gone");
    expect((await webhookDeliveryLog(id))[0]).toMatchObject({ state: "failed", lastStatus: 410 });
    await book(runId, 1);
    advanceClock(60_000);
    await deliverDueWebhooks();
    expect(receiver.received).toHaveLength(1);
  });
});

describe("the webhook outbox", () => {
  it("is never lost: a 5xx, a redirect and a timeout are retried with backoff until answered", async () => {
    process.env.WEBHOOK_TIMEOUT_SECONDS = "1";
    resetEnv();
    const { receiver, id } = await endpointWithReceiver();
    receiver.answer(503, 301, "hang");
    await book(runId, 1);
    await deliverDueWebhooks();
    let [delivery] = await webhookDeliveryLog(id);
    expect(delivery).toMatchObject({
      state: "waiting",
      attempts: 1,
      lastStatus: 503,
      lastError: "Answered 503",
    });
    // not before its time
    await deliverDueWebhooks();
    expect(receiver.received).toHaveLength(1);
    advanceClock(5_000);
    await deliverDueWebhooks();
    [delivery] = await webhookDeliveryLog(id);
    expect(delivery).toMatchObject({ attempts: 2, lastStatus: 301 });
    expect(delivery?.lastError).toMatch(/redirect \(301\), which is not followed/);
    advanceClock(5 * 60_000);
    await deliverDueWebhooks();
    [delivery] = await webhookDeliveryLog(id);
    expect(delivery).toMatchObject({
      attempts: 3,
      lastStatus: null,
      lastError: "No answer within 1 seconds",
    });
    advanceClock(30 * 60_000);
    await deliverDueWebhooks();
    [delivery] = await webhookDeliveryLog(id);
    expect(delivery).toMatchObject({ state: "delivered", attempts: 4, lastStatus: 204, lastError: null });
    expect(receiver.received).toHaveLength(4);
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
  });

  it("is never sent twice: passes running at once each take their own deliveries", async () => {
    const { receiver, id } = await endpointWithReceiver(["booking.created", "invoice.issued"]);
    for (let i = 0; i < 4; i++) await book(runId, 1);
    await Promise.all([
      deliverDueWebhooks({ limit: 2 }),
      deliverDueWebhooks({ limit: 2 }),
      deliverDueWebhooks(),
    ]);
    const log = await webhookDeliveryLog(id);
    expect(log.length).toBeGreaterThanOrEqual(4);
    expect(log.every((d) => d.state === "delivered" && d.attempts === 1)).toBe(true);
    const ids = receiver.received.map((r) => r.headers["webhook-id"]);
    expect(ids).toHaveLength(log.length);
    expect(new Set(ids).size).toBe(ids.length);
    await deliverDueWebhooks();
    expect(receiver.received).toHaveLength(log.length);
  });

  it("backs off over three days, then gives the delivery up as failed", async () => {
    const made = new Date("2026-03-02T08:00:00Z");
    const waits: number[] = [];
    let at = made;
    for (let attempts = 1; ; attempts++) {
      const next = nextAttemptAfter(attempts, made, at);
      if (!next) break;
      waits.push(next.getTime() - at.getTime());
      at = next;
    }
    expect(waits.slice(0, 6)).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000]);
    expect(at.getTime() - made.getTime()).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(at.getTime() - made.getTime()).toBeGreaterThan(RETRY_WINDOW_MS - 36_000_000);

    const { receiver, id } = await endpointWithReceiver();
    receiver.answerAlways(500);
    await book(runId, 1);
    await deliverDueWebhooks();
    for (let i = 0; i < waits.length; i++) {
      advanceClock(waits[i] as number);
      await deliverDueWebhooks();
    }
    const [delivery] = await webhookDeliveryLog(id);
    expect(delivery).toMatchObject({ state: "failed", attempts: waits.length + 1, lastStatus: 500 });
    const [endpoint] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(endpoint?.disabledAt).toBeNull();
  });

  it("replays every event of the endpoint's types since a time, in order", async () => {
    const [latest] = await db()
      .select({ at: webhookEvents.createdAt })
      .from(webhookEvents)
      .orderBy(desc(webhookEvents.createdAt))
      .limit(1);
    const since = new Date((latest?.at.getTime() ?? 0) + 1);
    const { receiver, id, secret } = await endpointWithReceiver();
    const first = await book(runId, 1);
    const second = await book(runId, 1);
    await deliverDueWebhooks();
    expect(receiver.received).toHaveLength(2);
    expect(await replayWebhookEvents(ACTOR, id, since)).toBe(2);
    await deliverDueWebhooks();
    expect(receiver.received.slice(2).map((r) => verify(secret, r).data.reference)).toEqual([
      first.booking.reference,
      second.booking.reference,
    ]);
  });

  it("records each event once, in the change's own transaction", async () => {
    const { booking } = await book(runId, 1);
    const events = await db()
      .select({ type: webhookEvents.type })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.resourceId, booking.id)));
    expect(events.map((e) => e.type)).toEqual(["booking.created"]);
    await expect(db().delete(webhookDeliveries)).rejects.toThrow();
  });
});

describe("where webhooks may go", () => {
  it("refuses private and loopback receivers when told to (production's default), and other schemes always", async () => {
    process.env.WEBHOOK_PRIVATE_TARGETS = "refuse";
    resetEnv();
    for (const url of [
      "http://127.0.0.1:8080/x",
      "http://10.0.0.5/",
      "http://169.254.169.254/",
      "http://[::1]/",
    ]) {
      expect(await refusedTarget(url)).toMatch(/private or local address/);
    }
    expect(await refusedTarget("http://93.184.215.14/hooks")).toBeNull();
    expect(await refusedTarget("ftp://example.com/")).toBe("The address must start with https://");
    const made = await createWebhookEndpoint(ACTOR, {
      url: "http://127.0.0.1:9/hooks",
      description: null,
      eventTypes: ["payment.received"],
    });
    expect(made).toEqual({
      refused: "127.0.0.1 is a private or local address: webhooks go only to addresses on the internet",
    });
  });
});

describe("the owner's webhooks page", () => {
  it("adds an endpoint with its secret shown once, and refuses a bad form or a private address, changing nothing", async () => {
    const owner = await signedInAdmin();
    const post = (form: Record<string, string | string[]>) =>
      answer(() => webhooksRoute.action(owner.args("/admin/webhooks", { form }) as never));
    const count = async () => (await db().select({ id: webhookEndpoints.id }).from(webhookEndpoints)).length;
    const before = await count();
    const noEvents = await post({ intent: "create", url: "https://crm.example.com/hooks" });
    expect(noEvents.status).toBe(400);
    expect(noEvents.data?.message).toBe("Choose at least one event");
    const badUrl = await post({ intent: "create", url: "crm.example.com", eventTypes: "booking.created" });
    expect(badUrl.data?.message).toBe("Enter the full address, starting with https://");
    process.env.WEBHOOK_PRIVATE_TARGETS = "refuse";
    resetEnv();
    const local = await post({
      intent: "create",
      url: "http://192.168.1.20/hooks",
      eventTypes: "booking.created",
    });
    expect(local.status).toBe(400);
    expect(local.data?.message).toMatch(/private or local address/);
    expect(await count()).toBe(before);
    const made = await post({
      intent: "create",
      url: "https://93.184.215.14/hooks",
      eventTypes: ["payment.received"],
    });
    expect(made.status).toBe(200);
    const secret = String((made.data?.secret as { value?: string } | undefined)?.value);
    expect(secret).toMatch(/^whsec_/);
    const listed = await answer(() => webhooksRoute.loader(owner.args("/admin/webhooks") as never));
    expect(JSON.stringify(listed.data)).toContain("https://93.184.215.14/hooks");
    expect(JSON.stringify(listed.data)).not.toContain(secret.slice(6));
    const [row] = await db()
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.url, "https://93.184.215.14/hooks"));
    expect(row?.secret).toMatch(/^seal1:/);
  });
});
