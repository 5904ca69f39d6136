import { and, asc, eq, sql } from "drizzle-orm";
import { runVenueHolds, venueRooms, venues } from "#app/delivery/tables.server";
import { type AuditActor, recordAudit } from "#app/platform/audit.server";
import { db, type Executor } from "#app/platform/db/client.server";
import { courseRuns } from "#app/site/tables.server";
import { now } from "#app/utils/clock";
import { formatLongDate } from "#app/utils/dates";
import { roomClashes } from "./clashes.server";
import { ROOM_LAYOUT_LABELS, type RoomInput, type RunVenueAction, type VenueInput } from "./resources";

// Venues and their rooms, and a run's hold on a room with the contract's dates (issue 48, decision 0762).

export type VenueOutcome =
  | { ok: true; message: string; id?: string }
  | { ok: false; status: number; message: string };

const refuse = (status: number, message: string): VenueOutcome => ({ ok: false, status, message });

/** Every venue with its rooms, active first, by name. */
export async function listVenues() {
  const rows = await db().select().from(venues).orderBy(asc(venues.status), asc(venues.name));
  const rooms = await db().select().from(venueRooms).orderBy(asc(venueRooms.name));
  return rows.map((venue) => ({ ...venue, rooms: rooms.filter((room) => room.venueId === venue.id) }));
}

/** Creates or updates a venue (audited); a second venue of the same name is refused. */
export async function saveVenue(actor: AuditActor, input: VenueInput): Promise<VenueOutcome> {
  return db().transaction(async (tx) => {
    const [same] = await tx
      .select({ id: venues.id })
      .from(venues)
      .where(sql`lower(${venues.name}) = lower(${input.name})`);
    if (same && same.id !== input.id) return refuse(409, `A venue called ${input.name} already exists.`);
    const values = {
      name: input.name,
      kind: input.kind,
      city: input.city,
      address: input.address,
      contact: input.contact,
      status: input.status,
    };
    if (!input.id) {
      const [row] = await tx.insert(venues).values(values).returning();
      await recordAudit(tx, actor, {
        action: "Created venue",
        tableName: "venues",
        recordId: row?.id,
        newValues: row,
      });
      return { ok: true, message: `Venue ${input.name} added.`, id: row?.id };
    }
    const [before] = await tx.select().from(venues).where(eq(venues.id, input.id)).for("update");
    if (!before) return refuse(404, "This venue is no longer there.");
    const [after] = await tx
      .update(venues)
      .set({ ...values, updatedAt: now() })
      .where(eq(venues.id, input.id))
      .returning();
    await recordAudit(tx, actor, {
      action: "Updated venue",
      tableName: "venues",
      recordId: input.id,
      oldValues: before,
      newValues: after,
    });
    return { ok: true, message: `Venue ${input.name} saved.`, id: input.id };
  });
}

/** Adds a room to a venue or changes one (audited); names are unique within a venue. */
export async function saveRoom(actor: AuditActor, venueId: string, input: RoomInput): Promise<VenueOutcome> {
  return db().transaction(async (tx) => {
    const [venue] = await tx
      .select({ id: venues.id })
      .from(venues)
      .where(eq(venues.id, venueId))
      .for("update");
    if (!venue) return refuse(404, "This venue is no longer there.");
    const [same] = await tx
      .select({ id: venueRooms.id })
      .from(venueRooms)
      .where(and(eq(venueRooms.venueId, venueId), sql`lower(${venueRooms.name}) = lower(${input.name})`));
    if (same && same.id !== input.id)
      return refuse(409, `This venue already has a room called ${input.name}.`);
    const values = {
      name: input.name,
      capacities: input.capacities,
      pricing: input.pricing,
      rate: input.rate,
      currency: input.currency,
    };
    if (!input.id) {
      const [row] = await tx
        .insert(venueRooms)
        .values({ venueId, ...values })
        .returning();
      await recordAudit(tx, actor, {
        action: "Added room",
        tableName: "venue_rooms",
        recordId: row?.id,
        newValues: row,
      });
      return { ok: true, message: `Room ${input.name} added.`, id: row?.id };
    }
    const [before] = await tx
      .select()
      .from(venueRooms)
      .where(and(eq(venueRooms.id, input.id), eq(venueRooms.venueId, venueId)))
      .for("update");
    if (!before) return refuse(404, "This room is no longer there.");
    const [after] = await tx
      .update(venueRooms)
      .set({ ...values, updatedAt: now() })
      .where(eq(venueRooms.id, input.id))
      .returning();
    await recordAudit(tx, actor, {
      action: "Updated room",
      tableName: "venue_rooms",
      recordId: input.id,
      oldValues: before,
      newValues: after,
    });
    return { ok: true, message: `Room ${input.name} saved.`, id: input.id };
  });
}

/** A run's hold with its room and venue, or null; what its page and its costs read. */
export async function findRunHold(runId: string, executor: Executor = db()) {
  const [hold] = await executor
    .select({
      runId: runVenueHolds.runId,
      roomId: runVenueHolds.roomId,
      layout: runVenueHolds.layout,
      depositDue: runVenueHolds.depositDue,
      finalNumbersDue: runVenueHolds.finalNumbersDue,
      cancellationLadder: runVenueHolds.cancellationLadder,
      roomName: venueRooms.name,
      capacities: venueRooms.capacities,
      pricing: venueRooms.pricing,
      rate: venueRooms.rate,
      currency: venueRooms.currency,
      venueId: venues.id,
      venueName: venues.name,
      city: venues.city,
    })
    .from(runVenueHolds)
    .innerJoin(venueRooms, eq(venueRooms.id, runVenueHolds.roomId))
    .innerJoin(venues, eq(venues.id, venueRooms.venueId))
    .where(eq(runVenueHolds.runId, runId));
  return hold ?? null;
}

/** The rooms of active venues, for the run page's choice. */
export async function listRoomChoices() {
  return db()
    .select({
      id: venueRooms.id,
      name: venueRooms.name,
      venueName: venues.name,
      city: venues.city,
      capacities: venueRooms.capacities,
    })
    .from(venueRooms)
    .innerJoin(venues, eq(venues.id, venueRooms.venueId))
    .where(eq(venues.status, "active"))
    .orderBy(asc(venues.name), asc(venueRooms.name));
}

/**
 * Holds a room for the run with the contract's dates, or changes the hold. Refused when another course date
 * holds the room on one of this run's session days, or when the run takes more participants than the room seats
 * in the layout. The room's row is locked first, so two holds of one room take turns.
 */
export async function holdRoom(
  actor: AuditActor,
  runId: string,
  input: Extract<RunVenueAction, { intent: "hold" }>,
): Promise<VenueOutcome> {
  return db().transaction(async (tx) => {
    const [room] = await tx
      .select({
        id: venueRooms.id,
        name: venueRooms.name,
        capacities: venueRooms.capacities,
        venue: venues.name,
        status: venues.status,
      })
      .from(venueRooms)
      .innerJoin(venues, eq(venues.id, venueRooms.venueId))
      .where(eq(venueRooms.id, input.room))
      .for("update", { of: venueRooms });
    if (room?.status !== "active") return refuse(400, "Choose a room of an active venue from the list.");
    const [run] = await tx
      .select({ capacity: courseRuns.capacity, status: courseRuns.status })
      .from(courseRuns)
      .where(eq(courseRuns.id, runId));
    if (!run || run.status === "cancelled")
      return refuse(409, "This course date is cancelled: no room can be held.");
    const label = `${room.name} (${room.venue})`;
    const layout = ROOM_LAYOUT_LABELS[input.layout].toLowerCase();
    const seats = room.capacities[input.layout];
    if (seats === undefined)
      return refuse(400, `${label} is not set out in ${layout} layout: choose another layout.`);
    if (run.capacity !== null && run.capacity > seats) {
      return refuse(
        409,
        `This course date takes ${run.capacity} participants but ${label} seats ${seats} in ${layout} layout: choose a bigger room or layout, or lower the course date's capacity.`,
      );
    }
    const clashes = await roomClashes(tx, runId, room.id);
    if (clashes.length > 0) {
      const days = clashes.map((c) => `${formatLongDate(c.date)} (${c.title})`).join(", ");
      return refuse(409, `${label} is already held on ${days}: choose another room.`);
    }
    const [before] = await tx
      .select()
      .from(runVenueHolds)
      .where(eq(runVenueHolds.runId, runId))
      .for("update");
    const values = {
      roomId: room.id,
      layout: input.layout,
      depositDue: input.depositDue,
      finalNumbersDue: input.finalNumbersDue,
      cancellationLadder: input.cancellationLadder,
      updatedBy: actor.id,
    };
    const [after] = await tx
      .insert(runVenueHolds)
      .values({ runId, ...values })
      .onConflictDoUpdate({ target: runVenueHolds.runId, set: { ...values, updatedAt: now() } })
      .returning();
    await recordAudit(tx, actor, {
      action: before ? "Changed venue hold" : "Held venue room",
      tableName: "run_venue_holds",
      recordId: runId,
      oldValues: before ?? null,
      newValues: after,
    });
    return { ok: true, message: `${label} held for this course date.` };
  });
}

/**
 * Why the run cannot take `capacity` participants in the room it holds (the room's seats in the layout), or null:
 * bookings asks before it saves a run's new capacity.
 */
export async function heldRoomRefusal(executor: Executor, runId: string, capacity: number | null) {
  if (capacity === null) return null;
  const [hold] = await executor
    .select({
      layout: runVenueHolds.layout,
      capacities: venueRooms.capacities,
      room: venueRooms.name,
      venue: venues.name,
    })
    .from(runVenueHolds)
    .innerJoin(venueRooms, eq(venueRooms.id, runVenueHolds.roomId))
    .innerJoin(venues, eq(venues.id, venueRooms.venueId))
    .where(eq(runVenueHolds.runId, runId));
  const seats = hold?.capacities[hold.layout];
  if (!hold || seats === undefined || capacity <= seats) return null;
  return `${hold.room} (${hold.venue}) seats ${seats} in ${ROOM_LAYOUT_LABELS[hold.layout].toLowerCase()} layout: a capacity of ${capacity} does not fit. Hold a bigger room first, or keep the capacity at ${seats} or below.`;
}

/** Releases the run's hold (audited with what it was). */
export async function releaseHold(actor: AuditActor, runId: string): Promise<VenueOutcome> {
  return db().transaction(async (tx) => {
    const [row] = await tx.delete(runVenueHolds).where(eq(runVenueHolds.runId, runId)).returning();
    if (!row) return refuse(409, "This course date holds no room.");
    await recordAudit(tx, actor, {
      action: "Released venue hold",
      tableName: "run_venue_holds",
      recordId: runId,
      oldValues: row,
    });
    return { ok: true, message: "Room released." };
  });
}
