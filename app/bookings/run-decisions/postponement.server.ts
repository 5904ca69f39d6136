import { eq } from "drizzle-orm";
import { courseRegistrations as r } from "#app/booking/tables.server";
import { findDeliveryRun } from "#app/delivery/index.server";
import { db } from "#app/platform/db/client.server";
import { hashToken } from "#app/staff/index.server";
import { now } from "#app/utils/clock";
import { moveParticipant } from "../run-bookings/run-roster.server";
import { postponementOffers } from "../tables.server";

// A postponed date's offer to one participant (issue 48, item 4; decision 0777): the e-mail's link opens a page
// with one button, "Move me to <next date>", which moves them through the roster's own move (their booking's
// documents follow as for any move). The token is the proof; it works once.

export type PostponementView =
  | { state: "unknown" }
  | {
      state: "open" | "moved" | "gone";
      name: string;
      courseTitle: string;
      fromDates: string;
      toDates: string;
    };

async function findOffer(token: string) {
  if (token.length > 100) return null;
  const [offer] = await db()
    .select({
      id: postponementOffers.id,
      registrationId: postponementOffers.registrationId,
      fromRunId: postponementOffers.fromRunId,
      toRunId: postponementOffers.toRunId,
      movedAt: postponementOffers.movedAt,
      name: r.name,
      email: r.email,
      runId: r.runId,
      status: r.status,
      deletedAt: r.deletedAt,
    })
    .from(postponementOffers)
    .innerJoin(r, eq(r.id, postponementOffers.registrationId))
    .where(eq(postponementOffers.tokenHash, hashToken(token)));
  return offer ?? null;
}

export async function describePostponement(token: string): Promise<PostponementView> {
  const offer = await findOffer(token);
  if (!offer) return { state: "unknown" };
  const [from, to] = [await findDeliveryRun(offer.fromRunId), await findDeliveryRun(offer.toRunId)];
  const state = offer.movedAt
    ? "moved"
    : offer.deletedAt || offer.status === "cancelled" || offer.runId !== offer.fromRunId
      ? "gone"
      : "open";
  return {
    state,
    name: offer.name,
    courseTitle: from?.courseTitle ?? "Your course",
    fromDates: from?.dates ?? "",
    toDates: to?.dates ?? "",
  };
}

export type PostponementOutcome =
  | { ok: true; message: string }
  | { ok: false; status: number; message: string };

/** The one click: moves the participant to the offered date and marks the offer used. */
export async function acceptPostponement(
  token: string,
  from: { ip: string; userAgent: string },
): Promise<PostponementOutcome> {
  const offer = await findOffer(token);
  if (!offer) return { ok: false, status: 404, message: "This link is not valid." };
  if (offer.movedAt)
    return { ok: true, message: "You have already moved to the new date: nothing more to do." };
  const actor = { id: null, email: offer.email, roles: ["participant"], ...from };
  const moved = await moveParticipant(actor, offer.fromRunId, offer.registrationId, offer.toRunId);
  if (!moved.ok) {
    return {
      ok: false,
      status: moved.status,
      message: `${moved.message} Please call the office: we will find you a place.`,
    };
  }
  await db().update(postponementOffers).set({ movedAt: now() }).where(eq(postponementOffers.id, offer.id));
  const to = await findDeliveryRun(offer.toRunId);
  return {
    ok: true,
    message: `Done: your place is now on ${to?.dates ?? "the new date"}. We will e-mail you before it starts.`,
  };
}
