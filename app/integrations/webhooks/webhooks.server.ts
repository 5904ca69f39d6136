import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db } from "#app/platform/db/client.server";
import { env } from "#app/platform/env.server";
import { logger } from "#app/platform/logger.server";
import { openText, sealText } from "#app/platform/secret.server";
import { now } from "#app/utils/clock";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../tables.server";
import type { WebhookEventType } from "./event-types";
import { newWebhookSecret, webhookHeaders } from "./signing.server";
import { refusedTarget } from "./target.server";

const HOUR = 3_600_000;
/** How long a rotated-out secret still signs (both signatures are sent meanwhile). */
export const ROTATION_OVERLAP_MS = 24 * HOUR;
/** How long a delivery is retried after it was made before it is given up as failed. */
export const RETRY_WINDOW_MS = 72 * HOUR;
/** The waits between attempts (Standard Webhooks' suggested schedule), the last repeated until the window ends. */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 2 * HOUR, 5 * HOUR, 10 * HOUR] as const;

const seal = (secret: string) => sealText("webhook-secret", secret);
const open = (sealed: string) => {
  const secret = openText("webhook-secret", sealed);
  if (!secret) throw new Error("a webhook secret no longer opens: was SESSION_SECRET changed?");
  return secret;
};

export type EndpointInput = { url: string; description: string | null; eventTypes: WebhookEventType[] };

/** Adds an endpoint and answers its secret, shown once. Answers `{ refused }` for an address it will not send to. */
export async function createWebhookEndpoint(
  actor: AuditActor,
  input: EndpointInput,
): Promise<{ refused: string } | { id: string; secret: string }> {
  const refused = await refusedTarget(input.url);
  if (refused) return { refused };
  const secret = newWebhookSecret();
  const id = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        url: input.url,
        description: input.description,
        eventTypes: [...new Set(input.eventTypes)],
        secret: seal(secret),
        createdBy: actor.id,
      })
      .returning({ id: webhookEndpoints.id });
    if (!row) throw new Error("webhook endpoint not stored");
    await recordAudit(tx, actor, {
      action: "Created webhook endpoint",
      tableName: "webhook_endpoints",
      recordId: row.id,
      newValues: { url: input.url, eventTypes: input.eventTypes },
    });
    return row.id;
  });
  return { id, secret };
}

/**
 * A new secret for an endpoint, answered once; the previous one keeps signing beside it for a day, so the
 * receiver can switch without refusing a delivery.
 */
export async function rotateWebhookSecret(actor: AuditActor, endpointId: string) {
  const secret = newWebhookSecret();
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select({ secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId))
      .for("update");
    if (!row) return null;
    await tx
      .update(webhookEndpoints)
      .set({
        secret: seal(secret),
        previousSecret: row.secret,
        previousSecretUntil: new Date(now().getTime() + ROTATION_OVERLAP_MS),
      })
      .where(eq(webhookEndpoints.id, endpointId));
    await recordAudit(tx, actor, {
      action: "Rotated webhook secret",
      tableName: "webhook_endpoints",
      recordId: endpointId,
    });
    return { secret };
  });
}

/** Stops (or resumes) deliveries to an endpoint; its log is kept. */
export async function setWebhookEndpointEnabled(actor: AuditActor, endpointId: string, enabled: boolean) {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set(
        enabled
          ? { disabledAt: null, disabledReason: null }
          : { disabledAt: now(), disabledReason: `Disabled by ${actor.email ?? "the office"}` },
      )
      .where(eq(webhookEndpoints.id, endpointId))
      .returning({ id: webhookEndpoints.id });
    if (!row) return false;
    await recordAudit(tx, actor, {
      action: enabled ? "Enabled webhook endpoint" : "Disabled webhook endpoint",
      tableName: "webhook_endpoints",
      recordId: endpointId,
    });
    return true;
  });
}

export function listWebhookEndpoints() {
  return db()
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      eventTypes: webhookEndpoints.eventTypes,
      disabledAt: webhookEndpoints.disabledAt,
      disabledReason: webhookEndpoints.disabledReason,
      previousSecretUntil: webhookEndpoints.previousSecretUntil,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

/** An endpoint's deliveries, newest first: what the log shows. */
export function webhookDeliveryLog(endpointId: string, limit = 100) {
  return db()
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      type: webhookEvents.type,
      reference: webhookEvents.reference,
      origin: webhookDeliveries.origin,
      state: webhookDeliveries.state,
      attempts: webhookDeliveries.attempts,
      lastStatus: webhookDeliveries.lastStatus,
      lastError: webhookDeliveries.lastError,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      deliveredAt: webhookDeliveries.deliveredAt,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

/** Sends one delivery's event again, as a new delivery with the same webhook-id. */
export async function resendWebhookDelivery(actor: AuditActor, deliveryId: string) {
  return db().transaction(async (tx) => {
    const [original] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    if (!original) return null;
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: original.endpointId,
        eventId: original.eventId,
        origin: "resend",
        nextAttemptAt: now(),
      })
      .returning({ id: webhookDeliveries.id });
    await recordAudit(tx, actor, {
      action: "Resent webhook delivery",
      tableName: "webhook_deliveries",
      recordId: row?.id ?? null,
      newValues: { resends: deliveryId },
    });
    return row?.id ?? null;
  });
}

/** Every event since `since` of the types the endpoint takes, delivered again in order. Answers how many. */
export async function replayWebhookEvents(actor: AuditActor, endpointId: string, since: Date) {
  return db().transaction(async (tx) => {
    const [endpoint] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    if (!endpoint) return null;
    const events = await tx
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(
        and(
          gte(webhookEvents.createdAt, since),
          inArray(webhookEvents.type, endpoint.eventTypes as WebhookEventType[]),
        ),
      )
      .orderBy(asc(webhookEvents.createdAt), asc(webhookEvents.id));
    const at = now();
    if (events.length > 0) {
      await tx.insert(webhookDeliveries).values(
        events.map((event, i) => ({
          endpointId,
          eventId: event.id,
          origin: "replay" as const,
          // in order: each a millisecond after the one before
          nextAttemptAt: new Date(at.getTime() + i),
        })),
      );
    }
    await recordAudit(tx, actor, {
      action: "Replayed webhook events",
      tableName: "webhook_endpoints",
      recordId: endpointId,
      newValues: { since: since.toISOString(), events: events.length },
    });
    return events.length;
  });
}

/** The thin body of an event: what happened and where to read it (the REST API), never the data itself. */
export function webhookBody(
  event: { id: string; type: string; resourceId: string; reference: string | null; createdAt: Date },
  publicUrl = env().PUBLIC_URL,
) {
  const api = `${publicUrl.replace(/\/$/, "")}/api/v1`;
  const item: Record<string, string> = {
    booking: `bookings/${event.reference}`,
    payment: `payments/${event.resourceId}`,
    invoice: `invoices/${event.resourceId}`,
    credit_note: `credit-notes/${event.resourceId}`,
    tax_invoice: `tax-invoices/${event.resourceId}`,
    certificate: `certificates/${event.reference}`,
  };
  const kind = event.type.split(".")[0] as string;
  return JSON.stringify({
    type: event.type,
    timestamp: event.createdAt.toISOString(),
    data: {
      id: event.resourceId,
      reference: event.reference,
      links: { self: `${api}/${item[kind]}` },
    },
  });
}

/** Makes the deliveries of events not yet fanned out: one per endpoint enabled and subscribed at that moment. */
async function fanOut(limit: number) {
  return db().transaction(async (tx) => {
    const events = await tx
      .select({ id: webhookEvents.id, type: webhookEvents.type })
      .from(webhookEvents)
      .where(isNull(webhookEvents.fannedOutAt))
      .orderBy(asc(webhookEvents.createdAt), asc(webhookEvents.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (events.length === 0) return 0;
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, eventTypes: webhookEndpoints.eventTypes })
      .from(webhookEndpoints)
      .where(isNull(webhookEndpoints.disabledAt));
    const at = now();
    const rows = events.flatMap((event, i) =>
      endpoints
        .filter((endpoint) => endpoint.eventTypes.includes(event.type))
        .map((endpoint) => ({
          endpointId: endpoint.id,
          eventId: event.id,
          nextAttemptAt: new Date(at.getTime() + i),
        })),
    );
    if (rows.length > 0) await tx.insert(webhookDeliveries).values(rows).onConflictDoNothing();
    await tx
      .update(webhookEvents)
      .set({ fannedOutAt: at })
      .where(
        inArray(
          webhookEvents.id,
          events.map((e) => e.id),
        ),
      );
    return events.length;
  });
}

type Claimed = { id: string; attempts: number; createdAt: Date; endpointId: string; eventId: string };

/** Leases due deliveries of enabled endpoints: another process skips them until the lease ends. */
async function claimDue(limit: number, leaseMs: number): Promise<Claimed[]> {
  const at = now();
  const leaseUntil = new Date(at.getTime() + leaseMs);
  return db().transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(
          eq(webhookDeliveries.state, "waiting"),
          lte(webhookDeliveries.nextAttemptAt, at),
          isNull(webhookEndpoints.disabledAt),
          sql`(${webhookDeliveries.leaseUntil} is null or ${webhookDeliveries.leaseUntil} < ${at.toISOString()})`,
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
      .limit(limit)
      .for("update", { of: webhookDeliveries, skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(webhookDeliveries)
      .set({ leaseUntil })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((d) => d.id),
        ),
      )
      .returning({
        id: webhookDeliveries.id,
        attempts: webhookDeliveries.attempts,
        createdAt: webhookDeliveries.createdAt,
        endpointId: webhookDeliveries.endpointId,
        eventId: webhookDeliveries.eventId,
      });
  });
}

/** When the attempt after `attempts` failed ones is due, or null when the three days are over. */
export function nextAttemptAfter(attempts: number, createdAt: Date, at: Date) {
  const wait = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)] as number;
  const next = new Date(at.getTime() + wait);
  return next.getTime() - createdAt.getTime() > RETRY_WINDOW_MS ? null : next;
}

type Outcome = { status: number | null; error: string | null };

async function post(url: string, headers: Record<string, string>, body: string): Promise<Outcome> {
  const refused = await refusedTarget(url);
  if (refused) return { status: null, error: refused };
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(env().WEBHOOK_TIMEOUT_SECONDS * 1000),
    });
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return { status: response.status, error: null };
    if (response.status >= 300 && response.status < 400) {
      return {
        status: response.status,
        error: `Answered a redirect (${response.status}), which is not followed`,
      };
    }
    return { status: response.status, error: `Answered ${response.status}` };
  } catch (err) {
    const timedOut = err instanceof DOMException && err.name === "TimeoutError";
    return {
      status: null,
      error: timedOut
        ? `No answer within ${env().WEBHOOK_TIMEOUT_SECONDS} seconds`
        : `Could not connect: ${(err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message}`,
    };
  }
}

async function attempt(claimed: Claimed) {
  const [found] = await db()
    .select({ endpoint: webhookEndpoints, event: webhookEvents })
    .from(webhookEndpoints)
    .innerJoin(webhookEvents, eq(webhookEvents.id, claimed.eventId))
    .where(eq(webhookEndpoints.id, claimed.endpointId));
  if (!found) throw new Error("a delivery without its endpoint or event");
  const { endpoint, event } = found;
  const at = now();
  const secrets = [open(endpoint.secret)];
  if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > at) {
    secrets.push(open(endpoint.previousSecret));
  }
  const body = webhookBody(event);
  // the event's id is the message id: a retry, a resend and a replay carry the same one (receivers dedupe on it)
  const messageId = `msg_${event.id.replaceAll("-", "")}`;
  const outcome = await post(
    endpoint.url,
    webhookHeaders(secrets, messageId, Math.floor(at.getTime() / 1000), body),
    body,
  );
  const attempts = claimed.attempts + 1;
  const done = now();
  const common = {
    attempts,
    lastStatus: outcome.status,
    lastError: outcome.error,
    lastAttemptAt: done,
    leaseUntil: null,
  };
  await db().transaction(async (tx) => {
    if (outcome.error === null) {
      await tx
        .update(webhookDeliveries)
        .set({ ...common, state: "delivered", deliveredAt: done })
        .where(eq(webhookDeliveries.id, claimed.id));
      return;
    }
    if (outcome.status === 410) {
      // the receiver says it is gone for good: stop sending to it (its waiting deliveries wait for an owner)
      await tx
        .update(webhookDeliveries)
        .set({ ...common, state: "failed" })
        .where(eq(webhookDeliveries.id, claimed.id));
      await tx
        .update(webhookEndpoints)
        .set({ disabledAt: done, disabledReason: "The receiver answered 410 Gone" })
        .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.disabledAt)));
      return;
    }
    const next = nextAttemptAfter(attempts, claimed.createdAt, done);
    await tx
      .update(webhookDeliveries)
      .set(next ? { ...common, nextAttemptAt: next } : { ...common, state: "failed" })
      .where(eq(webhookDeliveries.id, claimed.id));
  });
  if (outcome.error)
    logger.warn(
      { endpoint: endpoint.id, delivery: claimed.id, error: outcome.error },
      "webhook not delivered",
    );
}

export type WebhookPassOptions = { limit?: number; leaseMs?: number };

/** One pass of the webhook outbox: fan out new events, then attempt every due delivery once. */
export async function deliverDueWebhooks({ limit = 50, leaseMs = 60_000 }: WebhookPassOptions = {}) {
  while ((await fanOut(limit)) === limit) {
    // more events waiting: fan them out too before attempting
  }
  let attempted = 0;
  for (;;) {
    const claimed = await claimDue(limit, leaseMs);
    for (const delivery of claimed) await attempt(delivery);
    attempted += claimed.length;
    if (claimed.length < limit) return attempted;
  }
}
