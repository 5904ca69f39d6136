import crypto from "node:crypto";
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { lapsedHolds, lockBooking, lockRunSeats, payPath, releaseSeatHold } from "#app/booking/index.server";
import { bookings, courseRegistrations, waitlistOffers } from "#app/booking/tables.server";
import { bookingInvoiceTotal } from "#app/money/index.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { moneyTransaction } from "#app/platform/db/money-transaction.server";
import { enqueueEmails } from "#app/platform/email/outbox.server";
import { env } from "#app/platform/env.server";
import { getSettings } from "#app/platform/settings/setting.server";
import { enqueueSms } from "#app/platform/sms/sms-outbox.server";
import { enqueueWhatsApp } from "#app/platform/whatsapp/whatsapp-outbox.server";
import { courseRuns, courses } from "#app/site/tables.server";
import { now } from "#app/utils/clock";
import { formatDateTime } from "#app/utils/datetime";
import { waitlistOffer } from "../emails.server";
import { waitlistOfferSms } from "./waitlist-offer-sms";

/** Offers made and expired by the system (the sweep, a cancellation's follow-on) name it as their actor. */
export const SYSTEM_ACTOR: AuditActor = {
  id: null,
  email: "system",
  ip: "server",
  userAgent: "waiting list",
};

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** Locks a run and offers its free seats to its waiting list: after seats held for a code return to everyone. */
export async function offerRunSeats(tx: Executor, runId: string) {
  const run = await lockRunSeats(tx, runId);
  return run && run.status !== "cancelled" ? offerFreeSeats(tx, run) : 0;
}

/**
 * Seats held for a code whose last day has passed are free (decision 0751): each pass marks such holds released
 * and offers their runs' free seats to the waiting lists, as when a seat frees. The runs are locked first.
 */
export async function offerLapsedHolds(limit = 50) {
  return moneyTransaction(async (tx) => {
    const lapsed = await lapsedHolds(tx, limit);
    const runIds = [...new Set(lapsed.map((hold) => hold.runId))].sort();
    for (const runId of runIds) await lockRunSeats(tx, runId);
    for (const hold of lapsed) await releaseSeatHold(tx, hold.id);
    let offered = 0;
    for (const runId of runIds) offered += await offerRunSeats(tx, runId);
    return offered;
  });
}

/**
 * Offers a run's free seats to its waiting list, first come first served: each waitlisted booking without an
 * open offer, in the order it joined, is offered its seats if they fit in what is free and not yet held.
 * The caller holds the run's lock (`lockRunSeats`), so two processes never offer the same seat.
 */
export async function offerFreeSeats(tx: Executor, run: { id: string; left: number | null }) {
  // `left` already leaves out the seats other open offers hold
  let free = run.left === null ? Number.POSITIVE_INFINITY : run.left;
  if (free < 1) return 0;
  const waiting = await tx
    .select({
      id: bookings.id,
      reference: bookings.reference,
      contactName: bookings.contactName,
      contactEmail: bookings.contactEmail,
      contactPhone: bookings.contactPhone,
      contactSmsConsentAt: bookings.contactSmsConsentAt,
      contactWhatsappConsentAt: bookings.contactWhatsappConsentAt,
      participants: bookings.participants,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.runId, run.id),
        eq(bookings.status, "waitlisted"),
        sql`not exists (select 1 from ${waitlistOffers} o where o.booking_id = ${bookings.id} and o.status = 'open')`,
      ),
    )
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
  if (waiting.length === 0) return 0;
  const [details] = await tx
    .select({ courseName: courses.title, label: courseRuns.label, startDate: courseRuns.startDate })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(eq(courseRuns.id, run.id));
  const { waitlist_offer_hours } = await getSettings(tx);
  let offered = 0;
  for (const booking of waiting) {
    if (booking.participants > free) continue;
    const token = crypto.randomBytes(32).toString("base64url");
    const expiresAt = new Date(now().getTime() + waitlist_offer_hours * 3_600_000);
    const [offer] = await tx
      .insert(waitlistOffers)
      .values({
        bookingId: booking.id,
        runId: run.id,
        tokenHash: hashToken(token),
        seats: booking.participants,
        expiresAt,
      })
      .returning({ id: waitlistOffers.id });
    const url = `${env().PUBLIC_URL}/register/offer/${token}`;
    await enqueueEmails(tx, [
      {
        to: booking.contactEmail,
        kind: "waitlist_offer",
        relatedTable: "bookings",
        relatedId: booking.id,
        ...waitlistOffer({
          name: booking.contactName,
          reference: booking.reference,
          courseName: details?.courseName ?? "your course",
          courseDate: details?.label ?? details?.startDate ?? null,
          seats: booking.participants,
          url,
          expiresAt: formatDateTime(expiresAt),
        }),
      },
    ]);
    // by SMS too to a contact who agreed to it (decision 0767): the offer's hold is short
    if (booking.contactSmsConsentAt && booking.contactPhone) {
      await enqueueSms(tx, [
        {
          to: booking.contactPhone,
          body: waitlistOfferSms({
            courseName: details?.courseName ?? "your course",
            seats: booking.participants,
            until: formatDateTime(expiresAt),
            url,
          }),
          kind: "waitlist_offer",
          relatedTable: "bookings",
          relatedId: booking.id,
        },
      ]);
    }
    // and as the approved template on WhatsApp to a contact who agreed to that (decision 0772)
    if (booking.contactWhatsappConsentAt && booking.contactPhone) {
      await enqueueWhatsApp(tx, [
        {
          to: booking.contactPhone,
          moment: "waitlist_offer",
          variables: [details?.courseName ?? "your course", formatDateTime(expiresAt), url],
          relatedTable: "bookings",
          relatedId: booking.id,
        },
      ]);
    }
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: "Created waiting-list offer",
      tableName: "waitlist_offers",
      recordId: offer?.id ?? null,
      newValues: {
        booking: booking.reference,
        seats: booking.participants,
        expires_at: expiresAt.toISOString(),
      },
    });
    free -= booking.participants;
    offered += 1;
    if (free < 1) break;
  }
  return offered;
}

/**
 * Expires offers that fell due and offers their seats to the next bookings. Each process runs this
 * periodically; `FOR UPDATE SKIP LOCKED` gives every due offer to exactly one of them.
 */
export async function sweepExpiredOffers(limit = 50) {
  return moneyTransaction(async (tx) => {
    const isDue = and(eq(waitlistOffers.status, "open"), lt(waitlistOffers.expiresAt, now()));
    // the house lock order: the runs (sorted), then the bookings, then their offers and participants
    const runs = await tx.selectDistinct({ id: waitlistOffers.runId }).from(waitlistOffers).where(isDue);
    const runIds = runs.map((run) => run.id).sort();
    if (runIds.length === 0) return 0;
    for (const runId of runIds) await lockRunSeats(tx, runId);
    const candidates = await tx
      .select({ bookingId: waitlistOffers.bookingId })
      .from(waitlistOffers)
      .where(and(isDue, inArray(waitlistOffers.runId, runIds)))
      .orderBy(asc(waitlistOffers.bookingId))
      .limit(limit);
    for (const { bookingId } of candidates) await lockBooking(tx, bookingId);
    const due = await tx
      .select({ id: waitlistOffers.id, runId: waitlistOffers.runId, bookingId: waitlistOffers.bookingId })
      .from(waitlistOffers)
      .where(
        and(
          isDue,
          inArray(
            waitlistOffers.bookingId,
            candidates.map((c) => c.bookingId),
          ),
        ),
      )
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    await tx
      .update(waitlistOffers)
      .set({ status: "expired" })
      .where(
        inArray(
          waitlistOffers.id,
          due.map((offer) => offer.id),
        ),
      );
    // an offer left unclaimed is a place declined: the booking leaves the list, its seats go to the next
    await tx
      .update(bookings)
      .set({ status: "cancelled", updatedAt: now() })
      .where(
        inArray(
          bookings.id,
          due.map((offer) => offer.bookingId),
        ),
      );
    await tx
      .update(courseRegistrations)
      .set({ status: "cancelled", updatedAt: now() })
      .where(
        and(
          inArray(
            courseRegistrations.bookingId,
            due.map((offer) => offer.bookingId),
          ),
          eq(courseRegistrations.status, "waitlisted"),
        ),
      );
    for (const offer of due) {
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: "Updated waiting-list offer: expired unclaimed",
        tableName: "waitlist_offers",
        recordId: offer.id,
        newValues: { status: "expired" },
      });
    }
    for (const runId of new Set(due.map((offer) => offer.runId))) {
      const run = await lockRunSeats(tx, runId);
      if (run) await offerFreeSeats(tx, run);
    }
    return due.length;
  });
}

/** What a claimed place leads on to: the amount, the pay page and the booking in the client's portal. */
export type ClaimedPlace = {
  /** what the invoice says (or will say); null while the price is not settled */
  amountCents: number | null;
  payPath: string;
  bookingPath: string;
};

export type OfferView =
  | { state: "unknown" }
  | {
      state: "expired" | "claimed" | "open";
      reference: string;
      courseName: string;
      seats: number;
      expiresAt: Date;
      /** set once the offer is claimed: a claim must not end on a card with nowhere to go (issue 45) */
      claimed?: ClaimedPlace;
    };

async function findOffer(tx: Executor, token: string, lock: boolean) {
  const query = tx
    .select({
      id: waitlistOffers.id,
      status: waitlistOffers.status,
      seats: waitlistOffers.seats,
      expiresAt: waitlistOffers.expiresAt,
      bookingId: waitlistOffers.bookingId,
      reference: bookings.reference,
      courseName: sql<string>`(select course_name from ${courseRegistrations} r where r.booking_id = ${bookings.id} limit 1)`,
    })
    .from(waitlistOffers)
    .innerJoin(bookings, eq(bookings.id, waitlistOffers.bookingId))
    .where(eq(waitlistOffers.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for("update", { of: waitlistOffers }) : await query;
  return row ?? null;
}

function viewOf(row: Awaited<ReturnType<typeof findOffer>>): OfferView {
  if (!row) return { state: "unknown" };
  const state = row.status === "open" && row.expiresAt < now() ? "expired" : row.status;
  return {
    state,
    reference: row.reference,
    courseName: row.courseName,
    seats: row.seats,
    expiresAt: row.expiresAt,
  };
}

async function claimedPlace(
  executor: Executor,
  row: { bookingId: string; reference: string },
): Promise<ClaimedPlace> {
  return {
    amountCents: await bookingInvoiceTotal(executor, row.bookingId),
    payPath: payPath(row.reference),
    bookingPath: `/account/bookings/${row.reference}`,
  };
}

/** What the offer link shows: the offer, or why it can no longer be claimed. */
export async function describeOffer(token: string): Promise<OfferView> {
  if (token.length > 100) return { state: "unknown" } as const;
  const row = await findOffer(db(), token, false);
  const view = viewOf(row);
  return row && view.state === "claimed" ? { ...view, claimed: await claimedPlace(db(), row) } : view;
}

/** An offer after a claim, and whether this claim is the one that took it (not one before it). */
export type ClaimOutcome = OfferView & { claimedNow: boolean };

/**
 * Claims an open offer: the booking's participants take the held seats. Claims of one offer at once queue on
 * its row lock; the first takes it, and each later one reads it claimed and says so.
 */
export async function claimOffer(token: string): Promise<ClaimOutcome> {
  if (token.length > 100) return { state: "unknown", claimedNow: false };
  return moneyTransaction(async (tx) => {
    // the booking before its offer, as a cancellation or a confirmation takes them
    const seen = await findOffer(tx, token, false);
    if (seen) await lockBooking(tx, seen.bookingId);
    const row = await findOffer(tx, token, true);
    const view = viewOf(row);
    if (!row || view.state === "unknown") return { ...view, claimedNow: false };
    if (view.state !== "open") {
      const claimed = view.state === "claimed" ? await claimedPlace(tx, row) : undefined;
      return { ...view, claimed, claimedNow: false };
    }
    await tx
      .update(waitlistOffers)
      .set({ status: "claimed", claimedAt: now() })
      .where(eq(waitlistOffers.id, row.id));
    await tx
      .update(bookings)
      .set({ status: "pending", updatedAt: now() })
      .where(eq(bookings.id, row.bookingId));
    await tx
      .update(courseRegistrations)
      .set({ status: "new", updatedAt: now() })
      .where(
        and(eq(courseRegistrations.bookingId, row.bookingId), eq(courseRegistrations.status, "waitlisted")),
      );
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: "Updated waiting-list offer: claimed",
      tableName: "waitlist_offers",
      recordId: row.id,
      newValues: { booking: row.reference, seats: row.seats },
    });
    return { ...view, state: "claimed", claimed: await claimedPlace(tx, row), claimedNow: true };
  });
}
